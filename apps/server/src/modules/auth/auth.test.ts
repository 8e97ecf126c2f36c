import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, postJson, signIn, signUp, uniqueEmail } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('sign-up', () => {
  it('creates the user with a profile and an invite code, without signing in', async () => {
    const email = uniqueEmail();
    const res = await signUp(t.app, { name: 'Ada Lovelace', email, password: 'secret1' });
    expect(res.statusCode).toBe(200);
    expect(cookieHeader(res)).not.toContain('session_token');
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ name: 'Ada Lovelace', email, referralCode: null, referralCount: 0 });
    expect(row?.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it('refuses an email that is already registered, whatever its case', async () => {
    const email = uniqueEmail();
    expect((await signUp(t.app, { name: 'First', email, password: 'secret1' })).statusCode).toBe(200);
    const res = await signUp(t.app, { name: 'Second', email: email.toUpperCase(), password: 'secret2' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'EMAIL_ALREADY_REGISTERED',
      message: 'This email is already registered. Please sign in instead.',
    });
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe('First');
  });

  it('refuses an invalid email address', async () => {
    const res = await signUp(t.app, { name: 'X', email: 'not-an-email', password: 'secret1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid email address.');
  });

  it('refuses a password shorter than 6 characters and stores nothing', async () => {
    const email = uniqueEmail();
    const res = await signUp(t.app, { name: 'X', email, password: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Password should be at least 6 characters long.');
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('requires a name', async () => {
    const res = await signUp(t.app, { name: '  ', email: uniqueEmail(), password: 'secret1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.nameRequired);
  });
});

describe('referrals', () => {
  async function createReferrer() {
    const email = uniqueEmail('referrer');
    await signUp(t.app, { name: 'Referrer', email, password: 'secret1' });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    return row!;
  }

  it('credits the referrer exactly once per sign-up, also under concurrency', async () => {
    const referrer = await createReferrer();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        signUp(t.app, {
          name: `Friend ${i}`,
          email: uniqueEmail('friend'),
          password: 'secret1',
          referralCode: referrer.inviteCode.toLowerCase(),
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const [after] = await t.db.select().from(users).where(eq(users.id, referrer.id));
    expect(after?.referralCount).toBe(10);
    const friends = await t.db.select().from(users).where(eq(users.referralCode, referrer.inviteCode));
    expect(friends).toHaveLength(10);
  });

  it('lets an unknown code sign up and credits nobody', async () => {
    const before = await t.db.select({ total: sql<number>`sum(${users.referralCount})::int` }).from(users);
    const email = uniqueEmail();
    const res = await signUp(t.app, { name: 'Y', email, password: 'secret1', referralCode: 'NOSUCHCODE' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.referralCode).toBeNull();
    const after = await t.db.select({ total: sql<number>`sum(${users.referralCount})::int` }).from(users);
    expect(after[0]?.total).toBe(before[0]?.total);
  });
});

describe('sign-in', () => {
  it('signs in, returns a httpOnly SameSite session cookie, and /api/me returns the profile', async () => {
    const email = uniqueEmail();
    await signUp(t.app, { name: 'Grace Hopper', email, password: 'secret1' });
    const res = await signIn(t.app, { email, password: 'secret1' });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieHeader(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ name: 'Grace Hopper', email, referralCode: null, referralCount: 0 });
    expect(typeof me.json().createdAt).toBe('string');
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const email = uniqueEmail();
    await signUp(t.app, { name: 'Z', email, password: 'secret1' });
    const wrong = await signIn(t.app, { email, password: 'wrong-password' });
    const unknown = await signIn(t.app, { email: uniqueEmail('nobody'), password: 'secret1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: 'Invalid email or password.',
      });
    }
  });

  it('locks an email out after 5 failed attempts in 15 minutes, until the window passes', async () => {
    const email = uniqueEmail('locked');
    const other = uniqueEmail('other');
    await signUp(t.app, { name: 'L', email, password: 'secret1' });
    await signUp(t.app, { name: 'O', email: other, password: 'secret1' });
    for (let i = 0; i < 5; i++) {
      const res = await signIn(t.app, { email, password: `wrong-${i}` });
      expect(res.json().message).toBe('Invalid email or password.');
    }
    const locked = await signIn(t.app, { email, password: 'secret1' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many failed attempts. Please try again later.',
      retryAfterSeconds: expect.any(Number),
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(cookieHeader(locked)).not.toContain('session_token');
    // Case does not get around it, and other accounts are not affected.
    expect((await signIn(t.app, { email: email.toUpperCase(), password: 'secret1' })).statusCode).toBe(429);
    expect((await signIn(t.app, { email: other, password: 'secret1' })).statusCode).toBe(200);

    // Let the window pass: age the recorded failures by 16 minutes.
    await t.db.execute(
      sql`update login_failures set created_at = created_at - interval '16 minutes' where email = ${email}`,
    );
    const after = await signIn(t.app, { email, password: 'secret1' });
    expect(after.statusCode).toBe(200);
  });

  it('does not lock out when failures are spread beyond the window', async () => {
    const email = uniqueEmail('spread');
    await signUp(t.app, { name: 'S', email, password: 'secret1' });
    for (let i = 0; i < 4; i++) await signIn(t.app, { email, password: 'nope-nope' });
    await t.db.execute(
      sql`update login_failures set created_at = created_at - interval '20 minutes' where email = ${email}`,
    );
    for (let i = 0; i < 4; i++) await signIn(t.app, { email, password: 'nope-nope' });
    expect((await signIn(t.app, { email, password: 'secret1' })).statusCode).toBe(200);
  });

  it('refuses sign-in requests sent from another site', async () => {
    const email = uniqueEmail();
    await signUp(t.app, { name: 'C', email, password: 'secret1' });
    const res = await postJson(
      t.app,
      '/api/auth/sign-in/email',
      { email, password: 'secret1' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CROSS_SITE_REQUEST');
    expect(cookieHeader(res)).toBe('');
  });
});

describe('sign-out', () => {
  it('ends the session', async () => {
    const email = uniqueEmail();
    await signUp(t.app, { name: 'Q', email, password: 'secret1' });
    const cookie = cookieHeader(await signIn(t.app, { email, password: 'secret1' }));
    const out = await postJson(t.app, '/api/auth/sign-out', {}, { cookie });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('UNAUTHORIZED');
  });
});

describe('behind HTTPS', () => {
  it('marks the session cookie Secure when the public URL is https', async () => {
    const secure = await createTestApp({ config: { publicUrl: 'https://social.example.com' } });
    try {
      const email = uniqueEmail('https');
      const origin = { origin: 'https://social.example.com' };
      await postJson(
        secure.app,
        '/api/auth/sign-up/email',
        { name: 'S', email, password: 'secret1' },
        origin,
      );
      const res = await postJson(
        secure.app,
        '/api/auth/sign-in/email',
        { email, password: 'secret1' },
        origin,
      );
      expect(res.statusCode).toBe(200);
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toContain('Secure');
      expect(setCookie).toContain('HttpOnly');
    } finally {
      await secure.close();
    }
  });
});
