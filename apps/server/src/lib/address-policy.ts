import { lookup } from 'node:dns/promises';
import { BlockList, isIP, isIPv4 } from 'node:net';
import { ADDRESS_MESSAGES } from '@relaycast/shared/messages';

/**
 * The one outbound-address policy (decision 0014): every address a user gives the server to connect to (an
 * article, an AI base URL, an RTMP destination, a Mastodon instance, a Bluesky service) must resolve to public
 * addresses only, unless the administrator sets ALLOW_PRIVATE_ADDRESSES=true. Private, loopback, link-local,
 * CGNAT, cloud metadata, unspecified, multicast, documentation and reserved ranges are refused. The caller
 * connects to the address checked here (no second lookup a rebinding DNS could answer differently).
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface AddressPolicy {
  /** ALLOW_PRIVATE_ADDRESSES: the administrator lets users point the server at its own network. */
  readonly allowPrivate: boolean;
  /** Tests inject a resolver that answers without DNS. */
  readonly resolve?: Resolver;
  /**
   * Tests may count one fixture (address and port) as public; production always uses isPrivateAddress.
   * Nothing in the configuration can set this.
   */
  readonly isBlocked?: (address: string, port: number) => boolean;
  /** Tests trust their own certificate authority for TLS fixtures; certificates are always verified. */
  readonly ca?: string;
}

/** Thrown when an address falls inside the server's network; `message` is the user-facing reason. */
export class PrivateAddressError extends Error {
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(ADDRESS_MESSAGES.privateAddress(address));
    this.name = 'PrivateAddressError';
  }
}

/** Thrown when a name has no address at all; carries the DNS code so callers know nothing was sent. */
export class UnresolvableHostError extends Error {
  readonly code: string;
  constructor(
    readonly hostname: string,
    code = 'ENOTFOUND',
  ) {
    super(ADDRESS_MESSAGES.notFound(hostname));
    this.name = 'UnresolvableHostError';
    this.code = code;
  }
}

/** The two production policies: one object each, so per-policy resources (connection pools) are shared. */
const STRICT: AddressPolicy = Object.freeze({ allowPrivate: false });
const OPEN: AddressPolicy = Object.freeze({ allowPrivate: true });

export function addressPolicy(allowPrivate: boolean): AddressPolicy {
  return allowPrivate ? OPEN : STRICT;
}

const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (could reach any IPv4, private ones included)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local, incl. AWS metadata fd00:ec2::254
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 address carries: IPv4-mapped or -compatible (::ffff:7f00:1), or 6to4 (2002::/16). */
function embeddedIPv4(address: string): string | null {
  const toDotted = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');
  const mapped = /^::(?:ffff:)?(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (mapped) {
    if (mapped[1]) return mapped[1];
    return toDotted(Number.parseInt(mapped[2] ?? '0', 16), Number.parseInt(mapped[3] ?? '0', 16));
  }
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4})(?::|$)/i.exec(address);
  if (sixToFour) {
    return toDotted(Number.parseInt(sixToFour[1] ?? '0', 16), Number.parseInt(sixToFour[2] ?? '0', 16));
  }
  return null;
}

/** True for every address inside a server's own network, or not a public unicast address at all. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIPv4(bare)) return BLOCKED.check(bare, 'ipv4');
  if (isIP(bare) !== 6) return true;
  const embedded = embeddedIPv4(bare);
  if (embedded && isIPv4(embedded) && BLOCKED.check(embedded, 'ipv4')) return true;
  return BLOCKED.check(bare, 'ipv6');
}

export const systemResolver: Resolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/**
 * The host of a URL as the network sees it. http(s) URLs are already normalized by WHATWG URL (2130706433 and
 * 0x7f.1 become 127.0.0.1); other schemes (rtmp://) keep an opaque host, so it is normalized the same way here,
 * as getaddrinfo would read those forms too.
 */
export function networkHostOf(url: URL): string {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'http:' || url.protocol === 'https:' || isIP(host)) return host;
  try {
    return new URL(`http://${url.hostname}`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return host;
  }
}

/**
 * Resolves a host once and checks every address it has. Returns the address to connect to (the first one);
 * throws PrivateAddressError when any address is refused, UnresolvableHostError when there is none.
 */
export async function checkHost(
  hostname: string,
  port: number,
  policy: AddressPolicy,
): Promise<ResolvedAddress> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: bare, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (policy.resolve ?? systemResolver)(bare);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw new UnresolvableHostError(bare, typeof code === 'string' ? code : 'ENOTFOUND');
    }
  }
  const first = addresses[0];
  if (!first) throw new UnresolvableHostError(bare);
  if (!policy.allowPrivate) {
    const isBlocked = policy.isBlocked ?? isPrivateAddress;
    const refused = addresses.find(({ address }) => isBlocked(address, port));
    if (refused) throw new PrivateAddressError(bare, refused.address);
  }
  return first;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443, 'rtmp:': 1935, 'rtmps:': 443 };

/** checkHost for a whole URL (its host and port, default port by scheme). */
export function checkUrlHost(url: URL, policy: AddressPolicy): Promise<ResolvedAddress> {
  const port = url.port ? Number(url.port) : (DEFAULT_PORTS[url.protocol] ?? 0);
  return checkHost(networkHostOf(url), port, policy);
}
