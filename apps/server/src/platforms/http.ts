import { PROXY_FAILURE_CODE, proxyFailureOf } from '../lib/proxy-connect';
import { SafeFetchError } from '../lib/safe-fetch';
import { type CallContext, PlatformError } from './types';

/**
 * The one way connectors talk HTTP to a platform. It maps every failure to what the caller must do
 * (PlatformError kinds): 429 and 503 → retry (with the wait the platform asked for), other 5xx and network
 * failures → retry for reads but `unknown` for calls with a side effect (the platform may have acted), 401 →
 * reauthorize, any other 4xx → refuse with the platform's own message. A connector passes `describeError` to
 * read its platform's error body (message, token errors answered with 400 or 403, and so on).
 */

export type RequestBody =
  | { json: unknown }
  | { form: Record<string, string> }
  | { raw: Uint8Array | Buffer | string; contentType: string }
  | { multipart: FormData };

export interface PlatformRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Bearer token, sent as `Authorization: Bearer …`. */
  token?: string;
  body?: RequestBody;
  /**
   * True when the call changes something at the platform (creates a post, uploads, likes). A failure after the
   * request may have been received then means `unknown`, never `retry`.
   */
  sideEffect?: boolean;
  /** Per-request time limit; default 30 s. */
  timeoutMs?: number;
}

export interface PlatformResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface ErrorDescription {
  message?: string;
  /** Overrides the kind derived from the status (e.g. a 400 `invalid_token` → 'reauthorize'). */
  kind?: PlatformError['kind'];
  platformCode?: string;
}

export type DescribeError = (status: number, body: unknown) => ErrorDescription | undefined;

const DEFAULT_TIMEOUT_MS = 30_000;

/** Wait requested by a 429/503, from the headers platforms use, in ms from `now`. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  // X: x-rate-limit-reset = epoch seconds. Mastodon: x-ratelimit-reset = ISO 8601 time. IETF draft:
  // ratelimit-reset = seconds from now.
  for (const name of ['x-rate-limit-reset', 'x-ratelimit-reset', 'ratelimit-reset', 'x-app-usage-reset']) {
    const value = headers.get(name);
    if (!value) continue;
    const number = Number(value);
    if (Number.isFinite(number)) {
      // Epoch seconds are large; a small number is seconds from now.
      return number > 1_000_000_000 ? Math.max(0, number * 1000 - now) : Math.max(0, number * 1000);
    }
    const date = Date.parse(value);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  return undefined;
}

function buildUrl(url: string, query: PlatformRequest['query']): string {
  if (!query) return url;
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) target.searchParams.set(key, String(value));
  }
  return target.toString();
}

function encodeBody(
  body: RequestBody | undefined,
  headers: Record<string, string>,
): RequestInit['body'] | undefined {
  if (!body) return undefined;
  if ('json' in body) {
    headers['content-type'] ??= 'application/json';
    return JSON.stringify(body.json);
  }
  if ('form' in body) {
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
    return new URLSearchParams(body.form).toString();
  }
  if ('multipart' in body) return body.multipart;
  headers['content-type'] ??= body.contentType;
  return body.raw as RequestInit['body'];
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || text.startsWith('{') || text.startsWith('[')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  if (type.includes('x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  return text;
}

/** Best-effort message from common error shapes (`{error: {message}}`, `{error_description}`, `{detail}`…). */
export function genericErrorMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim().slice(0, 500) || undefined;
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const error = record.error;
  if (error && typeof error === 'object') {
    const nested = genericErrorMessage(error);
    if (nested) return nested;
  }
  for (const key of ['error_description', 'message', 'detail', 'error_msg', 'title', 'error']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 500);
  }
  const errors = record.errors;
  if (Array.isArray(errors) && errors.length > 0) return genericErrorMessage(errors[0]);
  return undefined;
}

/** Network error codes that prove the request never reached the platform. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  PROXY_FAILURE_CODE,
]);

function networkErrorCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: string } })?.cause;
  return cause?.code ?? (err as { code?: string })?.code;
}

/** Sends one request to a platform; returns the parsed body of a 2xx answer, throws PlatformError otherwise. */
export async function platformRequest<T = unknown>(
  ctx: CallContext,
  request: PlatformRequest,
  describeError?: DescribeError,
): Promise<PlatformResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  const body = encodeBody(request.body, headers);
  const timeout = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, timeout]) : timeout;
  const doFetch = ctx.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(buildUrl(request.url, request.query), {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal,
    });
  } catch (err) {
    // The address policy refused the host (or a redirect hop) before anything was sent.
    if (err instanceof SafeFetchError) throw new PlatformError('refuse', err.message);
    // The account's proxy failed before the tunnel stood: nothing was sent, and nothing goes out without it.
    const proxyFailure = proxyFailureOf(err);
    if (proxyFailure) throw new PlatformError('retry', proxyFailure.message);
    const code = networkErrorCode(err);
    const certainlyNotSent = code !== undefined && NOT_SENT_CODES.has(code);
    const kind = request.sideEffect && !certainlyNotSent ? 'unknown' : 'retry';
    const reason = timeout.aborted ? 'timed out' : `failed (${code ?? (err as Error).message})`;
    throw new PlatformError(kind, `The request to the platform ${reason}.`);
  }
  let parsed: unknown;
  try {
    parsed = await readBody(response);
  } catch {
    if (response.ok) {
      // The platform acted but the answer was lost: for a side effect we cannot know its result.
      throw new PlatformError(
        request.sideEffect ? 'unknown' : 'retry',
        'The platform’s answer was cut off.',
        {
          status: response.status,
        },
      );
    }
    parsed = null;
  }
  if (response.ok) return { status: response.status, headers: response.headers, body: parsed as T };

  const described = describeError?.(response.status, parsed);
  const message =
    described?.message ?? genericErrorMessage(parsed) ?? `The platform answered ${response.status}.`;
  const details = {
    status: response.status,
    retryAfterMs: retryAfterMs(response.headers),
    platformCode: described?.platformCode,
  };
  if (described?.kind) throw new PlatformError(described.kind, message, details);
  if (response.status === 429 || response.status === 503) throw new PlatformError('retry', message, details);
  if (response.status >= 500) {
    throw new PlatformError(request.sideEffect ? 'unknown' : 'retry', message, details);
  }
  if (response.status === 401) throw new PlatformError('reauthorize', message, details);
  throw new PlatformError('refuse', message, details);
}
