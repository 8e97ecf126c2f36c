import { LOGIN_MAX_FAILED_ATTEMPTS } from '@relaycast/shared/auth';
import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { BACKUP_CODE_COUNT } from '@relaycast/shared/security';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signIn, signUp, uniqueEmail } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { secretOfTotpUri, totpCode } from '../../../test/totp';
import { loginFailures, twoFactors, users } from '../../db/schema/index';

/** Security (docs/decisions/0032-two-factor-and-sessions.md): TOTP two-factor sign-in with Better Auth's plugin, its backup codes and the lock-out. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'right-password';

/** A browser's cookie jar: Set-Cookie replaces or (Max-Age=0) removes a cookie by name. */
class Jar {
  private cookies = new Map<string, string>();
  take(response: LightMyRequestResponse): LightMyRequestResponse {
    const raw = response.headers['set-cookie'];
    for (const line of Array.isArray(raw) ? raw : raw ? [raw] : []) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
  has(fragment: string): boolean {
    return [...this.cookies.keys()].some((name) => name.includes(fragment));
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  async post(url: string, body: unknown = {}, headers: Record<string, string> = {}) {
    return this.take(await postJson(t.app, url, body, { cookie: this.header(), ...headers }));
  }
  async get(url: string) {
    return this.take(await t.app.inject({ method: 'GET', url, headers: { cookie: this.header() } }));
  }
}

async function newAccount(prefix: string) {
  const email = uniqueEmail(prefix);
  expect((await signUp(t.app, { name: 'Owner', email, password: PASSWORD })).statusCode).toBe(200);
  const jar = new Jar();
  expect((await jar.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
  return { email, jar };
}

/** Turns two-factor on for a signed-in jar; returns the base32 secret and the backup codes. */
async function enrol(jar: Jar) {
  const started = await jar.post('/api/auth/two-factor/enable', { password: PASSWORD });
  expect(started.statusCode, started.body).toBe(200);
  const { totpURI, backupCodes } = started.json() as { totpURI: string; backupCodes: string[] };
  const secret = secretOfTotpUri(totpURI);
  const confirmed = await jar.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, backupCodes, totpURI };
}

/** A code that is not the current one (nor the ones either side Better Auth also accepts). */
function wrongCode(secret: string): string {
  const near = [-30_000, 0, 30_000].map((shift) => totpCode(secret, Date.now() + shift));
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, '0');
    if (!near.includes(candidate)) return candidate;
  }
}

async function failuresOf(email: string) {
  return t.db.select().from(loginFailures).where(eq(loginFailures.email, email));
}

async function isTwoFactorOn(email: string) {
  const [row] = await t.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.email, email));
  return row?.on;
}

describe('two-factor enrolment', () => {
  it('asks for the password, shows a secret and ten backup codes, and turns on only after a valid code', async () => {
    const { email, jar } = await newAccount('enrol');
    expect((await jar.get('/api/settings')).json().security.twoFactorAuth).toBe(false);

    const wrongPassword = await jar.post('/api/auth/two-factor/enable', { password: 'nope' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({
      code: 'TWO_FACTOR_PASSWORD_INVALID',
      message: AUTH_MESSAGES.twoFactorPasswordInvalid,
    });

    const started = await jar.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(started.statusCode).toBe(200);
    const { totpURI, backupCodes } = started.json() as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Relaycast:/);
    expect(backupCodes).toHaveLength(BACKUP_CODE_COUNT);
    expect(new Set(backupCodes).size).toBe(BACKUP_CODE_COUNT);
    // Capitals and digits without the look-alikes 0/O and 1/I/L, to be copied by hand.
    for (const code of backupCodes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    // Not on until a code proves the app has the secret.
    expect(await isTwoFactorOn(email)).toBe(false);
    const [row] = await t.db.select().from(twoFactors).innerJoin(users, eq(users.id, twoFactors.userId));
    expect(row?.two_factors.secret).not.toContain(secretOfTotpUri(totpURI));

    const secret = secretOfTotpUri(totpURI);
    const refused = await jar.post('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: 'TWO_FACTOR_CODE_INVALID',
      message: AUTH_MESSAGES.twoFactorCodeInvalid,
    });
    expect(await isTwoFactorOn(email)).toBe(false);

    const confirmed = await jar.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    expect(await isTwoFactorOn(email)).toBe(true);
    // The settings toggle reflects the real state, and a PUT cannot change it.
    const settings = (await jar.get('/api/settings')).json();
    expect(settings.security.twoFactorAuth).toBe(true);
    const put = await jar.take(
      await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: { cookie: jar.header(), origin: 'http://localhost:3000' },
        payload: { ...settings, security: { ...settings.security, twoFactorAuth: false } },
      }),
    );
    expect(put.statusCode).toBe(200);
    expect(put.json().security.twoFactorAuth).toBe(true);
    expect(await isTwoFactorOn(email)).toBe(true);
  });

  it('refuses a malformed code with a clear message', async () => {
    const { jar } = await newAccount('malformed');
    await jar.post('/api/auth/two-factor/enable', { password: PASSWORD });
    for (const code of ['12345', 'abcdef', '1'.repeat(5000), '12\u00003456']) {
      const res = await jar.post('/api/auth/two-factor/verify-totp', { code });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toBeTruthy();
    }
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code after the password, and a wrong code is refused and counted', async () => {
    const { email, jar } = await newAccount('signin');
    const { secret } = await enrol(jar);

    const browser = new Jar();
    const first = await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    // No session yet: only the password was checked.
    expect((await browser.get('/api/me')).statusCode).toBe(401);
    expect(await failuresOf(email)).toHaveLength(0);

    const wrong = await browser.post('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      code: 'TWO_FACTOR_CODE_INVALID',
      message: AUTH_MESSAGES.twoFactorCodeInvalid,
    });
    expect(await failuresOf(email)).toHaveLength(1);

    const right = await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
    expect(right.statusCode).toBe(200);
    expect((await browser.get('/api/me')).json()).toMatchObject({ email });
    expect(await failuresOf(email)).toHaveLength(0);
  });

  it('takes each backup code once', async () => {
    const { email, jar } = await newAccount('backup');
    const { backupCodes } = await enrol(jar);
    const code = backupCodes[0] ?? '';

    const once = new Jar();
    await once.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    const used = await once.post('/api/auth/two-factor/verify-backup-code', { code });
    expect(used.statusCode, used.body).toBe(200);
    expect((await once.get('/api/me')).statusCode).toBe(200);

    const twice = new Jar();
    await twice.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    const again = await twice.post('/api/auth/two-factor/verify-backup-code', { code });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: AUTH_MESSAGES.twoFactorBackupCodeInvalid });
    expect((await twice.get('/api/me')).statusCode).toBe(401);
    // Another, unused code still works.
    const other = await twice.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[1] });
    expect(other.statusCode).toBe(200);
  });

  it('a new set of backup codes needs the password and replaces the old set', async () => {
    const { email, jar } = await newAccount('new-codes');
    const { backupCodes: oldCodes } = await enrol(jar);
    const wrong = await jar.post('/api/auth/two-factor/generate-backup-codes', { password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: AUTH_MESSAGES.twoFactorPasswordInvalid });

    const renewed = await jar.post('/api/auth/two-factor/generate-backup-codes', { password: PASSWORD });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const newCodes = (renewed.json() as { backupCodes: string[] }).backupCodes;
    expect(newCodes).toHaveLength(BACKUP_CODE_COUNT);
    expect(newCodes.some((code) => oldCodes.includes(code))).toBe(false);

    const withOld = new Jar();
    await withOld.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(
      (await withOld.post('/api/auth/two-factor/verify-backup-code', { code: oldCodes[0] })).statusCode,
    ).toBe(401);
    const withNew = new Jar();
    await withNew.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(
      (await withNew.post('/api/auth/two-factor/verify-backup-code', { code: newCodes[0] })).statusCode,
    ).toBe(200);
    expect((await withNew.get('/api/me')).statusCode).toBe(200);
  });

  it('skips the code for 30 days on a device the user chose to trust', async () => {
    const { email, jar } = await newAccount('trust');
    const { secret } = await enrol(jar);
    const browser = new Jar();
    await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    const verified = await browser.post('/api/auth/two-factor/verify-totp', {
      code: totpCode(secret),
      trustDevice: true,
    });
    expect(verified.statusCode).toBe(200);
    const trustCookie = [verified.headers['set-cookie']].flat().find((c) => c?.includes('trust_device'));
    expect(trustCookie).toMatch(/Max-Age=2592000/);
    await browser.post('/api/auth/sign-out');

    const again = await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(again.statusCode).toBe(200);
    expect(again.json().twoFactorRedirect).toBeUndefined();
    expect((await browser.get('/api/me')).statusCode).toBe(200);

    // Another browser still needs the code.
    const elsewhere = await signIn(t.app, { email, password: PASSWORD });
    expect(elsewhere.json().twoFactorRedirect).toBe(true);
  });

  it('counts wrong codes with wrong passwords toward the sign-in lock-out', async () => {
    const { email, jar } = await newAccount('lockout');
    const { secret } = await enrol(jar);
    const browser = new Jar();
    for (let i = 0; i < LOGIN_MAX_FAILED_ATTEMPTS - 2; i += 1) {
      expect((await browser.post('/api/auth/sign-in/email', { email, password: 'wrong' })).statusCode).toBe(
        401,
      );
    }
    // The right password does not wipe the count while the code is still to come.
    expect((await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(
      200,
    );
    expect(await failuresOf(email)).toHaveLength(LOGIN_MAX_FAILED_ATTEMPTS - 2);
    for (let i = 0; i < 2; i += 1) {
      const res = await browser.post('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) });
      expect(res.statusCode).toBe(401);
    }
    const locked = await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: AUTH_MESSAGES.tooManyAttempts,
    });
    expect(locked.headers['retry-after']).toBeDefined();
    const password = await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(password.statusCode).toBe(429);
  });

  it('says the step expired when there is no sign-in waiting for a code', async () => {
    const res = await postJson(t.app, '/api/auth/two-factor/verify-totp', { code: '123456' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: AUTH_MESSAGES.twoFactorChallengeExpired });
  });
});

describe('turning two-factor off', () => {
  it('needs the password, then sign-in no longer asks for a code', async () => {
    const { email, jar } = await newAccount('disable');
    await enrol(jar);
    const refused = await jar.post('/api/auth/two-factor/disable', { password: 'wrong' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: AUTH_MESSAGES.twoFactorPasswordInvalid });
    expect(await isTwoFactorOn(email)).toBe(true);

    const done = await jar.post('/api/auth/two-factor/disable', { password: PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(await isTwoFactorOn(email)).toBe(false);
    expect((await jar.get('/api/settings')).json().security.twoFactorAuth).toBe(false);
    expect(
      await t.db
        .select()
        .from(twoFactors)
        .innerJoin(users, eq(users.id, twoFactors.userId))
        .where(eq(users.email, email)),
    ).toHaveLength(0);

    const plain = await signIn(t.app, { email, password: PASSWORD });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().twoFactorRedirect).toBeUndefined();
  });
});

describe('signed-in devices', () => {
  it('lists the user’s sessions with this device marked, and signs out everywhere else', async () => {
    const { email, jar } = await newAccount('devices');
    const phone = new Jar();
    const phoneAgent =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    await phone.post('/api/auth/sign-in/email', { email, password: PASSWORD }, { 'user-agent': phoneAgent });
    const other = await newAccount('devices-other');

    const listed = await jar.get('/api/sessions');
    expect(listed.statusCode).toBe(200);
    const { devices } = listed.json() as { devices: Record<string, unknown>[] };
    expect(devices).toHaveLength(2);
    expect(devices[0]).toMatchObject({ isCurrent: true });
    expect(devices.find((d) => !d.isCurrent)).toMatchObject({ browser: 'Safari 17', os: 'iOS' });
    expect(JSON.stringify(devices)).not.toMatch(/token/i);

    const revoked = await jar.post('/api/sessions/revoke-others');
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ revoked: 1 });
    expect((await phone.get('/api/me')).statusCode).toBe(401);
    expect((await jar.get('/api/me')).statusCode).toBe(200);
    expect((await jar.get('/api/sessions')).json().devices).toHaveLength(1);
    // Another user's sessions are untouched.
    expect((await other.jar.get('/api/me')).statusCode).toBe(200);
  });

  it('signs one other device out; not this one, and not another user’s', async () => {
    const { email, jar } = await newAccount('one-device');
    const phone = new Jar();
    const tablet = new Jar();
    await phone.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    await tablet.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    const other = await newAccount('one-device-other');
    const otherDevice = ((await other.jar.get('/api/sessions')).json().devices as { id: string }[])[0]!;

    const devices = (await jar.get('/api/sessions')).json().devices as { id: string; isCurrent: boolean }[];
    expect(devices).toHaveLength(3);
    const here = devices.find((d) => d.isCurrent)!;
    const phoneId = (
      (await phone.get('/api/sessions')).json().devices as { id: string; isCurrent: boolean }[]
    ).find((d) => d.isCurrent)!.id;

    const self = await jar.post(`/api/sessions/${here.id}/revoke`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(AUTH_MESSAGES.sessionIsThisDevice);
    const foreign = await jar.post(`/api/sessions/${otherDevice.id}/revoke`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(AUTH_MESSAGES.sessionNotFound);
    expect((await other.jar.get('/api/me')).statusCode).toBe(200);

    expect((await jar.post(`/api/sessions/${phoneId}/revoke`)).statusCode).toBe(204);
    expect((await phone.get('/api/me')).statusCode).toBe(401);
    expect((await tablet.get('/api/me')).statusCode).toBe(200);
    expect((await jar.get('/api/me')).statusCode).toBe(200);
    expect((await jar.get('/api/sessions')).json().devices).toHaveLength(2);
    expect((await jar.post(`/api/sessions/${phoneId}/revoke`)).statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sessions' })).statusCode).toBe(401);
    expect((await postJson(t.app, '/api/sessions/revoke-others', {})).statusCode).toBe(401);
    expect((await postJson(t.app, '/api/sessions/some-id/revoke', {})).statusCode).toBe(401);
  });
});
