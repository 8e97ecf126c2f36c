import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, postJson, signIn, signUp, uniqueEmail } from '../../../test/auth-requests';
import { linkInMailTo } from '../../../test/outbox';
import { createTwoTestApps, type TestApp } from '../../../test/test-app';
import { loginFailures } from '../../db/schema/index';

/**
 * Per docs/decisions/0018-origins-sign-in-hardening.md: the lock-out holds under any concurrency (the count is taken before the password is
 * checked, under a lock per e-mail), and an attacker cannot lock the owner out: a device that signed in before
 * has its own count, and a one-time e-mailed link always gets the owner in.
 */

let first: TestApp;
let second: TestApp;
let servers: Awaited<ReturnType<typeof createTwoTestApps>>;

beforeAll(async () => {
  servers = await createTwoTestApps();
  ({ first, second } = servers);
});
afterAll(async () => {
  await servers.close();
});

async function newAccount(prefix: string) {
  const email = uniqueEmail(prefix);
  expect((await signUp(first.app, { name: 'Owner', email, password: 'right-password' })).statusCode).toBe(
    200,
  );
  return email;
}

describe('the sign-in lock-out', () => {
  it('lets at most 5 passwords be tried when 50 sign-ins for one e-mail race over two servers', async () => {
    const email = await newAccount('race');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        signIn((i % 2 === 0 ? first : second).app, {
          email,
          password: i === 39 ? 'right-password' : `wrong-${i}`,
        }),
      ),
    );
    const statuses = results.map((res) => res.statusCode);
    const checked = statuses.filter((status) => status === 401 || status === 200);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(45);
    expect(statuses.every((status) => [200, 401, 429].includes(status))).toBe(true);
    // Exactly the tried passwords are counted: no reservation is left behind by a refused request.
    const rows = await first.db.select().from(loginFailures).where(eq(loginFailures.email, email));
    expect(rows.length).toBe(statuses.filter((status) => status === 401).length);
  });

  it('keeps a device that signed in before usable while guesses from elsewhere lock the account', async () => {
    const email = await newAccount('device');
    const ok = await signIn(first.app, { email, password: 'right-password' });
    expect(ok.statusCode).toBe(200);
    const deviceCookie = cookieHeader(ok)
      .split('; ')
      .find((pair) => pair.startsWith('relaycast.known_device='));
    expect(deviceCookie).toBeDefined();

    for (let i = 0; i < 5; i++) {
      expect((await signIn(first.app, { email, password: `guess-${i}` })).statusCode).toBe(401);
    }
    // The attacker (no device cookie) is locked out, even with the right password…
    expect((await signIn(first.app, { email, password: 'right-password' })).statusCode).toBe(429);
    // …and the owner's device is not.
    const owner = await signIn(first.app, { email, password: 'right-password' }, { cookie: deviceCookie! });
    expect(owner.statusCode).toBe(200);
    expect(cookieHeader(owner)).toContain('session_token');
  });

  it('does not accept a device cookie issued for another account or tampered with', async () => {
    const email = await newAccount('forged');
    const otherEmail = await newAccount('forged-other');
    const other = await signIn(first.app, { email: otherEmail, password: 'right-password' });
    const foreignCookie = cookieHeader(other)
      .split('; ')
      .find((pair) => pair.startsWith('relaycast.known_device='))!;
    for (let i = 0; i < 5; i++) await signIn(first.app, { email, password: `guess-${i}` });
    const withForeign = await signIn(
      first.app,
      { email, password: 'right-password' },
      { cookie: foreignCookie },
    );
    expect(withForeign.statusCode).toBe(429);
    const tampered = `${foreignCookie.split('.')[0]}.${'A'.repeat(43)}`;
    expect(
      (await signIn(first.app, { email, password: 'right-password' }, { cookie: tampered })).statusCode,
    ).toBe(429);
  });

  it('lifts the lock for every device when the owner resets the password from the e-mailed link', async () => {
    const email = await newAccount('reset');
    for (let i = 0; i < 5; i++) await signIn(first.app, { email, password: `guess-${i}` });
    const locked = await signIn(first.app, { email, password: 'right-password' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    expect(locked.json().retryAfterSeconds).toBeGreaterThan(0);

    const asked = await postJson(first.app, '/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    expect(asked.statusCode).toBe(200);
    const link = await linkInMailTo(first.db, email);
    const opened = await first.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    const token = new URL(String(opened.headers.location), first.config.publicUrl).searchParams.get('token');
    expect(token).toBeTruthy();
    const reset = await postJson(first.app, '/api/auth/reset-password', {
      token,
      newPassword: 'new-password',
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(first.app, { email, password: 'new-password' })).statusCode).toBe(200);
  });
});

describe('workspaces', () => {
  it('refuses creating more workspaces through the auth API, so plan limits cannot be multiplied', async () => {
    const email = await newAccount('org');
    const cookie = cookieHeader(await signIn(first.app, { email, password: 'right-password' }));
    const res = await postJson(
      first.app,
      '/api/auth/organization/create',
      { name: 'Second', slug: 'second-ws' },
      { cookie },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('WORKSPACE_CREATION_CLOSED');
    expect(res.json().message).toBe(AUTH_MESSAGES.workspaceCreationClosed);
  });
});
