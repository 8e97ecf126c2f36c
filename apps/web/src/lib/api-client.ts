import type { ApiErrorBody } from '@relaycast/shared/messages';

/** A failed API call, carrying the server's `{ code, message }`. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly issues: ApiErrorBody['issues'] = [],
  ) {
    super(message);
    this.name = 'ApiError';
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
