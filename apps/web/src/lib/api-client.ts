import type { ApiErrorBody } from '@relaycast/shared/errors';
import { GENERIC_MESSAGES } from '@relaycast/shared/messages';
import { translateMessage } from '@/i18n';
import { reportUnauthorized } from './session-expiry';

/**
 * A failed API call, carrying the server's `{ code, message }`. The message (what every toast and alert
 * shows) and the field issues' messages are in the interface's language: the server writes them in English
 * and the `messages` catalog translates them (English stays exactly as the server wrote it).
 */
export class ApiError extends Error {
  public readonly issues: ApiErrorBody['issues'];

  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    issues: ApiErrorBody['issues'] = [],
    /** The request's address: tells an ended session's 401 from a refused sign-in's. */
    public readonly path = '',
  ) {
    super(translateMessage(message));
    this.name = 'ApiError';
    this.issues = issues?.map((issue) => ({ ...issue, message: translateMessage(issue.message) }));
  }
}

/**
 * The one way the web app calls the API: JSON in, JSON out, errors as ApiError; a 401 of the signed-in app
 * ends the session on this page too (lib/session-expiry.ts).
 */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const response = await fetch(path, {
    credentials: 'include',
    ...rest,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await response.text();
  const body = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) throw toApiError(path, response.status, body, response.statusText);
  return body as T;
}

/**
 * The ApiError of a refused request to `path`, from its JSON body (if any): every request of the app, fetch or
 * XHR, turns a refusal into one this way, so a 401 that ends the session is noticed whichever made it.
 */
export function toApiError(path: string, status: number, body: unknown, statusText: string): ApiError {
  if (status === 401) reportUnauthorized(path);
  const error = (body ?? {}) as Partial<ApiErrorBody>;
  return new ApiError(status, error.code ?? 'HTTP_ERROR', error.message ?? statusText, error.issues, path);
}

/**
 * A long request with progress (docs/decisions/0083-bulk-import.md, "Progress for large files"): asked with
 * `Accept: application/x-ndjson`, the server answers a stream of `{ type: 'progress', … }` lines, each handed to
 * `onProgress`, ending with `{ type: 'result', status, body }`, returned or thrown as `apiFetch` would. A server
 * that answers plain JSON (an error before the work began) is read as `apiFetch` reads it.
 */
export async function apiFetchWithProgress<T, P>(
  path: string,
  init: RequestInit & { json?: unknown },
  onProgress: (progress: P) => void,
): Promise<T> {
  const { json, headers, ...rest } = init;
  const response = await fetch(path, {
    credentials: 'include',
    ...rest,
    headers: {
      accept: 'application/x-ndjson',
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const isStream = (response.headers.get('content-type') ?? '').includes('application/x-ndjson');
  if (!isStream || !response.body) {
    const text = await response.text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    if (!response.ok) throw toApiError(path, response.status, body, response.statusText);
    return body as T;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffered += value ?? '';
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      const message = JSON.parse(line) as { type: string; status?: number; body?: unknown } & P;
      if (message.type === 'progress') onProgress(message);
      else if (message.type === 'result') {
        const status = message.status ?? 500;
        if (status >= 400) throw toApiError(path, status, message.body, '');
        return message.body as T;
      }
    }
    // The connection closed before the result: the server's outcome is unknown here.
    if (done) throw toApiError(path, 502, { code: 'STREAM_ENDED', message: GENERIC_MESSAGES.internal }, '');
  }
}
