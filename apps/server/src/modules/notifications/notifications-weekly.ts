import { NOTIFICATION_MESSAGES } from '@relaycast/shared/notifications';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts, postTargets } from '../../db/schema/index';
import { type NotifyDeps, notify } from './notifications.service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last full week before `now`: Monday 00:00 UTC to the next Monday 00:00 UTC (ISO weeks, in UTC). */
export function previousWeekOf(now: Date): { from: Date; to: Date } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  const to = new Date(midnight - daysSinceMonday * DAY_MS);
  return { from: new Date(to.getTime() - 7 * DAY_MS), to };
}

/**
 * The weekly summary: each author with posts published or failed last week gets, per workspace, one
 * notification with the counts. The week's dedupe key makes it single whatever the number of runs, restarts
 * or processes (the row is the record that it was sent). Nothing is sent for a week without posts.
 */
export async function sendWeeklySummaries(db: Db, deps: NotifyDeps, now: Date = new Date()): Promise<number> {
  const { from, to } = previousWeekOf(now);
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  const result = await db.execute<{
    user_id: string;
    workspace_id: string;
    published: number;
    failed: number;
  }>(sql`
    select p.author_id as user_id, p.workspace_id,
      count(*) filter (where t.status = 'published' and t.published_at >= ${fromIso}::timestamptz
                         and t.published_at < ${toIso}::timestamptz)::int as published,
      count(*) filter (where t.status = 'failed' and t.updated_at >= ${fromIso}::timestamptz
                         and t.updated_at < ${toIso}::timestamptz)::int as failed
    from ${postTargets} t join ${posts} p on p.id = t.post_id
    where p.author_id is not null and p.deleted_at is null
      and ((t.status = 'published' and t.published_at >= ${fromIso}::timestamptz and t.published_at < ${toIso}::timestamptz)
        or (t.status = 'failed' and t.updated_at >= ${fromIso}::timestamptz and t.updated_at < ${toIso}::timestamptz))
    group by p.author_id, p.workspace_id`);
  const rows = (
    result as unknown as {
      rows: { user_id: string; workspace_id: string; published: number; failed: number }[];
    }
  ).rows;
  let sent = 0;
  for (const row of rows) {
    const created = await notify(db, deps, {
      userId: row.user_id,
      workspaceId: row.workspace_id,
      kind: 'weekly_summary',
      title: NOTIFICATION_MESSAGES.weeklySummaryTitle,
      body: NOTIFICATION_MESSAGES.weeklySummaryBody(Number(row.published), Number(row.failed)),
      link: '/analytics',
      dedupeKey: `weekly_summary:${fromIso.slice(0, 10)}:${row.workspace_id}`,
    });
    if (created) sent += 1;
  }
  return sent;
}
