import type { ApiErrorBody } from '@relaycast/shared/errors';
import { translateMessage } from '@/i18n';

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
  ) {
    super(translateMessage(message));
    this.name = 'ApiError';
    this.issues = issues?.map((issue) => ({ ...issue, message: translateMessage(issue.message) }));
  }
}

/** The one way the web app calls the API: JSON in, JSON out, errors as ApiError. */
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
  if (!response.ok) {
    const error = (body ?? {}) as Partial<ApiErrorBody>;
    throw new ApiError(
      response.status,
      error.code ?? 'HTTP_ERROR',
      error.message ?? response.statusText,
      error.issues,
    );
  }
  return body as T;
}
