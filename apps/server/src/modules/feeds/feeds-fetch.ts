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
  /** `text`: the document decoded in its own character set (`decodeFeedBody`). */
  | { kind: 'document'; text: string; etag: string | null; lastModified: string | null }
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

/** A character set's label, as a header or an XML declaration writes it. */
const LABEL = `["']?([A-Za-z0-9._:-]+)`;

/**
 * The feed's bytes as text, in the character set they are written in: a byte-order mark first, then the
 * Content-Type's `charset`, then the XML declaration's `encoding`, else UTF-8 (JSON Feed is UTF-8). Labels are
 * the WHATWG Encoding Standard's (`iso-8859-1` reads as windows-1252, as browsers do); an unknown one reads as UTF-8.
 */
export function decodeFeedBody(body: Buffer, contentType: string | null): string {
  const decode = (label: string) => {
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      return new TextDecoder('utf-8').decode(body);
    }
  };
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return decode('utf-8');
  if (body[0] === 0xff && body[1] === 0xfe) return decode('utf-16le');
  if (body[0] === 0xfe && body[1] === 0xff) return decode('utf-16be');
  const fromHeader = new RegExp(`;\\s*charset\\s*=\\s*${LABEL}`, 'i').exec(contentType ?? '')?.[1];
  if (fromHeader) return decode(fromHeader);
  const head = body.subarray(0, 256).toString('latin1');
  const fromDeclaration = new RegExp(`^\\s*<\\?xml[^>]*?\\bencoding\\s*=\\s*${LABEL}`, 'i').exec(head)?.[1];
  return decode(fromDeclaration ?? 'utf-8');
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
    accept:
      'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5',
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
      text: decodeFeedBody(body, response.headers.get('content-type')),
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified'),
    };
  } catch (error) {
    if (deadline.aborted) return { kind: 'failed', message: FEED_MESSAGES.timeout };
    return failureOf(error);
  }
}
