import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, jsonHeaders, type SignedInUser, signInAsNewUser } from '../../test/auth-requests';
import { createTestApp, type TestApp } from '../../test/test-app';
import { secretOfTotpUri, totpCode } from '../../test/totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('lets pages open WebSockets to their own origin only, not to any host', async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/health',
    headers: { host: '192.168.1.20:3000' },
  });
  const policy = String(res.headers['content-security-policy']);
  const connect = policy.split(';').find((directive) => directive.trim().startsWith('connect-src'));
  expect(connect?.trim()).toBe("connect-src 'self' ws://192.168.1.20:3000");
});

it('uses wss for a page served over HTTPS through a proxy', async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/health',
    headers: {
      host: '127.0.0.1:3000',
      'x-forwarded-host': 'relaycast.example.com',
      'x-forwarded-proto': 'https',
    },
  });
  expect(String(res.headers['content-security-policy'])).toContain(
    "connect-src 'self' wss://relaycast.example.com;",
  );
});

it('falls back to its own origin alone when the Host header is not a host', async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/health',
    headers: { host: 'a b;script-src *' },
  });
  const policy = String(res.headers['content-security-policy']);
  expect(policy).toContain("connect-src 'self';");
  expect(policy).not.toContain('script-src *');
});

describe('responses that carry a secret are never stored by a browser or a proxy', () => {
  let s: TestApp;
  let owner: SignedInUser;
  beforeAll(async () => {
    s = await createTestApp({ config: { allowPrivateAddresses: true } });
    owner = await signInAsNewUser(s, { name: 'Secret Keeper' });
  });
  afterAll(() => s.close());

  // Each response that shows a secret once (or on demand): a key, a token, a signing secret, a TOTP seed.
  const SECRET_BEARING: { method: 'GET' | 'POST'; url: string; body?: unknown; status: number }[] = [
    { method: 'POST', url: '/api/api-keys', body: { name: 'Zapier', scopes: ['read'] }, status: 201 },
    { method: 'GET', url: '/api/streaming/ingest', status: 200 },
    { method: 'POST', url: '/api/streaming/ingest/rotate', status: 200 },
    {
      method: 'POST',
      url: '/api/webhooks',
      body: { url: 'http://127.0.0.1:9/hooks', events: ['post.failed'] },
      status: 201,
    },
    {
      method: 'POST',
      url: '/api/analytics/report-links',
      body: { filters: { range: 'custom', from: '2026-03-01', to: '2026-03-31' } },
      status: 201,
    },
    {
      method: 'POST',
      url: '/api/approvals/review-links',
      body: { weekStart: new Date().toISOString() },
      status: 201,
    },
  ];

  it.each(SECRET_BEARING)(
    '$method $url answers Cache-Control: no-store',
    async ({ method, url, body, status }) => {
      const res = await owner.send(method, url, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it('two-factor setup: the TOTP URI and the backup codes, then new backup codes, answer no-store', async () => {
    const started = await owner.send('POST', '/api/auth/two-factor/enable', { password: owner.password });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.headers['cache-control']).toBe('no-store');
    const secret = secretOfTotpUri((started.json() as { totpURI: string }).totpURI);
    const confirmed = await owner.send('POST', '/api/auth/two-factor/verify-totp', {
      code: totpCode(secret),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Turning two-factor on renews the session: the browser keeps the new cookie.
    const renewed = await s.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/generate-backup-codes',
      headers: jsonHeaders(cookieHeader(confirmed) || owner.cookie),
      payload: { password: owner.password },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.headers['cache-control']).toBe('no-store');
  });

  it('also marks an error and any other API answer no-store', async () => {
    const health = await s.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['cache-control']).toBe('no-store');
    const missing = await owner.send('GET', '/api/no-such-route');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});

describe('the request id', () => {
  const sent = (id: string) =>
    t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });

  it('echoes a client id made of safe characters', async () => {
    const res = await sent('trace-42.a:b_C');
    expect(res.headers['x-request-id']).toBe('trace-42.a:b_C');
  });

  it.each([
    ['a line break', 'abc\r\nSet-Cookie: x=1'],
    ['spaces', 'abc def'],
    ['129 characters', 'a'.repeat(129)],
    ['other characters', '<script>'],
  ])('replaces one with %s by its own', async (_what, id) => {
    const res = await sent(id);
    const echoed = String(res.headers['x-request-id']);
    expect(echoed).not.toBe(id);
    expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
  });
});
