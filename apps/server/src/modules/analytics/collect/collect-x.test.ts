import { ANALYTICS_MESSAGES } from '@relaycast/shared/analytics';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import {
  accountMetricDays,
  analyticsCollectState,
  analyticsReadBudgets,
  postMetrics,
  socialAccounts,
  workspaceMembers,
} from '../../../db/schema/index';
import { addThreadsAnalyticsRoutes } from '../../../platforms/threads/threads.analytics.fake';
import { startThreadsFake, type ThreadsFake } from '../../../platforms/threads/threads.fake';
import {
  addTwitterAnalyticsRoutes,
  type TwitterAnalyticsFake,
} from '../../../platforms/twitter/twitter.analytics.fake';
import { startTwitterFake, type TwitterFake } from '../../../platforms/twitter/twitter.fake';
import { platformsConfig, TEST_CLIENT } from '../../accounts/accounts.test-support';
import { insertAccount } from '../../engagement/engagement.test-support';
import { ageWithinToday, insertPublished, signInOnFake } from './collect.test-support';
import { dayOf } from './collect-store';
import { sweepAnalytics } from './collect-sweep';

/** The X collector within the owner's monthly read budget, partial failures, and the collector's routes. */

const HOUR = 3600_000;
let t: TestApp;
let x: TwitterFake;
let threads: ThreadsFake;
let seeded: TwitterAnalyticsFake;
let ada: SignedInUser;
let bob: SignedInUser;
let xAccount: string;
let threadsAccount: string;
const targets: string[] = [];

async function stateOf(accountId: string) {
  const [row] = await t.db
    .select()
    .from(analyticsCollectState)
    .where(eq(analyticsCollectState.accountId, accountId));
  return row;
}

beforeAll(async () => {
  [x, threads] = await Promise.all([startTwitterFake(), startThreadsFake()]);
  seeded = addTwitterAnalyticsRoutes(x);
  addThreadsAnalyticsRoutes(threads);
  t = await createTestApp({
    config: {
      allowPrivateAddresses: true,
      platforms: platformsConfig({
        twitter: { ...TEST_CLIENT, baseUrl: x.url },
        threads: { ...TEST_CLIENT, baseUrl: threads.url },
      }),
    },
  });
  ada = await signInAsNewUser(t, { name: 'Ada' });
  bob = await signInAsNewUser(t, { name: 'Bob' });
  const identity = await signInOnFake('twitter', x.url);
  const me = identity.profile.platformAccountId;
  xAccount = await insertAccount(t, ada.workspaceId, 'twitter', {
    platformAccountId: me,
    accessToken: identity.tokens.accessToken,
  });
  x.followers.set(me, 5000);
  const account = { id: xAccount, workspaceId: ada.workspaceId, platform: 'twitter' as const };
  // Published today, whatever the time of day: the day row counts them in postsPublished.
  const age = ageWithinToday(HOUR);
  for (let i = 0; i < 150; i += 1) {
    const id = seeded.add(me, new Date(Date.now() - age), { impression_count: 10, like_count: 1 }, 2);
    targets.push(await insertPublished(t, account, id, age));
  }
  // A Threads account whose token the platform refuses: its failure must not stop the X account.
  threadsAccount = await insertAccount(t, ada.workspaceId, 'threads', { accessToken: 'revoked-token' });
});
afterAll(async () => {
  await t.close();
  await Promise.all([x.close(), threads.close()]);
});

describe('the X read budget', () => {
  it('reads nothing from X until the owner sets a budget', async () => {
    const before = x.server.requests.length;
    const sweep = await sweepAnalytics(t.db, t.config);
    expect(x.server.requests.length).toBe(before);
    expect(sweep.problems.find((p) => p.accountId === xAccount)?.message).toMatch(/read budget/);
    expect((await stateOf(xAccount))?.lastError).toMatch(/until the owner sets a monthly X read budget/);
    // The other account's failure is its own: it needs reconnecting.
    expect((await stateOf(threadsAccount))?.lastError).toMatch(/reconnect/);
    const [threadsRow] = await t.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, threadsAccount));
    expect(threadsRow?.status).toBe('needs_reconnect');
  });

  it('only the owner or an admin sets it; bad values get a clear 400; every member sees it', async () => {
    expect((await ada.get('/api/analytics/budget')).json()).toMatchObject({
      platform: 'twitter',
      monthlyLimit: null,
      used: 0,
      canEdit: true,
    });
    const bad = await ada.send('PUT', '/api/analytics/budget', { platform: 'twitter', monthlyLimit: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Use 0 or more reads.');
    const wrongPlatform = await ada.send('PUT', '/api/analytics/budget', {
      platform: 'bluesky',
      monthlyLimit: 5,
    });
    expect(wrongPlatform.statusCode).toBe(400);
    await t.db
      .update(workspaceMembers)
      .set({ role: 'member' })
      .where(eq(workspaceMembers.userId, bob.userId));
    const refused = await bob.send('PUT', '/api/analytics/budget', { platform: 'twitter', monthlyLimit: 5 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect(refused.json().message ?? refused.body).toContain('Only the workspace owner or an admin');
    const set = await ada.send('PUT', '/api/analytics/budget', { platform: 'twitter', monthlyLimit: 120 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ monthlyLimit: 120, used: 0 });
    // Another workspace's budget is its own.
    expect((await bob.get('/api/analytics/budget')).json()).toMatchObject({
      monthlyLimit: null,
      canEdit: false,
    });
  });

  it('spends the budget on followers and 100-post batches, then stops with the budget message', async () => {
    await t.db
      .update(analyticsCollectState)
      .set({ nextCollectAt: new Date(Date.now() - 1000) })
      .where(eq(analyticsCollectState.accountId, xAccount));
    const before = x.server.received('GET', '/2/tweets').length;
    const sweep = await sweepAnalytics(t.db, t.config);
    const calls = x.server.received('GET', '/2/tweets').slice(before);
    // 1 read for the account, then 119 posts: one call of 100 and one of 19.
    expect(calls.map((call) => call.query.get('ids')?.split(',').length)).toEqual([100, 19]);
    expect(sweep.problems.find((p) => p.accountId === xAccount)?.message).toBe(
      ANALYTICS_MESSAGES.budgetExhausted,
    );
    const [budget] = await t.db
      .select()
      .from(analyticsReadBudgets)
      .where(
        and(
          eq(analyticsReadBudgets.workspaceId, ada.workspaceId),
          eq(analyticsReadBudgets.platform, 'twitter'),
        ),
      );
    expect(budget).toMatchObject({ monthlyLimit: 120, used: 120 });
    const read = await t.db.select().from(postMetrics).where(eq(postMetrics.accountId, xAccount));
    expect(read.filter((row) => row.fetchedAt !== null)).toHaveLength(119);
    const first = read.find((row) => row.targetId === targets[0]);
    expect(first).toMatchObject({ views: 10, likes: 1, clicks: 2, reach: null });
    expect(first?.sources.views).toEqual({
      platformMetric: 'public_metrics.impression_count',
      kind: 'total',
    });
    const [today] = await t.db
      .select()
      .from(accountMetricDays)
      .where(and(eq(accountMetricDays.accountId, xAccount), eq(accountMetricDays.day, dayOf(new Date()))));
    expect(today).toMatchObject({
      followers: 5000,
      views: 1190,
      likes: 119,
      reach: null,
      postsPublished: 150,
    });

    const status = (await ada.get('/api/analytics/collect-status')).json();
    expect(status.accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          accountId: xAccount,
          supported: true,
          lastError: ANALYTICS_MESSAGES.budgetExhausted,
        }),
        expect.objectContaining({ accountId: threadsAccount, platform: 'threads' }),
      ]),
    );
    // Another workspace sees none of these accounts.
    expect((await bob.get('/api/analytics/collect-status')).json()).toEqual({ accounts: [] });
  });

  it('raising the budget resumes the remaining posts', async () => {
    await ada.send('PUT', '/api/analytics/budget', { platform: 'twitter', monthlyLimit: 1000 });
    await t.db
      .update(analyticsCollectState)
      .set({ nextCollectAt: new Date(Date.now() - 1000) })
      .where(eq(analyticsCollectState.accountId, xAccount));
    const sweep = await sweepAnalytics(t.db, t.config);
    expect(sweep.problems.filter((p) => p.accountId === xAccount)).toEqual([]);
    const read = await t.db.select().from(postMetrics).where(eq(postMetrics.accountId, xAccount));
    expect(read.filter((row) => row.fetchedAt !== null)).toHaveLength(150);
    expect((await stateOf(xAccount))?.lastError).toBeNull();
  });
});
