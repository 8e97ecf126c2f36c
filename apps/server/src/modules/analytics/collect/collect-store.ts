import {
  ENGAGEMENT_METRICS,
  type MetricSources,
  POST_FOLLOW_UP,
  POST_METRICS,
  type PostMetric,
} from '@relaycast/shared/analytics';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accountMetricDays, postMetricDays, postMetrics } from '../../../db/schema/index';
import type { PlatformFigure } from '../../../platforms/types';

/**
 * Where collected figures go: a post's latest cumulative counters (post_metrics), its snapshot for the day
 * (post_metric_days: re-pulling a day replaces it), and the account's day row (account_metric_days) whose post
 * counters are derived: for each post pulled that day, its cumulative minus its previous snapshot, summed over the
 * account's posts (null when no post has the metric: never 0 for a figure nobody gives).
 */

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** A post no longer followed (after 90 days, or gone from its platform) waits here. */
export const NEVER = new Date('9999-12-31T00:00:00.000Z');

export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** When to pull a post next, from its age (POST_FOLLOW_UP): hourly, daily, weekly, then never. */
export function nextFetchAt(publishedAt: Date, now: Date): Date {
  const age = now.getTime() - publishedAt.getTime();
  if (age < POST_FOLLOW_UP.hourlyUntilMs) return new Date(now.getTime() + HOUR);
  if (age < POST_FOLLOW_UP.dailyUntilMs) return new Date(now.getTime() + DAY);
  if (age < POST_FOLLOW_UP.weeklyUntilMs) return new Date(now.getTime() + 7 * DAY);
  return NEVER;
}

type Figures = Partial<Record<PostMetric, PlatformFigure>>;

function valuesOf(figures: Figures): Record<PostMetric, number | null> {
  return Object.fromEntries(POST_METRICS.map((m) => [m, figures[m]?.value ?? null])) as Record<
    PostMetric,
    number | null
  >;
}

export function sourcesOf(figures: Figures): MetricSources<string> {
  const sources: MetricSources<string> = {};
  for (const metric of POST_METRICS) {
    const figure = figures[metric];
    if (figure) sources[metric] = { platformMetric: figure.platformMetric, kind: figure.kind };
  }
  return sources;
}

/** Interactions counted by the engagement rate, or null when the platform gives none of them. */
function engagements(values: Record<PostMetric, number | null>): number | null {
  const known = ENGAGEMENT_METRICS.map((m) => values[m]).filter((v): v is number => v !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
}

/** Stores one post's pull: latest figures, next pull, the 48-hour interactions once, and the day's snapshot. */
export async function storePostPull(
  db: Db,
  row: { targetId: string; publishedAt: Date; engagements48h: number | null },
  figures: Figures,
  now: Date,
): Promise<void> {
  const values = valuesOf(figures);
  const first48h =
    row.engagements48h === null && now.getTime() - row.publishedAt.getTime() >= POST_FOLLOW_UP.hourlyUntilMs;
  await db
    .update(postMetrics)
    .set({
      ...values,
      sources: sourcesOf(figures),
      fetchedAt: now,
      nextFetchAt: nextFetchAt(row.publishedAt, now),
      failures: 0,
      lastError: null,
      ...(first48h ? { engagements48h: engagements(values) } : {}),
    })
    .where(sql`${postMetrics.targetId} = ${row.targetId}`);
  await db
    .insert(postMetricDays)
    .values({ targetId: row.targetId, day: dayOf(now), ...values, fetchedAt: now })
    .onConflictDoUpdate({
      target: [postMetricDays.targetId, postMetricDays.day],
      set: { ...values, fetchedAt: now },
    });
}

/** The account's followers for the day (the day's last pull wins). */
export async function storeFollowers(
  db: Db,
  account: { id: string; workspaceId: string; platform: string },
  followers: PlatformFigure | undefined,
  now: Date,
): Promise<void> {
  const sources: MetricSources<string> = followers
    ? { followers: { platformMetric: followers.platformMetric, kind: followers.kind } }
    : {};
  await db
    .insert(accountMetricDays)
    .values({
      accountId: account.id,
      day: dayOf(now),
      workspaceId: account.workspaceId,
      platform: account.platform,
      followers: followers?.value ?? null,
      sources,
      fetchedAt: now,
    })
    .onConflictDoUpdate({
      target: [accountMetricDays.accountId, accountMetricDays.day],
      set: {
        followers: followers?.value ?? null,
        sources: sql`${accountMetricDays.sources} || ${JSON.stringify(sources)}::jsonb`,
        fetchedAt: now,
      },
    });
}

/**
 * Recomputes the account's row for each day: per metric, the sum over the account's posts snapshotted that day of
 * (that day's cumulative − the post's previous snapshot, or 0 before its first); posts published that day from
 * post_targets. Followers are kept as stored by the account pull.
 */
export async function recomputeAccountDays(
  db: Db,
  account: { id: string; workspaceId: string; platform: string },
  days: string[],
  now: Date,
): Promise<void> {
  for (const day of [...new Set(days)]) {
    const deltas = POST_METRICS.map(
      (m) =>
        sql`sum(d.${sql.identifier(m)} - coalesce(p.${sql.identifier(m)}, 0))::bigint as ${sql.identifier(m)}`,
    );
    const result = (await db.execute(sql`
      select ${sql.join(deltas, sql`, `)},
        (select count(*)::int from post_targets t
          where t.account_id = ${account.id} and t.status = 'published'
            and (t.published_at at time zone 'UTC')::date = ${day}::date) as posts_published,
        (select coalesce(jsonb_object_agg(s.key, s.value), '{}'::jsonb) from post_metrics pm,
          jsonb_each(pm.sources) s where pm.account_id = ${account.id}) as sources
      from post_metric_days d
      join post_metrics m on m.target_id = d.target_id and m.account_id = ${account.id}
      left join lateral (
        select * from post_metric_days q where q.target_id = d.target_id and q.day < d.day
        order by q.day desc limit 1
      ) p on true
      where d.day = ${day}::date`)) as unknown as { rows: Record<string, unknown>[] };
    const row = result.rows[0] ?? {};
    const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    const metrics = Object.fromEntries(POST_METRICS.map((m) => [m, num(row[m])])) as Record<
      PostMetric,
      number | null
    >;
    const postsPublished = Number(row.posts_published ?? 0);
    const sources = (row.sources ?? {}) as MetricSources<string>;
    await db
      .insert(accountMetricDays)
      .values({
        accountId: account.id,
        day,
        workspaceId: account.workspaceId,
        platform: account.platform,
        ...metrics,
        postsPublished,
        sources,
        fetchedAt: now,
      })
      .onConflictDoUpdate({
        target: [accountMetricDays.accountId, accountMetricDays.day],
        set: {
          ...metrics,
          postsPublished,
          // The posts' sources replace the day's post-metric sources; the followers' source stays.
          sources: sql`${JSON.stringify(sources)}::jsonb || (${accountMetricDays.sources} - array[${sql.join(
            POST_METRICS.map((m) => sql`${m}`),
            sql`, `,
          )}]::text[])`,
          fetchedAt: now,
        },
      });
  }
}
