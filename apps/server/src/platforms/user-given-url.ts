import {
  type AddressPolicy,
  addressPolicy,
  checkUrlHost,
  PrivateAddressError,
  UnresolvableHostError,
} from '../lib/address-policy';
import { createSafeFetch, isSafeFetch } from '../lib/safe-fetch';
import { type CallContext, PlatformError } from './types';

/**
 * Checks an address a user typed (a Mastodon instance, a Bluesky service) and returns its origin. http(s) only
 * (plain http only when private addresses are allowed, i.e. tests and LAN setups); under the address policy
 * (lib/address-policy.ts) every address the host resolves to must be public. This is the early, friendly
 * refusal; the requests themselves go through userHostContext, which checks again at connection time.
 */
export async function checkUserGivenUrl(
  raw: string,
  policy: AddressPolicy = addressPolicy(false),
): Promise<string> {
  const trimmed = raw.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    throw new PlatformError('refuse', `“${raw}” is not a valid address.`);
  }
  if (url.protocol !== 'https:' && !(policy.allowPrivate && url.protocol === 'http:')) {
    throw new PlatformError('refuse', 'The address must start with https://.');
  }
  if (url.username || url.password)
    throw new PlatformError('refuse', 'The address must not contain credentials.');
  if (!policy.allowPrivate) {
    try {
      await checkUrlHost(url, policy);
    } catch (error) {
      if (error instanceof PrivateAddressError) throw new PlatformError('refuse', error.message);
      if (error instanceof UnresolvableHostError) {
        throw new PlatformError('refuse', `${url.hostname} could not be found.`);
      }
      throw error;
    }
  }
  return url.origin;
}

/**
 * The call context of a connector whose hosts come from users: every request goes through the safe fetch of
 * the address policy (resolve once, connect to the checked address, redirects of GETs re-checked, redirects
 * of POSTs not followed). The connector's configured URLs (<PLATFORM>_BASE_URL, set by the administrator)
 * are trusted, like AI_BASE_URL.
 */
export function userHostContext(ctx: CallContext): CallContext {
  // An account's proxy is its only way out (its own host passed the address policy): never bypassed.
  if (isSafeFetch(ctx.fetch) || ctx.viaProxy) return ctx;
  const trustedOrigins = Object.values(ctx.settings.urls).map((url) => new URL(url).origin);
  return {
    ...ctx,
    fetch: createSafeFetch(ctx.settings.addressPolicy ?? addressPolicy(false), { trustedOrigins }),
  };
}

/**
 * Wraps every operation of a connector (or its engagement operations) so its first argument, the call
 * context, is a userHostContext. Applied where Mastodon and Bluesky define their connectors, so no caller
 * can reach them with a plain fetch.
 */
export function withUserGivenHosts<T extends object>(operations: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(operations)) {
    wrapped[name] =
      typeof value === 'function'
        ? (ctx: CallContext, ...rest: unknown[]) => value.call(wrapped, userHostContext(ctx), ...rest)
        : value;
  }
  return wrapped as T;
}
