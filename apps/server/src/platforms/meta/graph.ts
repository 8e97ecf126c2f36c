import { type ErrorDescription, type PlatformRequest, type PlatformResponse, platformRequest } from '../http';
import { sleep } from '../media';
import { type CallContext, PlatformError, type RecentPost } from '../types';

/**
 * What the three Meta connectors (Facebook Pages, Instagram, Threads) share: reading the Graph API's error body,
 * the rate-limit headers Meta sends instead of Retry-After, and polling a media container until it is ready.
 */

/** Graph API version used for graph.facebook.com and the Facebook Login dialog. */
export const GRAPH_VERSION = 'v23.0';

interface GraphErrorBody {
  error?: {
    message?: string;
    type?: string;
    code?: number;
    error_subcode?: number;
    error_user_title?: string;
    error_user_msg?: string;
  };
}

/** Throttling codes: app (4), user (17), page (32), action-specific (613), business use case (80001–80014). */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
/** Expired or invalid token (190), session (102), and missing or revoked permissions (10, 200–299). */
function isTokenOrPermissionCode(code: number): boolean {
  return code === 190 || code === 102 || code === 10 || (code >= 200 && code <= 299);
}

/**
 * Maps a Graph API error body (`{ error: { message, type, code, error_subcode, error_user_msg } }`) to a kind.
 * `type: 'OAuthException'` alone is not a token error (Meta also sends it with code 100, invalid parameter), so the
 * decision rests on the code, and on HTTP 401.
 */
export function describeGraphError(status: number, body: unknown): ErrorDescription | undefined {
  const error = (body as GraphErrorBody | null)?.error;
  if (!error || typeof error !== 'object') return undefined;
  const code = typeof error.code === 'number' ? error.code : undefined;
  const message = (error.error_user_msg || error.message || '').trim() || undefined;
  const platformCode =
    code === undefined ? undefined : `${code}${error.error_subcode ? `/${error.error_subcode}` : ''}`;
  if (code !== undefined && (RATE_LIMIT_CODES.has(code) || (code >= 80001 && code <= 80014))) {
    return { kind: 'retry', message, platformCode };
  }
  if (code !== undefined && isTokenOrPermissionCode(code))
    return { kind: 'reauthorize', message, platformCode };
  if (status === 401) return { kind: 'reauthorize', message, platformCode };
  return { message, platformCode };
}

/**
 * When Meta allows calls again, from `X-Business-Use-Case-Usage` / `X-App-Usage`-style headers:
 * `{ "<id>": [{ "estimated_time_to_regain_access": <minutes>, … }] }`.
 */
export function metaRetryAfterMs(headers: Headers): number | undefined {
  for (const name of ['x-business-use-case-usage', 'x-ad-account-usage', 'x-app-usage']) {
    const value = headers.get(name);
    if (!value) continue;
    try {
      const parsed = JSON.parse(value) as unknown;
      // Either one usage object, a list of them, or lists keyed by business / page id.
      const entries: unknown[] = Array.isArray(parsed)
        ? parsed
        : [
            parsed,
            ...Object.values(parsed as Record<string, unknown>).flatMap((v) => (Array.isArray(v) ? v : [v])),
          ];
      const minutes = entries
        .map((entry) =>
          Number((entry as { estimated_time_to_regain_access?: unknown })?.estimated_time_to_regain_access),
        )
        .filter((m) => Number.isFinite(m) && m > 0);
      if (minutes.length > 0) return Math.max(...minutes) * 60_000;
    } catch {
      // A malformed header gives no wait.
    }
  }
  return undefined;
}

/**
 * `platformRequest` for Graph-style APIs: Meta's error body, and the wait from its usage headers when a throttled
 * answer carries no Retry-After.
 */
export async function graphRequest<T>(
  ctx: CallContext,
  request: PlatformRequest,
): Promise<PlatformResponse<T>> {
  let lastHeaders: Headers | undefined;
  const doFetch = ctx.fetch ?? fetch;
  const recording: typeof fetch = async (input, init) => {
    const response = await doFetch(input, init);
    lastHeaders = response.headers;
    return response;
  };
  try {
    return await platformRequest<T>({ ...ctx, fetch: recording }, request, describeGraphError);
  } catch (err) {
    if (
      err instanceof PlatformError &&
      err.kind === 'retry' &&
      err.details.retryAfterMs === undefined &&
      lastHeaders
    ) {
      const wait = metaRetryAfterMs(lastHeaders);
      if (wait !== undefined)
        throw new PlatformError('retry', err.message, { ...err.details, retryAfterMs: wait });
    }
    throw err;
  }
}

export interface PollOptions {
  /** First wait between status reads; doubles up to `maxIntervalMs`. */
  intervalMs: number;
  maxIntervalMs: number;
  /** Give up after this long. */
  timeoutMs: number;
}

export const DEFAULT_POLL: PollOptions = { intervalMs: 1_000, maxIntervalMs: 10_000, timeoutMs: 10 * 60_000 };

/**
 * Reads `check()` until it says `done`; `failed` becomes a refusal with the platform's reason. Running out of time
 * means the media was never published, so trying again later is safe.
 */
export async function pollUntil(
  ctx: CallContext,
  options: PollOptions,
  check: () => Promise<{ state: 'done' } | { state: 'pending' } | { state: 'failed'; reason: string }>,
  what: string,
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let interval = options.intervalMs;
  for (;;) {
    const result = await check();
    if (result.state === 'done') return;
    if (result.state === 'failed') throw new PlatformError('refuse', result.reason);
    if (Date.now() + interval > deadline) {
      throw new PlatformError(
        'retry',
        `The platform was still processing the ${what}; it was not published.`,
      );
    }
    await sleep(interval, ctx.signal).catch(() => {
      throw new PlatformError('retry', 'The publish was interrupted before it was sent.');
    });
    interval = Math.min(interval * 2, options.maxIntervalMs);
  }
}

/**
 * A published object's `permalink` field, or undefined when the read fails or the field is absent: the post is
 * live either way, so a failed permalink read must not turn it into a failure.
 */
export async function graphPermalink(
  ctx: CallContext,
  url: string,
  token: string,
): Promise<string | undefined> {
  try {
    const answer = await graphRequest<{ permalink?: string }>(ctx, {
      url,
      token,
      query: { fields: 'permalink' },
    });
    return answer.body.permalink || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Recent posts from a Graph edge (`/{id}/media`, `/{id}/threads`, `/{id}/posts`): at most 50 since `since`, mapped
 * with `toPost`, newest first. The edge's timestamps have whole seconds, so `since` is compared to the second.
 */
export async function listGraphPosts<T>(
  ctx: CallContext,
  edge: { url: string; token: string; fields: string },
  since: Date,
  toPost: (item: T) => RecentPost,
): Promise<RecentPost[]> {
  const answer = await graphRequest<{ data?: T[] }>(ctx, {
    url: edge.url,
    token: edge.token,
    query: { fields: edge.fields, since: Math.floor(since.getTime() / 1000), limit: 50 },
  });
  const sinceSecond = Math.floor(since.getTime() / 1000) * 1000;
  return (answer.body.data ?? [])
    .map(toPost)
    .filter((post) => post.createdAt.getTime() >= sinceSecond)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/**
 * Creates a media container on a Graph edge (`/{id}/media`, `/{id}/threads`) and returns its id. Nothing is visible
 * until the container is published, so a lost answer here is safe to retry.
 */
export async function createGraphContainer(
  ctx: CallContext,
  url: string,
  token: string,
  fields: Record<string, unknown>,
): Promise<string> {
  const answer = await graphRequest<{ id: string }>(ctx, {
    method: 'POST',
    url,
    token,
    body: { json: fields },
    timeoutMs: 60_000,
  });
  return answer.body.id;
}

/** Publishes a ready container (`/{id}/media_publish`, `/{id}/threads_publish`); returns the published post's id. */
export async function publishGraphContainer(
  ctx: CallContext,
  url: string,
  token: string,
  containerId: string,
): Promise<string> {
  const published = await graphRequest<{ id: string }>(ctx, {
    method: 'POST',
    url,
    token,
    body: { json: { creation_id: containerId } },
    sideEffect: true,
  });
  return published.body.id;
}

/**
 * Comments as the Page or the Instagram account on its own post (`POST /{object-id}/comments {message}`): the
 * first comment (docs/alt-text-and-first-comment.md).
 */
export async function graphComment(
  ctx: CallContext,
  objectUrl: string,
  token: string,
  text: string,
): Promise<{ platformCommentId: string }> {
  const { body } = await graphRequest<{ id?: string }>(ctx, {
    method: 'POST',
    url: `${objectUrl}/comments`,
    token,
    body: { json: { message: text } },
  });
  if (!body.id) throw new PlatformError('unknown', 'The platform did not return the comment’s id.');
  return { platformCommentId: body.id };
}
