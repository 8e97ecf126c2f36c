import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, uniqueEmail } from '../../test/auth-requests';
import { linkInMailTo } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { Config } from '../config/env';
import { loginFailures } from '../db/schema/index';

/**
 * Per docs/decisions/0018-origins-sign-in-hardening.md: the app works on any address the server answers on when PUBLIC_URL is unset,
 * only on PUBLIC_URL when set; reading the session is never rate limited; forwarded headers are believed only
 * from TRUST_PROXY peers.
 */

/** PUBLIC_URL unset (the default of `npm start`): the server listens on :3000. */
const UNSET: Partial<Config> = {
  publicUrl: 'http://localhost:3000',
  publicUrlConfigured: false,
  trustedOrigins: ['http://localhost:3000'],
  port: 3000,
};

function post(
  t: TestApp,
  url: string,
  payload: unknown,
  headers: Record<string, string>,
  remoteAddress?: string,
) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { 'content-type': 'application/json', ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

const at = (origin: string) => ({ host: new URL(origin).host, origin });

describe('with PUBLIC_URL unset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: UNSET });
  });
  afterAll(() => t.close());

  it('signs up, signs in and writes a post on http://127.0.0.2:3000, an address other than localhost', async () => {
    const email = uniqueEmail('loopback2');
    const page = at('http://127.0.0.2:3000');
    const up = await post(
      t,
      '/api/auth/sign-up/email',
      { name: 'Self Hoster', email, password: 'secret1' },
      page,
    );
    expect(up.statusCode).toBe(200);
    const inRes = await post(t, '/api/auth/sign-in/email', { email, password: 'secret1' }, page);
    expect(inRes.statusCode).toBe(200);
    const cookie = cookieHeader(inRes);
    const draft = await post(
      t,
      '/api/posts',
      { content: 'Hello from the LAN', platforms: ['twitter'], action: 'draft' },
      { ...page, cookie },
    );
    expect(draft.statusCode).toBe(201);
  });

  it('refuses a page of another origin, and says what to set', async () => {
    const res = await post(
      t,
      '/api/auth/sign-up/email',
      { name: 'X', email: uniqueEmail(), password: 'secret1' },
      { host: '127.0.0.2:3000', origin: 'http://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CROSS_SITE_REQUEST');
    expect(res.json().message).toMatch(new RegExp(`^${AUTH_MESSAGES.crossSiteRefused.replace('.', '\\.')}`));
    expect(res.json().message).toContain('PUBLIC_URL');
  });

  it('refuses a cross-site request that carries only a Referer', async () => {
    const res = await post(
      t,
      '/api/contact',
      { name: 'X', email: 'x@example.com', message: 'Hello there, a message.' },
      { host: '127.0.0.2:3000', referer: 'http://evil.example/form' },
    );
    expect(res.statusCode).toBe(403);
  });

  it('mails a reset link to the address the request used when it names this machine', async () => {
    const email = uniqueEmail('reset-here');
    const page = at('http://127.0.0.2:3000');
    await post(t, '/api/auth/sign-up/email', { name: 'R', email, password: 'secret1' }, page);
    const asked = await post(
      t,
      '/api/auth/request-password-reset',
      { email, redirectTo: '/reset-password' },
      page,
    );
    expect(asked.statusCode).toBe(200);
    const link = await linkInMailTo(t.db, email);
    expect(link.origin).toBe('http://127.0.0.2:3000');
  });

  it('never mails a link to a host a client made up (Host header injection)', async () => {
    const email = uniqueEmail('reset-evil');
    await post(
      t,
      '/api/auth/sign-up/email',
      { name: 'R', email, password: 'secret1' },
      at('http://localhost:3000'),
    );
    const asked = await post(
      t,
      '/api/auth/request-password-reset',
      { email, redirectTo: '/reset-password' },
      at('http://evil.example:3000'),
    );
    expect(asked.statusCode).toBe(200);
    const link = await linkInMailTo(t.db, email);
    expect(link.origin).toBe('http://localhost:3000');
  });

  it('behind a trusted proxy, accepts the forwarded host and scheme', async () => {
    const res = await post(
      t,
      '/api/auth/sign-up/email',
      { name: 'Proxied', email: uniqueEmail('proxied'), password: 'secret1' },
      {
        host: '127.0.0.1:3000',
        origin: 'https://relaycast.example.com',
        'x-forwarded-host': 'relaycast.example.com',
        'x-forwarded-proto': 'https',
      },
    );
    expect(res.statusCode).toBe(200);
  });

  it('ignores forwarded headers from a peer that is not a trusted proxy', async () => {
    const res = await post(
      t,
      '/api/auth/sign-up/email',
      { name: 'Spoofer', email: uniqueEmail('spoof'), password: 'secret1' },
      {
        host: '203.0.113.10:3000',
        origin: 'https://relaycast.example.com',
        'x-forwarded-host': 'relaycast.example.com',
        'x-forwarded-proto': 'https',
      },
      '198.51.100.7',
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('with PUBLIC_URL set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        publicUrl: 'https://relaycast.example.com',
        trustedOrigins: ['https://relaycast.example.com'],
      },
    });
  });
  afterAll(() => t.close());

  it('accepts only PUBLIC_URL (and TRUSTED_ORIGINS), and names them in the refusal', async () => {
    const body = () => ({ name: 'P', email: uniqueEmail('public'), password: 'secret1' });
    const other = await post(t, '/api/auth/sign-up/email', body(), at('http://127.0.0.2:3000'));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toContain('TRUSTED_ORIGINS');
    const own = await post(t, '/api/auth/sign-up/email', body(), {
      host: 'relaycast.example.com',
      origin: 'https://relaycast.example.com',
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('rate limits on credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { authRateLimitPerMinute: 3, authRateLimitPerEmail: 4 } });
  });
  afterAll(() => t.close());
  const page = at('http://localhost:3000');

  it('never limits reading the session: 40 page loads a minute from one IP keep the user signed in', async () => {
    const email = uniqueEmail('reader');
    await post(t, '/api/auth/sign-up/email', { name: 'R', email, password: 'secret1' }, page, '192.0.2.50');
    const cookie = cookieHeader(
      await post(t, '/api/auth/sign-in/email', { email, password: 'secret1' }, page, '192.0.2.50'),
    );
    for (let i = 0; i < 40; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie },
        remoteAddress: '192.0.2.50',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()?.user?.email).toBe(email);
    }
  });

  it('limits sign-in per client IP, says how long to wait, and an untrusted X-Forwarded-For does not get around it', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 5; i++) {
      last = await post(
        t,
        '/api/auth/sign-in/email',
        { email: uniqueEmail('spray'), password: 'wrong-one' },
        { ...page, 'x-forwarded-for': `10.9.0.${i}` },
        '198.51.100.20',
      );
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(last!.json().code).toBe('AUTH_RATE_LIMITED');
    expect(last!.json().message).toMatch(/Please wait \d+ (seconds?|minutes?) before trying again\./);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // The failures are recorded with the peer's address, not the one the client claimed.
    const rows = await t.db.select().from(loginFailures).where(eq(loginFailures.ipAddress, '198.51.100.20'));
    expect(rows.length).toBe(3);
  });

  it('limits one e-mail tried from many IPs', async () => {
    const email = uniqueEmail('many-ips');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await post(
        t,
        '/api/auth/request-password-reset',
        { email, redirectTo: '/reset-password' },
        // From a trusted proxy (loopback), so each request really comes from another client IP.
        { ...page, 'x-forwarded-for': `203.0.113.${i + 1}` },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
