import { ENGAGEMENT_METRICS, POST_METRICS, type PostMetric } from '@relaycast/shared/analytics';
import {
  ATTENTION_TARGET_STATUSES,
  DASHBOARD_LIMITS,
  type Dashboard,
  postExcerpt,
} from '@relaycast/shared/dashboard';
import type { PlatformId } from '@relaycast/shared/platforms';
import { PUBLISH_MESSAGES } from '@relaycast/shared/publishing';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { builtOnce } from '../../db/prepared';
import { accountMetricDays, postMetrics, posts, postTargets, socialAccounts } from '../../db/schema/index';

/**
 * The dashboard's own numbers for one workspace, in five statements run side by side (whatever the data size):
 * the next scheduled posts, the last published targets with their latest figures, the targets that need the
 * user, the accounts to reconnect, and the week's key numbers. Every statement is scoped to the workspace.
 */

const DAY_MS = 86_400_000;
const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);
/** Enough of a post's text for the excerpt, without reading a long post whole. */
const contentHead = sql<string>`left(${posts.content}, 400)`;

/**
 * The post of the target row being read, by its key alone: a subquery the planner may not fold into a join or
 * push a condition into (a `limit`), so each target reads its post through the primary key, and whether the
 * post is deleted is asked of the row read. Joined plainly, or with `deleted_at is null` inside, a plan made
 * while the tables were small (a new install, statistics not yet gathered) scanned every live post for each
 * target (through the index of live posts), and kept doing so as the tables grew: 5-9 ms a dashboard under the
 * mixed load (docs/decisions/0124).
 */
function targetPost(db: Db) {
  return (
    db
      .select({
        content: contentHead.as('content_head'),
        overrides: posts.overrides,
        scheduledAt: posts.scheduledAt,
        timezone: posts.timezone,
        deletedAt: posts.deletedAt,
      })
      .from(posts)
      .where(eq(posts.id, postTargets.postId))
      // One row by the key; a limit also keeps the planner from folding the subquery into the outer query.
      .limit(1)
      .as('target_post')
  );
}

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** The four selects are written once (the dashboard is a busy page); their values are placeholders. */
const workspaceIdValue = sql.placeholder('workspaceId');

const upcomingStatement = builtOnce((db) =>
  db
    .select({
      id: posts.id,
      content: contentHead,
      overrides: posts.overrides,
      platforms: posts.platforms,
      scheduledAt: posts.scheduledAt,
      timezone: posts.timezone,
    })
    .from(posts)
    .where(
      and(
        eq(posts.workspaceId, workspaceIdValue),
        isNull(posts.deletedAt),
        eq(posts.status, 'scheduled'),
        gt(posts.scheduledAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .orderBy(asc(posts.scheduledAt), asc(posts.id))
    .limit(DASHBOARD_LIMITS.upcoming),
);

async function upcomingPosts(db: Db, workspaceId: string, now: Date) {
  const rows = await upcomingStatement(db, { workspaceId, now: now.toISOString() });
  return rows.map((row) => ({
    postId: row.id,
    scheduledAt: (row.scheduledAt as Date).toISOString(),
    timezone: row.timezone,
    platforms: row.platforms as PlatformId[],
    excerpt: postExcerpt(row.content, row.overrides),
  }));
}

/** The last published targets (exported, like the next one, so a test can check the plan the database caches). */
export function recentTargetsQuery(db: Db) {
  const post = targetPost(db);
  return db
    .select({
      targetId: postTargets.id,
      postId: postTargets.postId,
      platform: postTargets.platform,
      publishedAt: postTargets.publishedAt,
      url: postTargets.url,
      handle: socialAccounts.handle,
      content: post.content,
      overrides: post.overrides,
      fetchedAt: postMetrics.fetchedAt,
      views: postMetrics.views,
      reach: postMetrics.reach,
      likes: postMetrics.likes,
      comments: postMetrics.comments,
      shares: postMetrics.shares,
      saves: postMetrics.saves,
      clicks: postMetrics.clicks,
    })
    .from(postTargets)
    .innerJoinLateral(post, sql`true`)
    .leftJoin(postMetrics, eq(postMetrics.targetId, postTargets.id))
    .leftJoin(socialAccounts, eq(socialAccounts.id, postTargets.accountId))
    .where(
      and(
        eq(postTargets.workspaceId, workspaceIdValue),
        eq(postTargets.status, 'published'),
        isNull(post.deletedAt),
      ),
    )
    .orderBy(desc(postTargets.publishedAt), desc(postTargets.id))
    .limit(DASHBOARD_LIMITS.recent);
}
const recentStatement = builtOnce(recentTargetsQuery);

async function recentTargets(db: Db, workspaceId: string) {
  const rows = await recentStatement(db, { workspaceId });
  return rows.map((row) => ({
    targetId: row.targetId,
    postId: row.postId,
    platform: row.platform as PlatformId,
    accountHandle: row.handle ?? null,
    excerpt: postExcerpt(row.content, row.overrides),
    publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
    url: row.url,
    // No figures until the collector's first pull: "collecting…", not zeros.
    metrics: row.fetchedAt
      ? (Object.fromEntries(POST_METRICS.map((metric) => [metric, toNumber(row[metric])])) as Record<
          PostMetric,
          number | null
        >)
      : null,
  }));
}

/** The targets that need the user, with how many there are. */
export function attentionTargetsQuery(db: Db) {
  const post = targetPost(db);
  return db
    .select({
      targetId: postTargets.id,
      postId: postTargets.postId,
      platform: postTargets.platform,
      status: postTargets.status,
      lastError: postTargets.lastError,
      content: post.content,
      overrides: post.overrides,
      scheduledAt: post.scheduledAt,
      timezone: post.timezone,
      total: sql<number>`count(*) over ()`,
    })
    .from(postTargets)
    .innerJoinLateral(post, sql`true`)
    .where(
      and(
        eq(postTargets.workspaceId, workspaceIdValue),
        inArray(postTargets.status, [...ATTENTION_TARGET_STATUSES]),
        isNull(post.deletedAt),
      ),
    )
    .orderBy(desc(postTargets.updatedAt), desc(postTargets.id))
    .limit(DASHBOARD_LIMITS.attention);
}
const attentionStatement = builtOnce(attentionTargetsQuery);

async function attentionTargets(db: Db, workspaceId: string) {
  const rows = await attentionStatement(db, { workspaceId });
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map((row) => {
      const platform = row.platform as PlatformId;
      return {
        targetId: row.targetId,
        postId: row.postId,
        platform,
        status: row.status,
        reason:
          row.lastError ??
          (row.status === 'needs_account'
            ? PUBLISH_MESSAGES.noAccount(platform)
            : PUBLISH_MESSAGES.unconfirmed),
        excerpt: postExcerpt(row.content, row.overrides),
        scheduledAt: row.scheduledAt?.toISOString() ?? null,
        timezone: row.timezone,
        canRetry: row.status === 'failed',
      };
    }),
  };
}

const reconnectStatement = builtOnce((db) =>
  db
    .select({
      accountId: socialAccounts.id,
      platform: socialAccounts.platform,
      handle: socialAccounts.handle,
      displayName: socialAccounts.displayName,
      lastError: socialAccounts.lastError,
    })
    .from(socialAccounts)
    .where(
      and(eq(socialAccounts.workspaceId, workspaceIdValue), eq(socialAccounts.status, 'needs_reconnect')),
    )
    .orderBy(asc(socialAccounts.platform), asc(socialAccounts.handle)),
);

async function accountsToReconnect(db: Db, workspaceId: string) {
  const rows = await reconnectStatement(db, { workspaceId });
  return rows.map((row) => ({ ...row, platform: row.platform as PlatformId }));
}

/**
 * Followers: per account, the latest snapshot of each 7-day window, summed (null when no account has one).
 * Engagements: the day rows' likes + comments + shares + saves over each window (null when no row has any).
 * Posts published: Relaycast's own targets published in each window.
 */
async function weekNumbers(db: Db, workspaceId: string, now: Date) {
  const today = utcDay(now);
  const weekStart = utcDay(new Date(now.getTime() - 6 * DAY_MS));
  const previousStart = utcDay(new Date(now.getTime() - 13 * DAY_MS));
  const instantWeekAgo = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const instantTwoWeeksAgo = new Date(now.getTime() - 14 * DAY_MS).toISOString();
  const interactions = sql.join(
    ENGAGEMENT_METRICS.map((metric) => sql`coalesce(${sql.identifier(metric)}, 0)`),
    sql` + `,
  );
  const anyInteraction = sql.join(
    ENGAGEMENT_METRICS.map((metric) => sql`${sql.identifier(metric)} is not null`),
    sql` or `,
  );
  const result = await db.execute<Record<string, unknown>>(sql`
    with days as (
      select account_id, day, followers, (${interactions}) as interactions, (${anyInteraction}) as has_interactions,
             (day >= ${weekStart}::date) as current_week
      from ${accountMetricDays}
      where workspace_id = ${workspaceId} and day >= ${previousStart}::date and day <= ${today}::date
    ), latest as (
      select distinct on (account_id, current_week) current_week, followers
      from days where followers is not null
      order by account_id, current_week, day desc
    )
    select
      (select sum(followers) from latest where current_week) as followers_current,
      (select sum(followers) from latest where not current_week) as followers_previous,
      (select sum(interactions) from days where current_week and has_interactions) as engagements_current,
      (select sum(interactions) from days where not current_week and has_interactions) as engagements_previous,
      (select count(*) from ${postTargets} where workspace_id = ${workspaceId} and status = 'published'
         and published_at > ${instantWeekAgo}::timestamptz) as posts_current,
      (select count(*) from ${postTargets} where workspace_id = ${workspaceId} and status = 'published'
         and published_at > ${instantTwoWeeksAgo}::timestamptz
         and published_at <= ${instantWeekAgo}::timestamptz) as posts_previous`);
  const [row = {}] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    followers: { current: toNumber(row.followers_current), previous: toNumber(row.followers_previous) },
    engagements: { current: toNumber(row.engagements_current), previous: toNumber(row.engagements_previous) },
    postsPublished: { current: Number(row.posts_current ?? 0), previous: Number(row.posts_previous ?? 0) },
  };
}

export async function getDashboard(db: Db, workspaceId: string, now = new Date()): Promise<Dashboard> {
  const [upcoming, recent, attention, reconnect, week] = await Promise.all([
    upcomingPosts(db, workspaceId, now),
    recentTargets(db, workspaceId),
    attentionTargets(db, workspaceId),
    accountsToReconnect(db, workspaceId),
    weekNumbers(db, workspaceId, now),
  ]);
  return { upcoming, recent, attention: attention.items, attentionTotal: attention.total, reconnect, week };
}
