import {
  FEED_MAX_BYTES,
  FEED_MAX_REDIRECTS,
  FEED_MESSAGES,
  FEED_TIMEOUT_SECONDS,
} from '@relaycast/shared/feeds';
import type { AddressPolicy } from '../../lib/address-policy';
import { createSafeFetch, readCapped, SafeFetchError } from '../../lib/safe-fetch';

/**
 * One polite fetch of a feed (docs/feeds.md, "Polite polling"): under the outbound-address policy (every redirect
 * checked again, at most FEED_MAX_REDIRECTS), capped in size and time, conditional on the ETag and Last-Modified
 * the previous answer gave (kept verbatim), without cookies, with a real User-Agent.
 */

export const FEED_USER_AGENT = 'Relaycast feed reader/1.0 (+https://github.com/relaycast)';

export type FeedFetchOutcome =
  | { kind: 'document'; xml: string; etag: string | null; lastModified: string | null }
  | { kind: 'not-modified' }
  /** `stop`: the site said the feed is gone (410); `retryAfterMs`: it asked us to wait (429, 503). */
  | { kind: 'failed'; message: string; stop?: boolean; retryAfterMs?: number };

export interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

function failureOf(error: unknown): FeedFetchOutcome {
  if (error instanceof SafeFetchError) {
    const byReason = {
      'invalid-url': FEED_MESSAGES.invalidUrl,
      blocked: FEED_MESSAGES.blocked,
      'too-large': FEED_MESSAGES.tooLarge,
      timeout: FEED_MESSAGES.timeout,
      'too-many-redirects': FEED_MESSAGES.tooManyRedirects,
      failed: FEED_MESSAGES.unreachable,
    } as const;
    return { kind: 'failed', message: byReason[error.reason] };
  }
  return { kind: 'failed', message: FEED_MESSAGES.unreachable };
}

export async function fetchFeed(
  url: string,
  validators: FeedValidators,
  policy: AddressPolicy,
): Promise<FeedFetchOutcome> {
  const doFetch = createSafeFetch(policy, { maxRedirects: FEED_MAX_REDIRECTS });
  const deadline = AbortSignal.timeout(FEED_TIMEOUT_SECONDS * 1000);
  const headers: Record<string, string> = {
    accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
    'accept-encoding': 'gzip, deflate',
    'user-agent': FEED_USER_AGENT,
  };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  try {
    const response = await doFetch(url, { headers, signal: deadline });
    if (response.status === 304) {
      await response.body?.cancel();
      return { kind: 'not-modified' };
    }
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel();
      if (response.status === 410) return { kind: 'failed', message: FEED_MESSAGES.gone, stop: true };
      if (response.status === 429 || response.status === 503) {
        const wait = retryAfterMs(response.headers.get('retry-after'));
        return {
          kind: 'failed',
          message: response.status === 429 ? FEED_MESSAGES.rateLimited : FEED_MESSAGES.httpStatus(503),
          ...(wait !== null ? { retryAfterMs: wait } : {}),
        };
      }
      return { kind: 'failed', message: FEED_MESSAGES.httpStatus(response.status) };
    }
    const body = await readCapped(response, FEED_MAX_BYTES);
    return {
      kind: 'document',
      xml: body.toString('utf8'),
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified'),
    };
  } catch (error) {
    if (deadline.aborted) return { kind: 'failed', message: FEED_MESSAGES.timeout };
    return failureOf(error);
  }
}
