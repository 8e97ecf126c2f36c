import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { workspaceMembers } from '../src/db/schema/index';
import { createTestApp, TEST_ORIGIN, type TestApp } from './test-app';

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

/** The headers of a same-origin JSON request with a session cookie, as the web app sends it. */
export function jsonHeaders(cookie: string) {
  return { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A user who signed up and signed in through the API, with a client that sends their cookie. */
export interface SignedInUser {
  name: string;
  email: string;
  password: string;
  userId: string;
  /** Their personal workspace: the session's current one until the test switches. */
  workspaceId: string;
  /** `name=value` pairs for a Cookie header. */
  cookie: string;
  /** Same-origin JSON headers with the cookie (`jsonHeaders(cookie)`). */
  headers: ReturnType<typeof jsonHeaders>;
  get(url: string): Promise<LightMyRequestResponse>;
  /** A same-origin request as the web app sends it: a JSON body when one is given. */
  send(method: Method, url: string, body?: unknown): Promise<LightMyRequestResponse>;
}

export interface NewUser {
  name?: string;
  email?: string;
  password?: string;
  /** The plan picked on the pricing page (granted without Stripe only). */
  plan?: string;
}

/**
 * The one way a server test gets a signed-in user: a new account through the sign-up and sign-in routes.
 * `const ada = await signInAsNewUser(t, { name: 'Ada Lovelace' }); await ada.send('POST', '/api/posts', input);`
 */
export async function signInAsNewUser(
  test: Pick<TestApp, 'app' | 'db'>,
  user: NewUser = {},
): Promise<SignedInUser> {
  const name = user.name ?? 'Ada Lovelace';
  const email = user.email ?? uniqueEmail();
  const password = user.password ?? 'correct-horse-battery';
  const signedUp = await postJson(test.app, '/api/auth/sign-up/email', {
    name,
    email,
    password,
    ...(user.plan ? { plan: user.plan } : {}),
  });
  expect(signedUp.statusCode, signedUp.body).toBe(200);
  const userId = signedUp.json().user.id as string;
  const signedIn = await signIn(test.app, { email, password });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  const [membership] = await test.db
    .select({ workspaceId: workspaceMembers.organizationId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, userId));
  if (!membership) throw new Error(`${email} has no workspace`);
  const cookie = cookieHeader(signedIn);
  return {
    name,
    email,
    password,
    userId,
    workspaceId: membership.workspaceId,
    cookie,
    headers: jsonHeaders(cookie),
    get: (url) => test.app.inject({ method: 'GET', url, headers: { cookie } }),
    send: (method, url, body) =>
      test.app.inject({
        method,
        url,
        headers: body === undefined ? { cookie, origin: TEST_ORIGIN } : jsonHeaders(cookie),
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
  };
}

/**
 * A test app for the whole file with users signed in on it, as most suites start: created before the first test,
 * closed after the last. Read them inside the tests (`s.t`, `s.ada`):
 *
 *   const s = useTestApp({ ada: 'Ada', bob: 'Bob' });
 *   it('keeps Bob out of Ada's posts', async () => { expect((await s.bob.get(url)).statusCode).toBe(404); });
 *
 * `create` makes another kind of app (`() => createTestApp({ config })`, `createQueryLoggedApp`).
 */
export function useTestApp<K extends string, A extends TestApp = TestApp>(
  users: Record<K, string>,
  create: () => Promise<A> = createTestApp as () => Promise<A>,
): { t: A } & Record<K, SignedInUser> {
  const file = {} as { t: A } & Record<K, SignedInUser>;
  beforeAll(async () => {
    file.t = await create();
    for (const [key, name] of Object.entries(users) as [K, string][]) {
      (file as Record<K, SignedInUser>)[key] = await signInAsNewUser(file.t, { name });
    }
  });
  afterAll(() => file.t?.close());
  return file;
}
