import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signIn, signUp, uniqueEmail } from '../../../test/auth-requests';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/test-app';
import { emailOutbox, verifications } from '../../db/schema/index';
import { createResetLink } from './password-reset';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function requestReset(email: string) {
  return postJson(t.app, '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
}

/**
 * Reads the newest e-mail for an address from the outbox and pulls the reset link out of it. The e-mail is sent
 * in the background (the answer does not wait for it): wait for it a little.
 */
async function resetLinkFor(email: string): Promise<URL> {
  let mail: typeof emailOutbox.$inferSelect | undefined;
  for (let waited = 0; waited < 5_000 && !mail; waited += 20) {
    [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(mail?.status).toBe('logged');
  const match = mail?.textBody.match(/https?:\/\/\S+/);
  expect(match).not.toBeNull();
  return new URL(match![0]);
}

/** Follows the e-mailed link like a browser: the server checks the token and redirects to the reset page. */
async function tokenFromLink(link: URL): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location), TEST_PUBLIC_URL);
  expect(location.pathname).toBe('/reset-password');
  const token = location.searchParams.get('token');
  expect(token).toBeTruthy();
  return token!;
}

describe('a reset link made by the administrator (npm run admin -- reset-link)', () => {
  it('sets a new password once, from the app’s own reset page', async () => {
    const email = uniqueEmail('cli-reset');
    await signUp(t.app, { name: 'Locked Out', email, password: 'old-password' });
    const made = await createResetLink(t.db, email.toUpperCase(), TEST_PUBLIC_URL);
    expect(made).not.toBeNull();
    const url = new URL(made!.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${TEST_PUBLIC_URL}/reset-password`);
    const token = url.searchParams.get('token') as string;
    expect(token).toMatch(/^[a-zA-Z0-9]{24}$/);
    expect((made!.expiresAt.getTime() - Date.now()) / 60_000).toBeGreaterThan(58);

    const reset = await postJson(t.app, '/api/auth/reset-password', { newPassword: 'new-password', token });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(t.app, { email, password: 'new-password' })).statusCode).toBe(200);
    const again = await postJson(t.app, '/api/auth/reset-password', { newPassword: 'third-password', token });
    expect(again.statusCode).toBe(400);
  });

  it('makes nothing for an address without an account', async () => {
    expect(await createResetLink(t.db, uniqueEmail('nobody'), TEST_PUBLIC_URL)).toBeNull();
  });
});

describe('password reset through the outbox', () => {
  it('resets the password once with the e-mailed link', async () => {
    const email = uniqueEmail('reset');
    await signUp(t.app, { name: 'Reset Me', email, password: 'old-password' });

    const res = await requestReset(email);
    expect(res.statusCode).toBe(200);
    const link = await resetLinkFor(email);
    expect(link.origin).toBe(TEST_PUBLIC_URL);
    const token = await tokenFromLink(link);

    const [verification] = await t.db
      .select()
      .from(verifications)
      .where(sql`${verifications.identifier} like ${`%${token}%`}`);
    const minutesLeft = (verification!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(58);
    expect(minutesLeft).toBeLessThanOrEqual(60);

    const reset = await postJson(t.app, '/api/auth/reset-password', { newPassword: 'new-password', token });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(t.app, { email, password: 'old-password' })).statusCode).toBe(401);
    expect((await signIn(t.app, { email, password: 'new-password' })).statusCode).toBe(200);

    // Single use: the same link cannot set another password.
    const again = await postJson(t.app, '/api/auth/reset-password', { newPassword: 'third-password', token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'INVALID_TOKEN',
      message: AUTH_MESSAGES.resetInvalidToken,
    });
    expect((await signIn(t.app, { email, password: 'new-password' })).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const email = uniqueEmail('expired');
    await signUp(t.app, { name: 'Late', email, password: 'old-password' });
    await requestReset(email);
    const token = await tokenFromLink(await resetLinkFor(email));
    await t.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(sql`${verifications.identifier} like ${`%${token}%`}`);
    const res = await postJson(t.app, '/api/auth/reset-password', { newPassword: 'new-password', token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.resetInvalidToken);
    expect((await signIn(t.app, { email, password: 'old-password' })).statusCode).toBe(200);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const known = uniqueEmail('known');
    await signUp(t.app, { name: 'Known', email: known, password: 'secret1' });
    const unknown = uniqueEmail('unknown');
    const a = await requestReset(known);
    const b = await requestReset(unknown);
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.json()).toEqual(b.json());
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, unknown))).toHaveLength(0);
  });

  it('refuses a new password shorter than 6 characters', async () => {
    const email = uniqueEmail('short');
    await signUp(t.app, { name: 'Short', email, password: 'old-password' });
    await requestReset(email);
    const token = await tokenFromLink(await resetLinkFor(email));
    const res = await postJson(t.app, '/api/auth/reset-password', { newPassword: '123', token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.passwordTooShort);
  });
});
