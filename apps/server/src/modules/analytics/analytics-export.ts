import { METRIC_LABELS, POST_METRICS, type PostMetric } from '@relaycast/shared/analytics';
import { csvLine, dayStartInstant, nextDay } from '@relaycast/shared/analytics-page';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shortLinkClickRows } from '../short-links/short-links.queries';
import {
  type AnalyticsContext,
  type AnalyticsFilter,
  filterSql,
  rowsOf,
  toNumber,
} from './analytics.queries';
import { topPosts } from './analytics-posts';

/**
 * GET /api/analytics/export.csv: the daily rows of the filtered accounts, a blank line, then the top posts of the
 * range by views. A figure the platform does not give is "not available"; text cells a spreadsheet would read as
 * a formula are escaped (csvCell), then the clicks of the workspace's short links over the same days, per link
 * with its visitors' countries (docs/short-links.md; link-preview crawlers apart). A few statements whatever the
 * size.
 */

export const EXPORT_TOP_POSTS = 100;

type DayRow = {
  day: string;
  platform: string;
  handle: string;
  followers: string | null;
  posts_published: number;
} & Record<PostMetric, string | null>;

export async function analyticsCsv(
  db: Db,
  context: AnalyticsContext,
  filter: AnalyticsFilter,
  shortLinkBase: string,
) {
  const { from, to } = filter.range;
  const [days, posts, links] = await Promise.all([
    rowsOf<DayRow>(
      db,
      sql`select d.day::text as day, d.platform, sa.handle, d.followers,
            d.views, d.reach, d.likes, d.comments, d.shares, d.saves, d.clicks, d.posts_published
          from account_metric_days d join social_accounts sa on sa.id = d.account_id
          where d.workspace_id = ${context.workspaceId}
            and d.day >= ${from}::date and d.day <= ${to}::date
            ${filterSql('d', filter)}
          order by d.day, d.platform, sa.handle`,
    ),
    topPosts(db, context, filter, { sort: 'views', order: 'desc', page: 1, pageSize: EXPORT_TOP_POSTS }),
    linkClicksOf(db, context, filter, shortLinkBase),
  ]);
  const labels = POST_METRICS.map((metric) => METRIC_LABELS[metric]);
  const lines = [
    csvLine([
      `Relaycast analytics ${from} to ${to} (${filter.range.timezone})${context.demo ? ' (demo data)' : ''}`,
    ]),
    csvLine(['Day', 'Platform', 'Account', 'Followers', ...labels, 'Posts published']),
    ...days.map((row) =>
      csvLine([
        row.day,
        row.platform,
        row.handle,
        toNumber(row.followers),
        ...POST_METRICS.map((metric) => toNumber(row[metric])),
        Number(row.posts_published),
      ]),
    ),
    '',
    csvLine(['Top posts by views']),
    csvLine([
      'Published at',
      'Platform',
      'Account',
      'Text',
      'Link',
      ...labels,
      'Engagement rate (%)',
      'Link clicks',
    ]),
    ...posts.items.map((post) =>
      csvLine([
        post.publishedAt,
        post.platform,
        post.accountHandle,
        post.text,
        post.url,
        ...POST_METRICS.map((metric) => post.metrics[metric] ?? null),
        post.engagementRate === null ? null : Math.round(post.engagementRate * 100) / 100,
        post.linkClicks,
      ]),
    ),
    '',
    csvLine(['Link clicks']),
    csvLine([
      'Short link',
      'Address',
      'Network',
      'Post',
      'Clicks',
      'Unique visitors',
      'Link previews',
      'Countries (IP geolocation by DB-IP)',
    ]),
    ...links.map((row) =>
      csvLine([
        row.shortUrl,
        row.target,
        row.platform ?? 'made by hand',
        row.postExcerpt ?? '',
        row.clicks,
        row.visitors,
        row.crawlerHits,
        countriesCell(row.countries),
      ]),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The short links' clicks over the filter's days (from the first day's start to the end of the last, in the
 * user's time zone), on the filter's networks and accounts (a link counts for the account its post went to on
 * the link's network); a link made by hand has neither and is kept only when no network or account is chosen.
 */
export async function linkClicksOf(
  db: Db,
  context: Pick<AnalyticsContext, 'workspaceId'>,
  filter: Pick<AnalyticsFilter, 'range' | 'platforms' | 'accounts'>,
  shortLinkBase: string,
) {
  const { from, to, timezone } = filter.range;
  return shortLinkClickRows(
    db,
    context,
    { from: dayStartInstant(from, timezone), to: dayStartInstant(nextDay(to), timezone) },
    shortLinkBase,
    { platforms: filter.platforms, accounts: filter.accounts },
  );
}

/** A link's countries in one cell, most clicks first: "US (2); DE (1)". */
function countriesCell(countries: readonly { country: string; clicks: number }[]): string {
  return countries.map((row) => `${row.country} (${row.clicks})`).join('; ');
}
