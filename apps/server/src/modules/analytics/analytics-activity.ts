import type { AnalyticsActivity } from '@relaycast/shared/analytics-activity';
import { isPlatformId } from '@relaycast/shared/platforms';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type AnalyticsContext,
  type AnalyticsFilter,
  filterSql,
  rowsOf,
  toNumber,
} from './analytics.queries';
import { rangeInstants } from './analytics-posts';

/**
 * Relaycast's own records for /analytics (docs/analytics.md): posts published and failed per platform, inbox actions and
 * response times, and live streams, in the range of the page's filter. Three statements, run together, each
 * bounded by the workspace and the range through existing indexes (post_targets by post, inbox items by
 * workspace and arrival, engagement actions by workspace and time, stream sessions by workspace and start).
 */
export async function relaycastActivity(
  db: Db,
  context: AnalyticsContext,
  filter: AnalyticsFilter,
): Promise<AnalyticsActivity> {
  const { start, end } = rangeInstants(filter.range);
  const from = start.toISOString();
  const to = end.toISOString();
  const [postRows, engagementRows, streamRows] = await Promise.all([
    rowsOf<{ platform: string; published: string; failed: string }>(
      db,
      sql`select t.platform,
            count(*) filter (where t.status = 'published' and t.published_at >= ${from}::timestamptz
                                   and t.published_at < ${to}::timestamptz) as published,
            count(*) filter (where t.status = 'failed' and t.updated_at >= ${from}::timestamptz
                                   and t.updated_at < ${to}::timestamptz) as failed
          from post_targets t join posts p on p.id = t.post_id
          where p.workspace_id = ${context.workspaceId} and t.status in ('published', 'failed')
            and coalesce(t.published_at, t.updated_at) >= ${from}::timestamptz
            and coalesce(t.published_at, t.updated_at) < ${to}::timestamptz
            ${filterSql('t', filter)}
          group by t.platform
          order by t.platform`,
    ),
    rowsOf<{
      likes: string;
      replies: string;
      messages: string;
      received: string;
      answered: string;
      median_minutes: string | null;
    }>(
      db,
      sql`with sent as (
            select count(*) filter (where a.action = 'like') as likes,
                   count(*) filter (where a.action = 'comment') as replies,
                   count(*) filter (where a.action = 'dm') as messages
            from engagement_actions a
            where a.workspace_id = ${context.workspaceId} and a.outcome = 'sent'
              and a.timestamp >= ${from}::timestamptz and a.timestamp < ${to}::timestamptz
              ${filterSql('a', filter)}
          ), received as (
            select count(*) as received,
                   count(i.first_reply_at) as answered,
                   percentile_cont(0.5) within group (
                     order by extract(epoch from (i.first_reply_at - i.arrived_at)) / 60
                   ) filter (where i.first_reply_at is not null) as median_minutes
            from inbox_items i
            where i.workspace_id = ${context.workspaceId}
              and i.arrived_at >= ${from}::timestamptz and i.arrived_at < ${to}::timestamptz
              ${filterSql('i', filter)}
          )
          select * from sent, received`,
    ),
    rowsOf<{
      count: string;
      failed: string;
      live_seconds: string | null;
      peak: string | null;
      destinations: string;
      viewers: string | null;
    }>(
      db,
      sql`with s as (
            select id, status, live_at, coalesce(ended_at, now()) as until
            from stream_sessions
            where workspace_id = ${context.workspaceId}
              and live_at >= ${from}::timestamptz and live_at < ${to}::timestamptz
          )
          select count(*) as count,
            count(*) filter (where s.status = 'failed') as failed,
            sum(extract(epoch from (s.until - s.live_at))) as live_seconds,
            (select max(m.bitrate_kbps) from stream_samples m where m.session_id in (select id from s)) as peak,
            (select count(distinct d.destination_id) from stream_session_destinations d
               where d.session_id in (select id from s)) as destinations,
            (select max(d.viewers_peak) from stream_session_destinations d
               where d.session_id in (select id from s)) as viewers
          from s`,
    ),
  ]);

  const byPlatform = postRows
    .filter((row) => isPlatformId(row.platform))
    .map((row) => ({
      platform: row.platform as AnalyticsActivity['posts']['byPlatform'][number]['platform'],
      published: toNumber(row.published) ?? 0,
      failed: toNumber(row.failed) ?? 0,
    }));
  const engagement = engagementRows[0];
  const streams = streamRows[0];
  const median = toNumber(engagement?.median_minutes);
  return {
    range: { from: filter.range.from, to: filter.range.to, timezone: filter.range.timezone },
    posts: {
      published: byPlatform.reduce((sum, row) => sum + row.published, 0),
      failed: byPlatform.reduce((sum, row) => sum + row.failed, 0),
      byPlatform,
    },
    engagement: {
      likes: toNumber(engagement?.likes) ?? 0,
      replies: toNumber(engagement?.replies) ?? 0,
      messages: toNumber(engagement?.messages) ?? 0,
      itemsReceived: toNumber(engagement?.received) ?? 0,
      itemsAnswered: toNumber(engagement?.answered) ?? 0,
      medianResponseMinutes: median === null ? null : Math.round(median * 10) / 10,
    },
    streams: {
      count: toNumber(streams?.count) ?? 0,
      failed: toNumber(streams?.failed) ?? 0,
      liveSeconds: Math.round(toNumber(streams?.live_seconds) ?? 0),
      peakBitrateKbps: toNumber(streams?.peak),
      destinations: toNumber(streams?.destinations) ?? 0,
      peakViewers: toNumber(streams?.viewers),
    },
  };
}
