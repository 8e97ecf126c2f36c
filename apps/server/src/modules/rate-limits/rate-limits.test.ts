import { API_KEY_RATE_LIMIT } from '@relaycast/shared/public-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signInAsNewUser, uniqueEmail } from '../../../test/auth-requests';
import { createTwoTestApps, TEST_ORIGIN } from '../../../test/test-app';
import { rateLimitWindows } from '../../db/schema/index';
import { takeKeyWindow } from '../public-api/public-api';
import {
  deleteEndedRateLimits,
  ENDED_WINDOW_KEPT_MS,
  readRateLimit,
  storedKey,
  takeRateLimit,
} from './rate-limits.service';

/**
 * The shared rate limits (docs/decisions/0102-shared-rate-limits.md): two servers on one database, as two API
 * nodes behind a load balancer (on PostgreSQL each has its own pool), count every limit together, exactly.
 */
let two: Awaited<ReturnType<typeof createTwoTestApps>>;
beforeAll(async () => {
  two = await createTwoTestApps({ config: { authRateLimitPerMinute: 4, authRateLimitPerEmail: 50 } });
});
afterAll(() => two.close());

describe('the window', () => {
  it('counts hits, says how long is left, and starts again when it ended', async () => {
    const db = two.first.db;
    expect(await takeRateLimit(db, 'w:a', 1000, 10_000)).toEqual({ current: 1, ttl: 1000 });
    expect(await takeRateLimit(db, 'w:a', 1000, 10_400)).toEqual({ current: 2, ttl: 600 });
    expect(await readRateLimit(db, 'w:a', 10_500)).toEqual({ current: 2, ttl: 500 });
    expect(await takeRateLimit(db, 'w:a', 1000, 11_000)).toEqual({ current: 1, ttl: 1000 });
    expect(await readRateLimit(db, 'w:unknown', 11_000)).toEqual({ current: 0, ttl: 0 });
  });

  it('limits a key of any length (a 300,000-character e-mail typed at sign-in), each apart from its neighbours', async () => {
    const db = two.first.db;
    const huge = `auth-email:${'x'.repeat(300_000)}@example.com`;
    const neighbour = `auth-email:${'x'.repeat(300_000)}@example.org`;
    expect(await takeRateLimit(db, huge, 1000, 20_000)).toEqual({ current: 1, ttl: 1000 });
    expect(await takeRateLimit(db, huge, 1000, 20_100)).toEqual({ current: 2, ttl: 900 });
    expect(await takeRateLimit(db, neighbour, 1000, 20_100)).toEqual({ current: 1, ttl: 1000 });
    expect(await readRateLimit(db, huge, 20_200)).toEqual({ current: 2, ttl: 800 });
    expect(storedKey(huge).length).toBeLessThan(200);
    expect(storedKey('auth-ip:203.0.113.9')).toBe('auth-ip:203.0.113.9');
  });

  it('gives every one of 200 hits at once from two servers its own number', async () => {
    const now = Date.now();
    const hits = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        takeRateLimit((i % 2 === 0 ? two.first : two.second).db, 'w:burst', 60_000, now),
      ),
    );
    expect(hits.map((hit) => hit.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
  });

  it('the sweep deletes only the windows that ended a while ago', async () => {
    const db = two.first.db;
    await takeRateLimit(db, 'w:old', 1000, 1_000_000);
    await takeRateLimit(db, 'w:recent', 1000, 1_000_000 + ENDED_WINDOW_KEPT_MS);
    const deleted = await deleteEndedRateLimits(db, 1_001_000 + ENDED_WINDOW_KEPT_MS + 1);
    expect(deleted).toBeGreaterThanOrEqual(1);
    const keys = (await db.select({ key: rateLimitWindows.key }).from(rateLimitWindows)).map(
      (row) => row.key,
    );
    expect(keys).not.toContain('w:old');
    expect(keys).toContain('w:recent');
  });
});

describe('across two servers', () => {
  it("the public API's per-user window is one window on both", async () => {
    const ada = await signInAsNewUser(two.first, { name: 'Ada' });
    const created = await ada.send('POST', '/api/api-keys', { name: 'Zapier', scopes: ['read'] });
    expect(created.statusCode, created.body).toBe(201);
    const secret = created.json().secret as string;
    // Most of the window taken directly, then the last ones through the two servers in turn.
    const now = Date.now();
    for (let i = 0; i < API_KEY_RATE_LIMIT.requests - 2; i++) await takeKeyWindow(two.first.db, ada.userId);
    const statuses: number[] = [];
    for (const server of [two.first, two.second, two.first, two.second]) {
      const res = await server.app.inject({
        method: 'GET',
        url: '/api/v1/posts',
        headers: { authorization: `Bearer ${secret}` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().code).toBe('RATE_LIMITED');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(Date.now() - now).toBeLessThan(API_KEY_RATE_LIMIT.windowSeconds * 1000);
  });

  it('the sign-in limit per client IP holds across both servers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await postJson(
        (i % 2 === 0 ? two.first : two.second).app,
        '/api/auth/sign-in/email',
        { email: uniqueEmail('spray'), password: 'wrong-one' },
        { origin: TEST_ORIGIN, 'x-forwarded-for': '198.51.100.77' },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });
});
