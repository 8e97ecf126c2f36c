import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TEST_ORIGIN } from './test-app';

/** Sends a JSON POST the way the web app does (same-origin, with the Origin header a browser adds). */
export function postJson(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...headers },
  });
}

export function signUp(
  app: FastifyInstance,
  body: { name?: string; email?: string; password?: string; referralCode?: string },
) {
  return postJson(app, '/api/auth/sign-up/email', body);
}

export function signIn(
  app: FastifyInstance,
  body: { email: string; password: string },
  headers: Record<string, string> = {},
) {
  return postJson(app, '/api/auth/sign-in/email', body, headers);
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieHeader(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((cookie) => cookie.split(';')[0]).join('; ');
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}
