import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

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
