import Fastify from 'fastify';
import { afterAll, expect, it, vi } from 'vitest';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import { securityPlugin } from './security';

// Counts how often helmet's middleware is built: once per server, never per request (docs/decisions/0025).
const built = vi.hoisted(() => ({ count: 0 }));
vi.mock('helmet', async (importOriginal) => {
  const real = (await importOriginal()) as { default: (...args: unknown[]) => unknown };
  return {
    default: (...args: unknown[]) => {
      built.count += 1;
      return real.default(...args);
    },
  };
});

const app = Fastify();
afterAll(() => app.close());

it('builds the security headers once and still answers each request with its own connect-src', async () => {
  // No route here is rate-limited, so the rate limits' database is never reached.
  await app.register(securityPlugin, {
    config: { publicUrl: 'http://localhost:3000' } as Config,
    db: {} as Db,
  });
  app.get('/ping', async () => ({ ok: true }));
  await app.ready();
  const policies: string[] = [];
  for (const host of ['192.168.1.20:3000', 'relaycast.local:3000', '192.168.1.20:3000']) {
    const res = await app.inject({ method: 'GET', url: '/ping', headers: { host } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    policies.push(String(res.headers['content-security-policy']));
  }
  expect(policies[0]).toContain("connect-src 'self' ws://192.168.1.20:3000;");
  expect(policies[1]).toContain("connect-src 'self' ws://relaycast.local:3000;");
  expect(policies[2]).toBe(policies[0]);
  // Not-found answers carry the headers too.
  const missing = await app.inject({ method: 'GET', url: '/nowhere' });
  expect(missing.statusCode).toBe(404);
  expect(missing.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(built.count).toBe(1);
});
