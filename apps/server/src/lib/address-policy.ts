import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ADDRESS_MESSAGES } from '@relaycast/shared/messages';
import { isSpecialPurposeAddress } from './special-purpose-addresses';

/**
 * The one outbound-address policy (decision 0014): every address a user gives the server to connect to (an
 * article, an AI base URL, an RTMP destination, a Mastodon instance, a Bluesky service) must resolve to public
 * addresses only, unless the administrator sets ALLOW_PRIVATE_ADDRESSES=true. Every special-purpose range of
 * IANA's registries is refused (private, loopback, link-local, CGNAT, cloud metadata, documentation, ...). The caller
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

/**
 * True for every address inside a server's own network, or not a public unicast address at all: every entry of
 * IANA's special-purpose registries (lib/special-purpose-addresses.ts, decision 0060).
 */
export function isPrivateAddress(address: string): boolean {
  return isSpecialPurposeAddress(address);
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
