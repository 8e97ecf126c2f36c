import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, isIPv4 } from 'node:net';

/**
 * Fetches a URL a user gave us (an article to read, a media file to import) without letting them reach the
 * server's own network: http and https only; every name is resolved first and refused when any of its
 * addresses is loopback, private, link-local or unspecified; the connection goes to the checked address (no
 * second lookup a rebinding DNS could answer differently); redirects are followed by hand and each hop is
 * checked again; the body is capped in size and the whole fetch in time.
 */

export type SafeFetchFailure =
  | 'invalid-url'
  | 'blocked'
  | 'too-large'
  | 'timeout'
  | 'too-many-redirects'
  | 'failed';

export class SafeFetchError extends Error {
  constructor(
    public readonly reason: SafeFetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetchOptions {
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Tests inject a resolver that answers without DNS. */
  resolve?: Resolver;
  /** Tests may widen the policy (to reach a local fixture); production uses isPrivateAddress. */
  isBlockedAddress?: (address: string) => boolean;
  signal?: AbortSignal;
  accept?: string;
}

export interface SafeFetchResponse {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

export const SAFE_FETCH_DEFAULTS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5 } as const;

const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 address (::ffff:7f00:1 is 127.0.0.1). */
function embeddedIPv4(address: string): string | null {
  const match = /^::(?:ffff:)?(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = Number.parseInt(match[2] ?? '0', 16);
  const low = Number.parseInt(match[3] ?? '0', 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Loopback, private, link-local, unspecified, multicast or reserved: nothing a public article lives on. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIPv4(bare)) return BLOCKED.check(bare, 'ipv4');
  if (isIP(bare) !== 6) return true;
  const mapped = embeddedIPv4(bare);
  if (mapped) return BLOCKED.check(mapped, 'ipv4');
  return BLOCKED.check(bare, 'ipv6');
}

const systemResolver: Resolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('invalid-url', `not a URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('invalid-url', `only http and https are allowed, not ${url.protocol}`);
  }
  if (url.username || url.password) throw new SafeFetchError('invalid-url', 'credentials in the URL');
  return url;
}

async function checkedAddress(
  url: URL,
  resolve: Resolver,
  isBlocked: (address: string) => boolean,
): Promise<ResolvedAddress> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(hostname);
  const addresses: ResolvedAddress[] = literal
    ? [{ address: hostname, family: literal === 6 ? 6 : 4 }]
    : await resolve(hostname).catch(() => {
        throw new SafeFetchError('failed', `could not resolve ${hostname}`);
      });
  if (addresses.length === 0) throw new SafeFetchError('failed', `no address for ${hostname}`);
  const blocked = addresses.find(({ address }) => isBlocked(address));
  if (blocked) throw new SafeFetchError('blocked', `${hostname} resolves to ${blocked.address}`);
  return addresses[0] as ResolvedAddress;
}

interface Hop {
  status: number;
  location: string | undefined;
  contentType: string;
  body: Buffer;
}

function requestOnce(
  url: URL,
  target: ResolvedAddress,
  options: { maxBytes: number; signal: AbortSignal; accept: string },
): Promise<Hop> {
  return new Promise((resolvePromise, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      {
        host: target.address,
        family: target.family,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        // TLS checks the certificate against the name, while the socket goes to the address we checked.
        servername: isIP(url.hostname.replace(/^\[|\]$/g, '')) ? undefined : url.hostname,
        headers: {
          host: url.host,
          accept: options.accept,
          'user-agent': 'Relaycast/1.0 (+https://github.com/relaycast)',
        },
        signal: options.signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        const contentType = String(response.headers['content-type'] ?? '');
        if (status >= 300 && status < 400 && location) {
          response.resume();
          resolvePromise({ status, location, contentType, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          response.destroy();
          reject(new SafeFetchError('too-large', `declared ${declared} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > options.maxBytes) {
            response.destroy();
            request.destroy();
            reject(new SafeFetchError('too-large', `more than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolvePromise({ status, location: undefined, contentType, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const maxBytes = options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  const resolve = options.resolve ?? systemResolver;
  const isBlocked = options.isBlockedAddress ?? isPrivateAddress;
  const deadline = AbortSignal.timeout(options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const accept = options.accept ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';

  let url = parseHttpUrl(rawUrl);
  for (let redirects = 0; ; redirects += 1) {
    try {
      const target = await checkedAddress(url, resolve, isBlocked);
      if (signal.aborted) throw signal.reason;
      const hop = await requestOnce(url, target, { maxBytes, signal, accept });
      if (hop.location !== undefined) {
        if (redirects >= maxRedirects) {
          throw new SafeFetchError('too-many-redirects', `more than ${maxRedirects} redirects`);
        }
        url = parseHttpUrl(new URL(hop.location, url).toString());
        continue;
      }
      if (hop.status < 200 || hop.status >= 300) {
        throw new SafeFetchError('failed', `HTTP ${hop.status}`);
      }
      return { url: url.toString(), status: hop.status, contentType: hop.contentType, body: hop.body };
    } catch (error) {
      if (error instanceof SafeFetchError) throw error;
      if (deadline.aborted) throw new SafeFetchError('timeout', 'the page took too long');
      if (options.signal?.aborted) throw new SafeFetchError('failed', 'cancelled');
      throw new SafeFetchError('failed', error instanceof Error ? error.message : String(error));
    }
  }
}
