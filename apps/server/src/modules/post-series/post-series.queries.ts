import type { PostSeries } from '@relaycast/shared/post-series';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { postSeries, postSeriesOccurrences, posts } from '../../db/schema/index';
import { seriesNotFound } from './post-series.service';
import { ruleOf, type SeriesRow } from './post-series-materialise';

/** The reads of recurring posts: the workspace's series with their posts, for the calendar and the composer. */

/** Series a list answers at most (the calendar needs those whose posts it shows). */
const LIST_LIMIT = 500;

async function toSeries(db: Db, rows: readonly SeriesRow[]): Promise<PostSeries[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const occurrences = await db
    .select({
      seriesId: postSeriesOccurrences.seriesId,
      status: postSeriesOccurrences.status,
      index: postSeriesOccurrences.occurrenceIndex,
      postId: postSeriesOccurrences.postId,
      live: sql<boolean>`${posts.id} is not null and ${posts.deletedAt} is null`,
    })
    .from(postSeriesOccurrences)
    .leftJoin(posts, eq(posts.id, postSeriesOccurrences.postId))
    .where(inArray(postSeriesOccurrences.seriesId, ids))
    .orderBy(postSeriesOccurrences.occurrenceIndex);
  return rows.map((row) => {
    const own = occurrences.filter((occurrence) => occurrence.seriesId === row.id);
    const live = own.filter((item) => item.status === 'created' && item.postId && item.live);
    return {
      id: row.id,
      rule: ruleOf(row),
      timezone: row.timezone,
      startDate: row.startDate,
      startTime: row.startTime,
      missedCount: own.filter((occurrence) => occurrence.status === 'missed').length,
      postIds: live.map((occurrence) => occurrence.postId as string),
      postIndexes: live.map((occurrence) => occurrence.index),
      endedAt: row.endedAt?.toISOString() ?? null,
    };
  });
}

/** The workspace's series: those still running, and ended ones whose posts may still be on the calendar. */
export async function listSeries(db: Db, workspaceId: string): Promise<PostSeries[]> {
  const rows = await db
    .select()
    .from(postSeries)
    .where(eq(postSeries.workspaceId, workspaceId))
    .orderBy(desc(postSeries.createdAt))
    .limit(LIST_LIMIT);
  return toSeries(db, rows);
}

/** One series of the workspace (another workspace's answers 404). */
export async function getSeries(db: Db, workspaceId: string, seriesId: string): Promise<PostSeries> {
  const [row] = await db
    .select()
    .from(postSeries)
    .where(and(eq(postSeries.id, seriesId), eq(postSeries.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw seriesNotFound();
  const [series] = await toSeries(db, [row]);
  if (!series) throw seriesNotFound();
  return series;
}
