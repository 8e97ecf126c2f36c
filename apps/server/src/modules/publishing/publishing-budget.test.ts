import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTwoTestApps, type TestApp } from '../../../test/test-app';
import { postTargets } from '../../db/schema/index';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { platformsConfig } from '../accounts/accounts.test-support';
import { connectMastodon } from './publishing.test-support';
import {
  accountPausedUntil,
  PUBLISH_BUDGET_WINDOW_MS,
  publishBudgetOf,
  takePublishBudget,
} from './publishing-budget';
import { requestsPerTarget, seedDueTargets } from './publishing-crash.test-support';

/**
 * The publishing budgets and 429 pauses are held in the database (decision 0110): two servers on one database
 * (two connection pools on PostgreSQL) publish against one Mastodon app whose budget is 5 calls a minute, and an
 * account one of them was told to pause is paused for the other.
 */

const BUDGET = 5;

let servers: Awaited<ReturnType<typeof createTwoTestApps>>;
let first: TestApp;
let second: TestApp;
let fake: PlatformFake;
let user: SignedInUser;
let accountId: string;

beforeAll(async () => {
  fake = await startMastodonFake();
  servers = await createTwoTestApps({
    config: {
      platforms: platformsConfig({ mastodon: { baseUrl: fake.url } }),
      allowPrivateAddresses: true,
      publishBudgets: { perMinute: 600, platforms: { mastodon: BUDGET } },
    },
  });
  first = servers.first;
  second = servers.second;
  await first.app.ready();
  await second.app.ready();
  user = await signInAsNewUser(first);
  accountId = await connectMastodon(first, user, fake);
}, 60_000);

afterAll(async () => {
  await servers?.close();
  await fake?.close();
});

async function statusesOf(ids: string[]) {
  return first.db
    .select({ status: postTargets.status, dueAt: postTargets.dueAt, attempts: postTargets.attempts })
    .from(postTargets)
    .where(inArray(postTargets.id, ids));
}

describe('the per-platform publishing budget', () => {
  it('defaults to a generous budget for the apps counted per app, none for Mastodon and Bluesky', () => {
    const unset = { publishBudgets: { perMinute: undefined, platforms: {} } };
    expect(publishBudgetOf(unset, 'twitter')).toBe(300);
    expect(publishBudgetOf(unset, 'mastodon')).toBe(0);
    expect(publishBudgetOf(unset, 'bluesky')).toBe(0);
    const all = { publishBudgets: { perMinute: 50, platforms: { linkedin: 7 } } };
    expect(publishBudgetOf(all, 'mastodon')).toBe(50);
    expect(publishBudgetOf(all, 'linkedin')).toBe(7);
  });

  it('counts one window per platform across callers, and opens the next window on time', async () => {
    const config = { publishBudgets: { perMinute: 2, platforms: {} } };
    const now = Date.now();
    const taken = [];
    for (let i = 0; i < 3; i++) taken.push(await takePublishBudget(first.db, config, 'threads', now));
    expect(taken.slice(0, 2)).toEqual([0, 0]);
    expect(taken[2]).toBe(PUBLISH_BUDGET_WINDOW_MS);
    // Another platform's app has a budget of its own; 0 is no budget at all.
    expect(await takePublishBudget(second.db, config, 'bluesky', now)).toBe(0);
    const off = { publishBudgets: { perMinute: 0, platforms: {} } };
    for (let i = 0; i < 5; i++) expect(await takePublishBudget(first.db, off, 'threads', now)).toBe(0);
    expect(await takePublishBudget(second.db, config, 'threads', now + PUBLISH_BUDGET_WINDOW_MS)).toBe(0);
  });

  it(`lets exactly ${BUDGET} of 16 due posts reach the platform across two servers, and delays the rest`, async () => {
    const ids = await seedDueTargets(first, user, accountId, 'Budgeted', 16);
    const before = Date.now();
    await Promise.all(
      ids.map((id, index) => (index % 2 ? second : first).app.publishing.engine.publishTarget(id)),
    );
    const counts = requestsPerTarget(fake, ids);
    expect(counts.size).toBe(BUDGET);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const rows = await statusesOf(ids);
    expect(rows.filter((row) => row.status === 'published')).toHaveLength(BUDGET);
    // Delayed, not failed: due again when the window ends, the attempt not counted.
    const delayed = rows.filter((row) => row.status !== 'published');
    expect(delayed).toHaveLength(16 - BUDGET);
    for (const row of delayed) {
      expect(row).toMatchObject({ status: 'retrying', attempts: 0 });
      expect(row.dueAt?.getTime()).toBeGreaterThan(before + PUBLISH_BUDGET_WINDOW_MS / 2);
      expect(row.dueAt?.getTime()).toBeLessThanOrEqual(Date.now() + PUBLISH_BUDGET_WINDOW_MS);
    }
    // Not due before the window's end: the pump leaves them (no job of their own, decision 0121).
    const calls = fake.server.received('POST', '/api/v1/statuses').length;
    await first.app.publishing.engine.sweep();
    expect(fake.server.received('POST', '/api/v1/statuses')).toHaveLength(calls);
  });
});

describe('an account its platform told to wait', () => {
  it('is paused for every server, until the Retry-After', async () => {
    await first.db.execute(sql`delete from rate_limit_windows where key like 'publish-budget:%'`);
    const [told, waiting] = await seedDueTargets(first, user, accountId, 'Paused', 2);
    if (!told || !waiting) throw new Error('no targets');
    fake.server.failNext(
      { method: 'POST', path: '/api/v1/statuses' },
      { status: 429, headers: { 'retry-after': '120' }, body: { error: 'Too many requests' } },
    );
    await first.app.publishing.engine.publishTarget(told);
    const until = await accountPausedUntil(second.db, accountId);
    expect(until).toBeGreaterThan(Date.now() + 100_000);
    // The other server does not call the platform for the paused account: the target waits, untouched.
    await second.app.publishing.engine.publishTarget(waiting);
    expect(requestsPerTarget(fake, [waiting]).size).toBe(0);
    const [row] = await first.db
      .select({ status: postTargets.status, attempts: postTargets.attempts })
      .from(postTargets)
      .where(and(eq(postTargets.id, waiting)));
    expect(row).toEqual({ status: 'scheduled', attempts: 0 });
    // Nor does either server's due-target pump while the pause lasts; once it ends, the pump publishes it once.
    await Promise.all([first.app.publishing.engine.sweep(), second.app.publishing.engine.sweep()]);
    expect(requestsPerTarget(fake, [waiting]).size).toBe(0);
    await first.db.execute(sql`delete from rate_limit_windows where key like ${`%${accountId}`}`);
    await Promise.all([first.app.publishing.engine.sweep(), second.app.publishing.engine.sweep()]);
    expect(requestsPerTarget(fake, [waiting]).get(waiting)).toBe(1);
    expect((await statusesOf([waiting]))[0]?.status).toBe('published');
    const [toldRow] = await statusesOf([told]);
    expect(toldRow?.status).toBe('retrying');
  });
});
