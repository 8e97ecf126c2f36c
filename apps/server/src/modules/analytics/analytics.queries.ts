import {
  type AnalyticsOverview,
  type analyticsQuerySchema,
  engagementRate,
  parsePlatformList,
} from '@relaycast/shared/analytics';
import {
  type AnalyticsDayRange,
  bucketLabel,
  bucketStart,
  DAY_BUCKET_MAX_DAYS,
  daysOf,
  resolveDayRange,
  statCard,
} from '@relaycast/shared/analytics-page';
import type { PlatformId } from '@relaycast/shared/platforms';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/app-error';
import { serverTimeZoneOf } from '../settings/settings.service';

/**
 * The /analytics reads (docs/analytics.md). Figures come only from `account_metric_days` (per account-day) and
 * `post_metrics` (per published target), which the collectors fill. Each read is a fixed number of statements
 * whatever the data size: the context (time zone, demo flag), then one or two aggregates run side by side.
 */

export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

export interface AnalyticsContext {
  workspaceId: string;
  timezone: string;
  demo: boolean;
}

export interface AnalyticsFilter {
  range: AnalyticsDayRange;
  platforms: PlatformId[];
  accounts: string[];
}

/** A numeric aggregate as a number (PostgreSQL sums of bigint come back as text), null kept. */
export function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The workspace's demo flag and the user's time zone (serverTimeZoneOf: the setting, else their browser's), in one statement. */
export async function loadAnalyticsContext(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<AnalyticsContext> {
  const [row] = await rowsOf<{ is_demo: boolean; setting: string | null; browser_zone: string | null }>(
    db,
    sql`select w.is_demo,
          (select s.timezone from user_settings s where s.user_id = ${userId}) as setting,
          (select u.timezone from users u where u.id = ${userId}) as browser_zone
        from workspaces w where w.id = ${workspaceId}`,
  );
  return {
    workspaceId,
    timezone: serverTimeZoneOf(row?.setting, row?.browser_zone),
    demo: row?.is_demo ?? false,
  };
}

export function resolveFilter(query: AnalyticsQuery, timezone: string, now = new Date()): AnalyticsFilter {
  const range = resolveDayRange(query, timezone, now);
  if ('error' in range) throw new ValidationError([{ path: 'from', message: range.error }]);
  const accounts = (query.accounts ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0)
    .slice(0, 500);
  return { range, platforms: parsePlatformList(query.platforms), accounts };
}

function listSql(values: string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** The platform and account conditions on a table alias that has `platform` and `account_id` columns. */
export function filterSql(alias: string, filter: AnalyticsFilter): SQL {
  const parts: SQL[] = [];
  if (filter.platforms.length > 0) {
    parts.push(sql`and ${sql.raw(alias)}.platform in (${listSql(filter.platforms)})`);
  }
  if (filter.accounts.length > 0) {
    parts.push(sql`and ${sql.raw(alias)}.account_id in (${listSql(filter.accounts)})`);
  }
  return sql.join(parts, sql` `);
}

interface DayRow {
  day: string;
  platform: string;
  views: string | null;
  shares: string | null;
  comments: string | null;
  interactions_with_views: string | null;
  engagements: string | null;
  posts: string | null;
}

interface FollowerRow {
  account_id: string;
  platform: string;
  current: string | null;
  previous: string | null;
}

/** One statement: the per-day, per-platform sums over the range and the previous period. */
export function dailyAggregateSql(context: AnalyticsContext, filter: AnalyticsFilter): SQL {
  const { previousFrom, to } = filter.range;
  return sql`
    select d.day::text as day, d.platform,
      sum(d.views) as views, sum(d.shares) as shares, sum(d.comments) as comments,
      sum(case when d.views is not null then
        coalesce(d.likes, 0) + coalesce(d.comments, 0) + coalesce(d.shares, 0) + coalesce(d.saves, 0) end)
        as interactions_with_views,
      sum(case when coalesce(d.likes, d.comments, d.shares, d.saves) is not null then
        coalesce(d.likes, 0) + coalesce(d.comments, 0) + coalesce(d.shares, 0) + coalesce(d.saves, 0) end)
        as engagements,
      sum(d.posts_published) as posts
    from account_metric_days d
    where d.workspace_id = ${context.workspaceId}
      and d.day >= ${previousFrom}::date and d.day <= ${to}::date
      ${filterSql('d', filter)}
    group by d.day, d.platform`;
}

/**
 * One statement: each account's latest follower count in the range and in the previous period, found by two
 * backward probes of the (account_id, day) key per account rather than by reading every day of every account.
 */
function latestFollowersSql(context: AnalyticsContext, filter: AnalyticsFilter): SQL {
  const { previousFrom, previousTo, from, to } = filter.range;
  const latestBetween = (start: string, end: string) => sql`(
    select d.followers from account_metric_days d
    where d.account_id = a.id and d.day >= ${start}::date and d.day <= ${end}::date and d.followers is not null
    order by d.day desc limit 1)`;
  const conditions: SQL[] = [];
  if (filter.platforms.length > 0) conditions.push(sql`and a.platform in (${listSql(filter.platforms)})`);
  if (filter.accounts.length > 0) conditions.push(sql`and a.id in (${listSql(filter.accounts)})`);
  return sql`
    select a.id as account_id, a.platform,
      ${latestBetween(from, to)} as current, ${latestBetween(previousFrom, previousTo)} as previous
    from social_accounts a
    where a.workspace_id = ${context.workspaceId} ${sql.join(conditions, sql` `)}`;
}

/** Sums that stay null when nothing was known (never a made-up 0). */
function addKnown(total: number | null, value: number | null): number | null {
  if (value === null) return total;
  return (total ?? 0) + value;
}

export async function analyticsOverview(
  db: Db,
  context: AnalyticsContext,
  filter: AnalyticsFilter,
): Promise<AnalyticsOverview> {
  const [dayRows, followerRows] = await Promise.all([
    rowsOf<DayRow>(db, dailyAggregateSql(context, filter)),
    rowsOf<FollowerRow>(db, latestFollowersSql(context, filter)),
  ]);
  const { range } = filter;
  const bucket = range.days > DAY_BUCKET_MAX_DAYS ? 'week' : 'day';

  const periods = {
    current: { views: null as number | null, withViews: null as number | null },
    previous: { views: null as number | null, withViews: null as number | null },
  };
  const shares = { current: null as number | null, previous: null as number | null };
  const comments = { current: null as number | null, previous: null as number | null };
  const followers = { current: null as number | null, previous: null as number | null };
  const points = new Map<string, { engagements: number | null; views: number | null }>();
  for (const day of daysOf(range.from, range.to)) {
    const start = bucketStart(day, bucket);
    if (!points.has(start)) points.set(start, { engagements: null, views: null });
  }
  const platforms = new Map<
    string,
    { engagements: number | null; followers: number | null; posts: number }
  >();
  const platformEntry = (platform: string) => {
    let entry = platforms.get(platform);
    if (!entry) {
      entry = { engagements: null, followers: null, posts: 0 };
      platforms.set(platform, entry);
    }
    return entry;
  };

  for (const row of dayRows) {
    const period = row.day >= range.from ? 'current' : 'previous';
    const views = toNumber(row.views);
    periods[period].views = addKnown(periods[period].views, views);
    periods[period].withViews = addKnown(periods[period].withViews, toNumber(row.interactions_with_views));
    shares[period] = addKnown(shares[period], toNumber(row.shares));
    comments[period] = addKnown(comments[period], toNumber(row.comments));
    if (period === 'previous') continue;
    const engagements = toNumber(row.engagements);
    const point = points.get(bucketStart(row.day, bucket));
    if (point) {
      point.engagements = addKnown(point.engagements, engagements);
      point.views = addKnown(point.views, views);
    }
    const entry = platformEntry(row.platform);
    entry.engagements = addKnown(entry.engagements, engagements);
    entry.posts += toNumber(row.posts) ?? 0;
  }
  for (const row of followerRows) {
    const current = toNumber(row.current);
    followers.current = addKnown(followers.current, current);
    followers.previous = addKnown(followers.previous, toNumber(row.previous));
    if (current !== null) {
      const entry = platformEntry(row.platform);
      entry.followers = addKnown(entry.followers, current);
    }
  }

  const rate = (period: 'current' | 'previous') =>
    periods[period].withViews === null
      ? null
      : engagementRate(periods[period].withViews ?? 0, periods[period].views);
  return {
    range: {
      from: range.from,
      to: range.to,
      previousFrom: range.previousFrom,
      previousTo: range.previousTo,
      timezone: range.timezone,
    },
    cards: {
      totalFollowers: statCard(followers.current, followers.previous),
      engagementRate: statCard(rate('current'), rate('previous')),
      totalShares: statCard(shares.current, shares.previous),
      comments: statCard(comments.current, comments.previous),
    },
    engagement: {
      bucket,
      points: [...points.entries()].map(([start, point]) => ({
        label: bucketLabel(start, bucket, range.days),
        start,
        engagements: point.engagements,
        views: point.views,
      })),
    },
    platforms: [...platforms.entries()]
      .map(([platform, entry]) => ({ platform: platform as PlatformId, ...entry }))
      .sort((a, b) => (b.engagements ?? -1) - (a.engagements ?? -1) || a.platform.localeCompare(b.platform)),
    demo: context.demo,
  };
}
