import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../lib/safe-fetch';
import { PlatformError } from './types';

export type HostResolver = (hostname: string) => Promise<string[]>;

const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((found) => found.address);

/**
 * Checks an address a user typed (a Mastodon instance, a Bluesky service) and returns its origin. http(s) only
 * (plain http only when private addresses are allowed, i.e. tests and LAN setups); unless `allowPrivate`, every
 * address the host resolves to must be public, so a user cannot make the server call into its own network.
 */
export async function checkUserGivenUrl(
  raw: string,
  allowPrivate: boolean | undefined,
  resolve: HostResolver = systemResolver,
): Promise<string> {
  const trimmed = raw.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    throw new PlatformError('refuse', `“${raw}” is not a valid address.`);
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new PlatformError('refuse', 'The address must start with https://.');
  }
  if (url.username || url.password)
    throw new PlatformError('refuse', 'The address must not contain credentials.');
  if (!allowPrivate) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : await resolve(host);
    } catch {
      throw new PlatformError('refuse', `${url.hostname} could not be found.`);
    }
    if (addresses.length === 0) throw new PlatformError('refuse', `${url.hostname} could not be found.`);
    if (addresses.some(isPrivateAddress)) {
      throw new PlatformError('refuse', `${url.hostname} is a private address; use a public server.`);
    }
  }
  return url.origin;
}
