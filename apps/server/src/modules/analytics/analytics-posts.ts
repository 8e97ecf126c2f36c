import { engagementRate, POST_METRICS, type PostMetric, type TopPost } from '@relaycast/shared/analytics';
import {
  type AccountAnalytics,
  ANALYTICS_PAGE_MESSAGES,
  type AnalyticsDayRange,
  dayStartInstant,
  daysOf,
  nextDay,
  statCard,
  type TopPostSort,
  type TopPostsPage,
} from '@relaycast/shared/analytics-page';
import type { PlatformId } from '@relaycast/shared/platforms';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  type AnalyticsContext,
  type AnalyticsFilter,
  filterSql,
  rowsOf,
  toNumber,
} from './analytics.queries';

/** Top posts (from `post_metrics`) and the per-account page (from `account_metric_days`). */

const INTERACTIONS = sql.raw(
  'coalesce(pm.likes, 0) + coalesce(pm.comments, 0) + coalesce(pm.shares, 0) + coalesce(pm.saves, 0)',
);

const SORT_SQL: Record<TopPostSort, SQL> = {
  views: sql.raw('pm.views'),
  reach: sql.raw('pm.reach'),
  likes: sql.raw('pm.likes'),
  comments: sql.raw('pm.comments'),
  shares: sql.raw('pm.shares'),
  saves: sql.raw('pm.saves'),
  clicks: sql.raw('pm.clicks'),
  engagementRate: sql`case when pm.views > 0 then (${INTERACTIONS})::float8 / pm.views end`,
  linkClicks: sql.raw('lc.clicks'),
  publishedAt: sql.raw('pm.published_at'),
};

/**
 * A row's link clicks: people's clicks (not crawlers) on the short links made at publish for this post and this
 * network, to date like the row's other figures; null when there is none, so the table says "not available"
 * rather than 0 (docs/decisions/0080-short-links.md).
 */
const LINK_CLICKS = sql.raw(`
  select case when count(distinct sl.id) = 0 then null else coalesce(sum(c.count), 0) end as clicks
  from short_links sl
    left join short_link_clicks c on c.link_id = sl.id and c.crawler = ''
  where sl.post_id = pt.post_id and sl.platform = pm.platform and sl.workspace_id = pm.workspace_id`);

/** The instants [start of `from`, start of the day after `to`) in the user's zone. */
export function rangeInstants(range: AnalyticsDayRange): { start: Date; end: Date } {
  return {
    start: dayStartInstant(range.from, range.timezone),
    end: dayStartInstant(nextDay(range.to), range.timezone),
  };
}

type TopPostRow = {
  target_id: string;
  post_id: string;
  platform: string;
  account_id: string | null;
  handle: string | null;
  content: string;
  url: string | null;
  published_at: string | Date;
  media_id: string | null;
  mime_type: string | null;
  thumbnail_key: string | null;
  link_clicks: string | number | null;
  total: string | number;
} & Record<PostMetric, string | null>;

export interface TopPostsOptions {
  sort: TopPostSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

function thumbnailOf(row: TopPostRow): string | null {
  if (!row.media_id) return null;
  const id = encodeURIComponent(row.media_id);
  if (row.thumbnail_key) return `/api/media/${id}/thumbnail`;
  return row.mime_type?.startsWith('image/') ? `/api/media/${id}/file` : null;
}

/** The published posts of the range, sorted by one figure (unknown figures last), one page, in one statement. */
export async function topPosts(
  db: Db,
  context: AnalyticsContext,
  filter: AnalyticsFilter,
  options: TopPostsOptions,
): Promise<TopPostsPage> {
  const { start, end } = rangeInstants(filter.range);
  const direction = sql.raw(options.order === 'asc' ? 'asc' : 'desc');
  const rows = await rowsOf<TopPostRow>(
    db,
    sql`
    select pm.target_id, pt.post_id, pm.platform, pm.account_id, sa.handle, p.content, pt.url, pm.published_at,
      pm.views, pm.reach, pm.likes, pm.comments, pm.shares, pm.saves, pm.clicks,
      fm.id as media_id, fm.mime_type, fm.thumbnail_key, lc.clicks as link_clicks, count(*) over () as total
    from post_metrics pm
      join post_targets pt on pt.id = pm.target_id
      join posts p on p.id = pt.post_id and p.deleted_at is null
      left join social_accounts sa on sa.id = pm.account_id
      left join lateral (
        select mf.id, mf.mime_type, mf.thumbnail_key from post_media pmd
          join media_files mf on mf.id = pmd.media_id and mf.workspace_id = p.workspace_id
        where pmd.post_id = p.id order by pmd.position limit 1
      ) fm on true
      left join lateral (${LINK_CLICKS}) lc on true
    where pm.workspace_id = ${context.workspaceId}
      and pm.published_at >= ${start.toISOString()}::timestamptz
      and pm.published_at < ${end.toISOString()}::timestamptz
      ${filterSql('pm', filter)}
    order by ${SORT_SQL[options.sort]} ${direction} nulls last, pm.published_at desc, pm.target_id
    limit ${options.pageSize} offset ${(options.page - 1) * options.pageSize}`,
  );
  const items: TopPost[] = rows.map((row) => {
    const metrics = Object.fromEntries(POST_METRICS.map((m) => [m, toNumber(row[m])])) as Record<
      PostMetric,
      number | null
    >;
    const interactions =
      (metrics.likes ?? 0) + (metrics.comments ?? 0) + (metrics.shares ?? 0) + (metrics.saves ?? 0);
    return {
      targetId: row.target_id,
      postId: row.post_id,
      platform: row.platform as PlatformId,
      accountId: row.account_id,
      accountHandle: row.handle,
      text: row.content,
      thumbnailUrl: thumbnailOf(row),
      url: row.url,
      publishedAt: new Date(row.published_at).toISOString(),
      metrics,
      engagementRate: engagementRate(interactions, metrics.views ?? null),
      linkClicks: toNumber(row.link_clicks),
    };
  });
  return { items, total: Number(rows[0]?.total ?? 0), page: options.page, pageSize: options.pageSize };
}

interface AccountRow {
  id: string;
  platform: string;
  handle: string;
  display_name: string;
}

type AccountDayRow = { day: string; followers: string | null; posts_published: number } & Record<
  PostMetric,
  string | null
>;

/** One account's page: follower growth and the range's totals. Another workspace's account is a 404. */
export async function accountAnalytics(
  db: Db,
  context: AnalyticsContext,
  accountId: string,
  range: AnalyticsDayRange,
): Promise<AccountAnalytics> {
  const [accounts, days] = await Promise.all([
    rowsOf<AccountRow>(
      db,
      sql`select id, platform, handle, display_name from social_accounts
          where id = ${accountId} and workspace_id = ${context.workspaceId}`,
    ),
    rowsOf<AccountDayRow>(
      db,
      sql`select day::text as day, followers, views, reach, likes, comments, shares, saves, clicks, posts_published
          from account_metric_days
          where account_id = ${accountId} and workspace_id = ${context.workspaceId}
            and day >= ${range.previousFrom}::date and day <= ${range.to}::date
          order by day`,
    ),
  ]);
  const account = accounts[0];
  if (!account) throw new AppError('NOT_FOUND', { message: ANALYTICS_PAGE_MESSAGES.accountNotFound });

  const byDay = new Map(days.map((row) => [row.day, row]));
  const totals = Object.fromEntries(POST_METRICS.map((m) => [m, null])) as Record<PostMetric, number | null>;
  let postsPublished = 0;
  let latestCurrent: number | null = null;
  let latestPrevious: number | null = null;
  for (const row of days) {
    const followers = toNumber(row.followers);
    if (row.day < range.from) {
      if (followers !== null) latestPrevious = followers;
      continue;
    }
    if (followers !== null) latestCurrent = followers;
    postsPublished += Number(row.posts_published);
    for (const metric of POST_METRICS) {
      const value = toNumber(row[metric]);
      if (value !== null) totals[metric] = (totals[metric] ?? 0) + value;
    }
  }
  return {
    account: {
      id: account.id,
      platform: account.platform as PlatformId,
      handle: account.handle,
      displayName: account.display_name,
      demo: context.demo,
    },
    range: { from: range.from, to: range.to, timezone: range.timezone },
    followers: statCard(latestCurrent, latestPrevious),
    series: daysOf(range.from, range.to).map((day) => ({
      day,
      followers: toNumber(byDay.get(day)?.followers ?? null),
    })),
    totals,
    postsPublished,
  };
}
