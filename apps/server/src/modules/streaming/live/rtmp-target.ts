/**
 * A destination's RTMP URL taken apart the way ffmpeg reads it (libavformat/rtmpproto.c), for the push through
 * an account's proxy (docs/decisions/0099-live-streams-through-proxies.md): ffmpeg connects to the local bridge
 * with the same path and query (so it derives the same app and stream key), and `-rtmp_tcurl` carries the tcUrl
 * ffmpeg would have sent to the platform itself, so the ingest server sees its own address.
 */

export interface RtmpTarget {
  secure: boolean;
  /** The ingest host as written (no brackets): what the proxy connects to and, for rtmps, the TLS name. */
  host: string;
  port: number;
  /** `rtmp[s]://host:port/app`, as ffmpeg builds it by default. */
  tcUrl: string;
  /** The URL ffmpeg pushes to instead: the same user, path and query on the bridge's loopback port. */
  localUrl(bridgePort: number): string;
}

const URL_PATTERN = /^(rtmps?):\/\/(?:([^@/?#]*)@)?(\[[^\]]+\]|[^:/?#]+)(?::(\d+))?([/?][^#]*)?$/i;

/** The RTMP "app" ffmpeg derives from a URL's path (query included), rtmpproto.c's rules. */
export function rtmpAppOf(path: string): string {
  const qmark = path.indexOf('?');
  if (qmark !== -1 && path.indexOf('slist=', qmark) !== -1) return path.slice(1, qmark);
  if (path.startsWith('/ondemand/')) return 'ondemand';
  const next = path.slice(1);
  const slash = next.indexOf('/');
  if (slash === -1) return next;
  const p = slash + 1; // index in `path`
  const colon = path.indexOf(':', p + 1);
  const second = path.indexOf('/', p + 1);
  if (second === -1 || (colon !== -1 && colon < second)) return path.slice(1, p);
  return path.slice(1, second);
}

/** Null for a URL that is not rtmp:// or rtmps:// with a host (the destination form refuses those). */
export function rtmpTargetOf(destinationUrl: string): RtmpTarget | null {
  const match = URL_PATTERN.exec(destinationUrl);
  if (!match) return null;
  const [, scheme = 'rtmp', userinfo, rawHost = '', rawPort, rest = ''] = match;
  const secure = scheme.toLowerCase() === 'rtmps';
  const port = rawPort ? Number(rawPort) : secure ? 443 : 1935;
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return null;
  const host = rawHost.replace(/^\[|\]$/g, '');
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  return {
    secure,
    host,
    port,
    tcUrl: `${secure ? 'rtmps' : 'rtmp'}://${hostInUrl}:${port}/${rtmpAppOf(rest)}`,
    localUrl: (bridgePort) => `rtmp://${userinfo ? `${userinfo}@` : ''}127.0.0.1:${bridgePort}${rest}`,
  };
}
