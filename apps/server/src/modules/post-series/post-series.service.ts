import { randomUUID } from 'node:crypto';
import {
  POST_SERIES_MESSAGES,
  type RepeatRule,
  ruleProblem,
  seriesStart,
} from '@relaycast/shared/post-series';
import { LOCKED_POST_STATUSES, type ParsedPostInput, POST_MESSAGES } from '@relaycast/shared/posts';
import { and, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { postSeries, postSeriesOccurrences, posts } from '../../db/schema/index';
import { AppError, ValidationError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import type { Tx } from '../posts/posts-create';
import { materialiseSeries, type SeriesRow } from './post-series-materialise';

/**
 * The writes of recurring posts (docs/recurring-posts.md, decision 0108): create a series, edit or delete "this
 * and following" (the series ends before the occurrence; an edit starts a new series there), and detach one post
 * ("this post only"). Published posts are never changed: only occurrences not yet published are replaced.
 */

export function seriesNotFound(): AppError {
  return new AppError('NOT_FOUND', { message: POST_SERIES_MESSAGES.notFound });
}

/** What a series stores of the composer's input: everything but the action and the instant. */
function storedPost(input: ParsedPostInput): Record<string, unknown> {
  const { action: _action, scheduledAt: _scheduledAt, ...rest } = input;
  return rest;
}

/** Writes a series and its first occurrences in `tx`; a refusal of the first post refuses it all. */
async function insertSeries(
  db: Db,
  tx: Tx,
  caller: Caller,
  input: { post: ParsedPostInput; rule: RepeatRule },
  now: Date,
): Promise<{ seriesId: string; postIds: string[] }> {
  const { post, rule } = input;
  if (post.action !== 'schedule' || !post.scheduledAt) {
    throw new ValidationError([{ path: 'post.scheduledAt', message: POST_SERIES_MESSAGES.needsSchedule }]);
  }
  if (new Date(post.scheduledAt).getTime() <= now.getTime()) {
    throw new ValidationError([{ path: 'post.scheduledAt', message: POST_MESSAGES.scheduleInPast }]);
  }
  const start = seriesStart(post.scheduledAt, post.timezone);
  const problem = ruleProblem(rule, start.date);
  if (problem) throw new ValidationError([{ path: 'rule', message: problem }]);
  const [series] = await tx
    .insert(postSeries)
    .values({
      id: randomUUID(),
      workspaceId: caller.workspaceId,
      ownerId: caller.userId,
      frequency: rule.frequency,
      interval: rule.interval,
      weekdays: rule.frequency === 'weekly' ? [...new Set(rule.weekdays)].sort() : [],
      ends: rule.ends,
      timezone: post.timezone,
      startDate: start.date,
      startTime: start.time,
      post: storedPost(post),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!series) throw new Error('the series was not written');
  const made = await materialiseSeries(db, series, now, { tx, caller });
  return { seriesId: series.id, postIds: made.postIds };
}

/** `POST /api/post-series`: a repeating post from the composer; answers the series and its first posts. */
export async function createSeries(
  db: Db,
  caller: Caller,
  input: { post: ParsedPostInput; rule: RepeatRule },
  now = new Date(),
): Promise<{ seriesId: string; postIds: string[] }> {
  return db.transaction((tx) => insertSeries(db, tx, caller, input, now));
}

/** The series' row, locked, in the caller's workspace. */
async function lockSeries(tx: Tx, workspaceId: string, seriesId: string): Promise<SeriesRow> {
  const [series] = await tx
    .select()
    .from(postSeries)
    .where(and(eq(postSeries.id, seriesId), eq(postSeries.workspaceId, workspaceId)))
    .for('update')
    .limit(1);
  if (!series) throw seriesNotFound();
  return series;
}

/** The occurrence of `postId` in the series, still part of it; refused otherwise. */
async function occurrenceOf(tx: Tx, seriesId: string, postId: string) {
  const [row] = await tx
    .select({ index: postSeriesOccurrences.occurrenceIndex, status: posts.status })
    .from(postSeriesOccurrences)
    .innerJoin(posts, eq(posts.id, postSeriesOccurrences.postId))
    .where(
      and(
        eq(postSeriesOccurrences.seriesId, seriesId),
        eq(postSeriesOccurrences.postId, postId),
        eq(postSeriesOccurrences.status, 'created'),
        isNull(posts.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: POST_SERIES_MESSAGES.notInSeries });
  if (LOCKED_POST_STATUSES.includes(row.status)) throw new AppError('POST_NOT_EDITABLE');
  return row;
}

/**
 * Ends the series before the occurrence of `postId` and deletes (softly, as the calendar's delete) the posts of
 * that occurrence and the following ones that have not reached a platform. Answers the deleted posts' ids.
 */
async function endFrom(tx: Tx, caller: Caller, seriesId: string, postId: string, now: Date) {
  const series = await lockSeries(tx, caller.workspaceId, seriesId);
  const { index } = await occurrenceOf(tx, seriesId, postId);
  const following = await tx
    .select({ postId: posts.id, status: posts.status })
    .from(postSeriesOccurrences)
    .innerJoin(posts, eq(posts.id, postSeriesOccurrences.postId))
    .where(
      and(
        eq(postSeriesOccurrences.seriesId, seriesId),
        eq(postSeriesOccurrences.status, 'created'),
        gte(postSeriesOccurrences.occurrenceIndex, index),
        isNull(posts.deletedAt),
      ),
    )
    .for('update');
  const removable = following
    .filter((row) => !LOCKED_POST_STATUSES.includes(row.status))
    .map((r) => r.postId);
  if (removable.length > 0) {
    await tx
      .update(posts)
      .set({ deletedAt: now, updatedBy: caller.userId })
      .where(and(inArray(posts.id, removable), eq(posts.workspaceId, caller.workspaceId)));
  }
  const endIndex = series.endIndex === null ? index : Math.min(series.endIndex, index);
  await tx
    .update(postSeries)
    .set({ endIndex, endedAt: now, updatedAt: now })
    .where(eq(postSeries.id, seriesId));
  return removable;
}

/** "Delete this and following": answers the deleted posts' ids (the route cancels their jobs). */
export async function deleteSeriesFrom(
  db: Db,
  caller: Caller,
  seriesId: string,
  postId: string,
  now = new Date(),
): Promise<string[]> {
  return db.transaction((tx) => endFrom(tx, caller, seriesId, postId, now));
}

/**
 * "Edit this and following": the old series ends before the occurrence (its later unpublished posts deleted) and
 * a new series starts at the edited post's time with the given content and rule. In one transaction.
 */
export async function updateSeriesFrom(
  db: Db,
  caller: Caller,
  seriesId: string,
  postId: string,
  input: { post: ParsedPostInput; rule: RepeatRule },
  now = new Date(),
): Promise<{ seriesId: string; postIds: string[]; deletedPostIds: string[] }> {
  return db.transaction(async (tx) => {
    const deletedPostIds = await endFrom(tx, caller, seriesId, postId, now);
    const created = await insertSeries(db, tx, caller, input, now);
    return { ...created, deletedPostIds };
  });
}

/** "This post only": the post leaves its series, which never changes it again. */
export async function detachPost(db: Db, caller: Caller, seriesId: string, postId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSeries(tx, caller.workspaceId, seriesId);
    await occurrenceOf(tx, seriesId, postId);
    await tx
      .update(postSeriesOccurrences)
      .set({ status: 'detached' })
      .where(and(eq(postSeriesOccurrences.seriesId, seriesId), eq(postSeriesOccurrences.postId, postId)));
  });
}
