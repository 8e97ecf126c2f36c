import { hostname as machineHostname, networkInterfaces } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env';

/**
 * Which addresses the server answers for, and which one links point at (docs/decisions/0018).
 *
 * With PUBLIC_URL set, it (and TRUSTED_ORIGINS) is the only origin accepted, as a deployment behind a domain
 * wants. With PUBLIC_URL unset, a self-hoster reaches the server on whatever address the machine has
 * (http://127.0.0.1:3000, http://192.168.1.20:3000, http://homeserver:3000): a request is same-origin when the
 * host of its Origin (or Referer) is the Host it was sent to. A browser cannot forge that pair across sites,
 * and the session cookie is bound to the host, so this refuses exactly what a cross-site form would do.
 */

type OriginRequest = Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>;

/** `protocol://host[:port]` as this request reached us (X-Forwarded-* only from TRUST_PROXY peers). */
export function requestOrigin(request: OriginRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The origin the browser says the request came from: Origin, else Referer's origin, else undefined. */
export function claimedOrigin(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const origin = request.headers.origin;
  if (origin) return origin;
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

function hostOf(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Whether a browser origin may act on this server. PUBLIC_URL set: only the configured origins. Unset: also
 * the origin whose host is the one the request was addressed to.
 */
export function isOriginAccepted(origin: string, request: OriginRequest, config: Config): boolean {
  if (config.trustedOrigins.includes(origin)) return true;
  if (config.publicUrlConfigured) return false;
  const host = hostOf(origin);
  return host !== null && host === request.host.toLowerCase();
}

/** Headers only the auth forwarder sets (plugins/auth.ts); a client's own copies are dropped. */
export const ACCEPTED_ORIGIN_HEADER = 'x-relaycast-accepted-origin';

function withPort(host: string, port: number): string[] {
  // A browser omits the default port from Host; the server may listen on 80 behind nothing.
  return port === 80 ? [host, `${host}:80`] : [`${host}:${port}`];
}

function bracketed(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

/**
 * The Host values that name this machine for certain, as Better Auth host patterns: loopback, an address of
 * one of its interfaces (read at start), or its own host name, on the port it listens on. Links in e-mails use
 * only such a host, because any client can send any Host header: a password reset requested with
 * `Host: evil.example` must not mail the victim a link to evil.example.
 */
export function ownHostPatterns(port: number): string[] {
  const names = new Set(['localhost', '127.*', '[::1]']);
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) names.add(bracketed(entry.address.toLowerCase()));
  }
  const own = machineHostname().toLowerCase();
  if (own) {
    names.add(own);
    names.add(`${own}.local`);
  }
  return [...names].flatMap((name) => withPort(name, port));
}

function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[0-9.]+');
  return new RegExp(`^${escaped}$`, 'i');
}

const ownHostMatchers = new Map<number, RegExp[]>();

/** Whether a Host header value (`name:port`) is one of ownHostPatterns(port). */
export function isOwnHost(host: string, port: number): boolean {
  let matchers = ownHostMatchers.get(port);
  if (!matchers) {
    matchers = ownHostPatterns(port).map(patternToRegExp);
    ownHostMatchers.set(port, matchers);
  }
  return matchers.some((matcher) => matcher.test(host));
}

/**
 * The base of links made for this request (password reset, sign-in links, OAuth redirects): PUBLIC_URL when
 * set; otherwise the address the request was sent to when it names this machine; otherwise the default
 * (http://localhost:PORT), which only works on the machine itself: the log tells the administrator to set
 * PUBLIC_URL.
 */
export function linkBaseUrl(request: OriginRequest, config: Config): string {
  if (config.publicUrlConfigured) return config.publicUrl;
  return isOwnHost(request.host, config.port) ? requestOrigin(request) : config.publicUrl;
}

/**
 * The host name to show the user for addresses they type elsewhere (OBS's server URL): PUBLIC_URL's when set,
 * else the one they reached us on. Shown only to the same client, so a made-up Host harms no one else.
 */
export function shownHostname(request: OriginRequest, config: Config): string {
  return new URL(config.publicUrlConfigured ? config.publicUrl : requestOrigin(request)).hostname;
}
