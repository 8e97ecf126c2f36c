import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import {
  accountMetricDays,
  analyticsCollectState,
  postMetricDays,
  postMetrics,
  refusedMetrics,
  socialAccounts,
} from '../../../db/schema/index';
import {
  addThreadsAnalyticsRoutes,
  type ThreadsAnalyticsFake,
} from '../../../platforms/threads/threads.analytics.fake';
import { startThreadsFake, type ThreadsFake } from '../../../platforms/threads/threads.fake';
import { platformsConfig, TEST_CLIENT } from '../../accounts/accounts.test-support';
import { insertAccount } from '../../engagement/engagement.test-support';
import { ageWithinToday, insertPublished, signInOnFake } from './collect.test-support';
import { collectAccount } from './collect-account';
import { dayOf } from './collect-store';
import { sweepAnalytics } from './collect-sweep';

/** The collector against the Threads fake (Meta insights): figures, days, deltas, cadence, refusals, back-off. */

const HOUR = 3600_000;
const DAY = 24 * HOUR;
let t: TestApp;
let fake: ThreadsFake;
let seeded: ThreadsAnalyticsFake;
let ada: SignedInUser;
let account: { id: string; workspaceId: string; platform: 'threads' };
let fresh: string;
let old: string;

async function accountRow() {
  const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, account.id));
  return row!;
}
async function metricsOf(targetId: string) {
  const [row] = await t.db.select().from(postMetrics).where(eq(postMetrics.targetId, targetId));
  return row!;
}
async function dayRow(day: string) {
  const [row] = await t.db
    .select()
    .from(accountMetricDays)
    .where(and(eq(accountMetricDays.accountId, account.id), eq(accountMetricDays.day, day)));
  return row;
}

beforeAll(async () => {
  fake = await startThreadsFake();
  seeded = addThreadsAnalyticsRoutes(fake);
  t = await createTestApp({
    config: {
      platforms: platformsConfig({ threads: { ...TEST_CLIENT, baseUrl: fake.url } }),
      allowPrivateAddresses: true,
    },
  });
  ada = await signInAsNewUser(t, { name: 'Ada' });
  const identity = await signInOnFake('threads', fake.url);
  const id = await insertAccount(t, ada.workspaceId, 'threads', {
    platformAccountId: identity.profile.platformAccountId,
    accessToken: identity.tokens.accessToken,
  });
  account = { id, workspaceId: ada.workspaceId, platform: 'threads' };
  seeded.followers.set(identity.profile.platformAccountId, 100);
  seeded.objects.set('th_fresh', {
    mediaType: 'TEXT_POST',
    figures: { views: 50, likes: 4, replies: 1, reposts: 1, quotes: 0, shares: 2 },
  });
  seeded.objects.set('th_old', {
    mediaType: 'TEXT_POST',
    figures: { views: 900, likes: 30, replies: 6, reposts: 2, quotes: 1, shares: 0 },
  });
  // Published today, whatever the time of day: the day row counts it in postsPublished.
  fresh = await insertPublished(t, account, 'th_fresh', ageWithinToday(2 * HOUR));
  old = await insertPublished(t, account, 'th_old', 10 * DAY);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('the analytics collector on a Meta platform', () => {
  it('stores followers, every published post, the day snapshot and derived account figures', async () => {
    const now = new Date();
    const sweep = await sweepAnalytics(t.db, t.config, undefined, { now });
    expect(sweep.problems).toEqual([]);
    expect(sweep.posts).toBe(2);
    const freshRow = await metricsOf(fresh);
    expect(freshRow).toMatchObject({ views: 50, likes: 4, comments: 1, shares: 3, reach: null, saves: null });
    expect(freshRow.sources.shares).toEqual({ platformMetric: 'reposts+quotes+shares', kind: 'total' });
    // Cadence: hourly in the first 48 h, daily to 30 days.
    expect(freshRow.nextFetchAt.getTime()).toBe(now.getTime() + HOUR);
    expect((await metricsOf(old)).nextFetchAt.getTime()).toBe(now.getTime() + DAY);
    expect(freshRow.engagements48h).toBeNull();
    const today = await dayRow(dayOf(now));
    // First snapshot of each post: the day's delta is its whole count. Threads gives no reach: null, not 0.
    expect(today).toMatchObject({
      followers: 100,
      views: 950,
      likes: 34,
      comments: 7,
      reach: null,
      clicks: null,
    });
    expect(today?.postsPublished).toBeGreaterThanOrEqual(1);
    expect(today?.sources.followers).toEqual({ platformMetric: 'followers_count', kind: 'unique' });
    const [state] = await t.db
      .select()
      .from(analyticsCollectState)
      .where(eq(analyticsCollectState.accountId, account.id));
    expect(state).toMatchObject({ failures: 0, lastError: null, claimedUntil: null });
  });

  it('re-pulling a day replaces it; the next day gets the difference; 48 h interactions frozen once', async () => {
    const later = new Date(Date.now() + 2 * HOUR);
    seeded.objects.get('th_fresh')!.figures.likes = 6;
    await collectAccount(t.db, t.config, await accountRow(), later);
    const day = dayOf(later);
    const snapshots = await t.db.select().from(postMetricDays).where(eq(postMetricDays.targetId, fresh));
    expect(snapshots.filter((s) => s.day === day)).toHaveLength(1);
    expect(snapshots.find((s) => s.day === day)?.likes).toBe(6);
    // Only the fresh post was due (the old one waits a day).
    expect((await metricsOf(old)).fetchedAt!.getTime()).toBeLessThan(later.getTime());

    // The UTC day after `later`'s, whatever the time of day the test runs at (now + 25 h fell on `later`'s own
    // day when the run started between 22:00 and 23:00 UTC, and CI failed).
    const tomorrow = new Date(later.getTime() + DAY);
    seeded.objects.get('th_fresh')!.figures.likes = 10;
    seeded.objects.get('th_old')!.figures.views = 1000;
    await collectAccount(t.db, t.config, await accountRow(), tomorrow);
    const next = await dayRow(dayOf(tomorrow));
    expect(next).toMatchObject({ likes: 4, views: 100 });

    const afterTwoDays = new Date(Date.now() + 3 * DAY);
    await collectAccount(t.db, t.config, await accountRow(), afterTwoDays);
    const frozen = await metricsOf(fresh);
    expect(frozen.engagements48h).toBe(10 + 1 + 3);
    expect(frozen.nextFetchAt.getTime()).toBe(afterTwoDays.getTime() + DAY);
  });

  it('a metric refused for a media type is dropped, the rest kept, recorded, and never asked again', async () => {
    seeded.valid.TEXT_POST = ['views', 'likes', 'replies', 'reposts', 'quotes'];
    const at = new Date(Date.now() + 5 * DAY);
    await collectAccount(t.db, t.config, await accountRow(), at);
    const refused = await t.db.select().from(refusedMetrics).where(eq(refusedMetrics.platform, 'threads'));
    expect(refused.map((r) => `${r.mediaType}:${r.metric}`)).toEqual(['TEXT_POST:shares']);
    expect(await metricsOf(fresh)).toMatchObject({ likes: 10, shares: 1 });
    const before = seeded.asked.length;
    await collectAccount(t.db, t.config, await accountRow(), new Date(Date.now() + 7 * DAY));
    const asked = seeded.asked.slice(before);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.flat()).not.toContain('shares');
  });

  it('a 429 postpones the account to the reset and counts a failure; the figures already stored stay', async () => {
    const at = new Date(Date.now() + 9 * DAY);
    fake.server.failNext(
      { method: 'GET', path: /\/insights$/ },
      {
        status: 429,
        headers: { 'retry-after': '600' },
        body: { error: { message: 'Too many calls', code: 4 } },
      },
    );
    const outcome = await collectAccount(t.db, t.config, await accountRow(), at);
    expect(outcome.problem).toMatch(/Rate limited/);
    const [state] = await t.db
      .select()
      .from(analyticsCollectState)
      .where(eq(analyticsCollectState.accountId, account.id));
    expect(state?.failures).toBe(1);
    expect(state?.nextCollectAt.getTime()).toBe(at.getTime() + 600_000);
    expect((await dayRow(dayOf(at)))?.followers).toBe(100);
    // Not due before the reset: a sweep at that instant claims nothing.
    expect((await sweepAnalytics(t.db, t.config, undefined, { now: at })).accounts).toBe(0);
    const after = await sweepAnalytics(t.db, t.config, undefined, { now: new Date(at.getTime() + 601_000) });
    expect(after).toMatchObject({ accounts: 1, problems: [] });
  });

  it('a post the platform no longer has stops being followed', async () => {
    const gone = await insertPublished(t, account, 'th_deleted', HOUR);
    await collectAccount(t.db, t.config, await accountRow(), new Date(Date.now() + 11 * DAY));
    const row = await metricsOf(gone);
    expect(row.lastError).toBe('The platform no longer has this post.');
    expect(row.nextFetchAt.getUTCFullYear()).toBe(9999);
    expect(row.views).toBeNull();
  });
});
