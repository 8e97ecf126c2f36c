import type { Dashboard } from '@relaycast/shared/dashboard';
import { PUBLISH_MESSAGES } from '@relaycast/shared/publishing';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, useTestApp } from '../../../test/auth-requests';
import { createQueryLoggedApp } from '../../../test/query-log';
import { accountMetricDays, postMetrics, posts, postTargets, socialAccounts } from '../../db/schema/index';
import { created, hoursFromNow } from '../posts/posts.test-support';
import { insertAccount } from '../publishing/publishing.test-support';

const s = useTestApp({ ada: 'Ada', bob: 'Bob' }, createQueryLoggedApp);
let adaAccount: string;

const DAY_MS = 86_400_000;
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

async function dashboardOf(member: SignedInUser): Promise<Dashboard> {
  const res = await member.get('/api/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A post scheduled through the API, then marked published `hoursAgo` ago as the engine would. */
async function published(member: SignedInUser, content: string, hoursAgo: number) {
  const post = await created(member, {
    content,
    platforms: ['mastodon'],
    action: 'schedule',
    scheduledAt: hoursFromNow(1),
    timezone: 'UTC',
  });
  const at = new Date(Date.now() - hoursAgo * 3_600_000);
  await s.t.db.update(posts).set({ status: 'published', scheduledAt: at }).where(eq(posts.id, post.id));
  await s.t.db
    .update(postTargets)
    .set({
      status: 'published',
      publishedAt: at,
      platformPostId: `p-${content}`,
      url: `https://m.example/${content}`,
    })
    .where(eq(postTargets.postId, post.id));
  const [target] = await s.t.db.select().from(postTargets).where(eq(postTargets.postId, post.id));
  return { post, target: target! };
}

describe('GET /api/dashboard', () => {
  it('answers 401 without a session', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(res.statusCode).toBe(401);
  });

  it('is empty for a new workspace: no sample figures, nothing collected is null', async () => {
    expect(await dashboardOf(s.ada)).toEqual({
      upcoming: [],
      recent: [],
      attention: [],
      attentionTotal: 0,
      reconnect: [],
      week: {
        followers: { current: null, previous: null },
        engagements: { current: null, previous: null },
        postsPublished: { current: 0, previous: 0 },
      },
    });
  });

  it('lists the next 5 scheduled posts in time order, with their zone, platforms and an excerpt', async () => {
    adaAccount = await insertAccount(s.t, s.ada.workspaceId, 'mastodon');
    for (const hours of [7, 3, 5, 1, 6, 2, 4]) {
      await created(s.ada, {
        content: `Post in ${hours} hours ${'long text '.repeat(hours === 1 ? 20 : 0)}`,
        platforms: ['mastodon'],
        action: 'schedule',
        scheduledAt: hoursFromNow(hours),
        timezone: 'Europe/Paris',
      });
    }
    await created(s.ada, { content: 'Just a draft', platforms: ['mastodon'], action: 'draft' });
    const { upcoming, attention } = await dashboardOf(s.ada);
    expect(upcoming.map((post) => post.excerpt.slice(0, 16))).toEqual([
      'Post in 1 hours ',
      'Post in 2 hours',
      'Post in 3 hours',
      'Post in 4 hours',
      'Post in 5 hours',
    ]);
    expect(upcoming[0]).toMatchObject({ timezone: 'Europe/Paris', platforms: ['mastodon'] });
    expect(upcoming[0]?.excerpt.length).toBeLessThanOrEqual(120);
    expect(upcoming[0]?.excerpt.endsWith('…')).toBe(true);
    expect(attention).toEqual([]);
  });

  it('shows the last 5 published targets newest first: figures when collected, null ("collecting…") before', async () => {
    const made = [];
    for (const [name, hoursAgo] of [
      ['first', 60],
      ['second', 50],
      ['third', 40],
      ['fourth', 30],
      ['fifth', 20],
      ['sixth', 10],
    ] as const) {
      made.push(await published(s.ada, name, hoursAgo));
    }
    const sixth = made[5]!.target;
    const fifth = made[4]!.target;
    await s.t.db.insert(postMetrics).values({
      targetId: sixth.id,
      workspaceId: s.ada.workspaceId,
      accountId: adaAccount,
      platform: 'mastodon',
      platformPostId: 'p-sixth',
      publishedAt: sixth.publishedAt!,
      likes: 12,
      comments: 3,
      shares: 0,
      views: null,
      fetchedAt: new Date(),
    });
    // A row the collector created but has not pulled yet still reads "collecting…".
    await s.t.db.insert(postMetrics).values({
      targetId: fifth.id,
      workspaceId: s.ada.workspaceId,
      accountId: adaAccount,
      platform: 'mastodon',
      platformPostId: 'p-fifth',
      publishedAt: fifth.publishedAt!,
    });
    const { recent, week } = await dashboardOf(s.ada);
    expect(recent.map((item) => item.excerpt)).toEqual(['sixth', 'fifth', 'fourth', 'third', 'second']);
    expect(recent[0]).toMatchObject({
      platform: 'mastodon',
      url: 'https://m.example/sixth',
      metrics: { likes: 12, comments: 3, shares: 0, views: null, reach: null, saves: null, clicks: null },
    });
    expect(recent[0]?.accountHandle).toMatch(/^scripted-/);
    expect(recent[1]?.metrics).toBeNull();
    expect(recent[2]?.metrics).toBeNull();
    // Published in the last 7 days: sixth..third (10-40 h ago) and second, first (50, 60 h) = 6.
    expect(week.postsPublished).toEqual({ current: 6, previous: 0 });
  });

  it('lists failed and account-less targets with the reason, failed ones retryable', async () => {
    const failed = await created(s.ada, {
      content: 'Broken one',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: hoursFromNow(30),
      timezone: 'UTC',
    });
    await s.t.db
      .update(postTargets)
      .set({ status: 'failed', lastError: 'Validation failed: Text character limit of 500 exceeded' })
      .where(eq(postTargets.postId, failed.id));
    await s.t.db.update(posts).set({ status: 'failed' }).where(eq(posts.id, failed.id));
    // No LinkedIn account in the workspace: a needs_account target.
    await created(s.ada, {
      content: 'For LinkedIn',
      platforms: ['linkedin'],
      action: 'schedule',
      scheduledAt: hoursFromNow(40),
      timezone: 'UTC',
    });
    const { attention, attentionTotal } = await dashboardOf(s.ada);
    expect(attentionTotal).toBe(2);
    expect(attention.map((item) => [item.excerpt, item.status, item.reason, item.canRetry])).toEqual([
      ['For LinkedIn', 'needs_account', PUBLISH_MESSAGES.noAccount('linkedin'), false],
      ['Broken one', 'failed', 'Validation failed: Text character limit of 500 exceeded', true],
    ]);
  });

  it('lists accounts that need reconnecting', async () => {
    const other = await insertAccount(s.t, s.ada.workspaceId, 'bluesky');
    await s.t.db
      .update(socialAccounts)
      .set({ status: 'needs_reconnect', lastError: 'Token has been revoked', handle: 'ada.bsky.social' })
      .where(eq(socialAccounts.id, other));
    const { reconnect } = await dashboardOf(s.ada);
    expect(reconnect).toEqual([
      {
        accountId: other,
        platform: 'bluesky',
        handle: 'ada.bsky.social',
        displayName: '',
        lastError: 'Token has been revoked',
      },
    ]);
  });

  it("sums the week's followers (latest per account) and engagements against the week before", async () => {
    const second = await insertAccount(s.t, s.ada.workspaceId, 'tiktok');
    const row = (accountId: string, daysAgo: number, values: Record<string, number | null>) => ({
      accountId,
      day: utcDay(daysAgo),
      workspaceId: s.ada.workspaceId,
      platform: accountId === second ? 'tiktok' : 'mastodon',
      ...values,
    });
    await s.t.db.insert(accountMetricDays).values([
      row(adaAccount, 0, { followers: 110, likes: 5, comments: 1 }),
      row(adaAccount, 3, { followers: 105, likes: 10, shares: 2 }),
      row(adaAccount, 8, { followers: 100, likes: 4 }),
      row(adaAccount, 12, { followers: 90, likes: 1, saves: 1 }),
      // Only followers collected on this day: no engagement figure, not a 0.
      row(second, 1, { followers: 2000 }),
      // Outside both windows: ignored.
      row(second, 20, { followers: 1, likes: 1000 }),
    ]);
    const { week } = await dashboardOf(s.ada);
    expect(week.followers).toEqual({ current: 2110, previous: 100 });
    expect(week.engagements).toEqual({ current: 18, previous: 6 });
  });

  it("never shows another workspace's posts, failures, accounts or figures", async () => {
    const bobsView = await dashboardOf(s.bob);
    expect(bobsView).toEqual({
      upcoming: [],
      recent: [],
      attention: [],
      attentionTotal: 0,
      reconnect: [],
      week: {
        followers: { current: null, previous: null },
        engagements: { current: null, previous: null },
        postsPublished: { current: 0, previous: 0 },
      },
    });
    await created(s.bob, {
      content: "Bob's own",
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: hoursFromNow(0.5),
      timezone: 'UTC',
    });
    const adas = await dashboardOf(s.ada);
    expect(adas.upcoming.map((post) => post.excerpt)).not.toContain("Bob's own");
    expect((await dashboardOf(s.bob)).upcoming.map((post) => post.excerpt)).toEqual(["Bob's own"]);
  });

  it('reads in a bounded number of statements whatever the data size', async () => {
    const statements = await s.t.queries.during(() => dashboardOf(s.ada));
    const dashboardStatements = statements.filter((s) =>
      /post_targets|account_metric_days|social_accounts|"posts"/.test(s),
    );
    expect(dashboardStatements.length).toBeLessThanOrEqual(6);
    // Deleted posts leave the dashboard.
    const ids = (
      await s.t.db.select({ id: posts.id }).from(posts).where(eq(posts.workspaceId, s.ada.workspaceId))
    ).map((row) => row.id);
    await s.t.db.update(posts).set({ deletedAt: new Date() }).where(inArray(posts.id, ids));
    const after = await dashboardOf(s.ada);
    expect([after.upcoming, after.recent, after.attention]).toEqual([[], [], []]);
  });
});
