import { METRIC_LABELS, POST_METRICS, type PostMetric } from '@relaycast/shared/analytics';
import { csvLine } from '@relaycast/shared/analytics-page';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
 * a formula are escaped (csvCell). Two statements whatever the size.
 */

export const EXPORT_TOP_POSTS = 100;

type DayRow = {
  day: string;
  platform: string;
  handle: string;
  followers: string | null;
  posts_published: number;
} & Record<PostMetric, string | null>;

export async function analyticsCsv(db: Db, context: AnalyticsContext, filter: AnalyticsFilter) {
  const { from, to } = filter.range;
  const [days, posts] = await Promise.all([
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
    csvLine(['Published at', 'Platform', 'Account', 'Text', 'Link', ...labels, 'Engagement rate (%)']),
    ...posts.items.map((post) =>
      csvLine([
        post.publishedAt,
        post.platform,
        post.accountHandle,
        post.text,
        post.url,
        ...POST_METRICS.map((metric) => post.metrics[metric] ?? null),
        post.engagementRate === null ? null : Math.round(post.engagementRate * 100) / 100,
      ]),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
