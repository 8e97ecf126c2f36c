import { randomUUID } from 'node:crypto';
import {
  DUE_WINDOW_MINUTES,
  type ListPlannedStreamsQuery,
  type ParsedPlannedStreamInput,
  PLANNED_STREAM_MESSAGES,
  type PlannedStream,
} from '@relaycast/shared/planned-streams';
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plannedStreams, streamDestinations, users } from '../../db/schema/index';
import { AppError, ValidationError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { findStreamableMedia } from '../media/media-streamable';

/** Whose planned streams: the caller's own, in the workspace they work in. */
export type PlannedStreamOwner = Pick<Caller, 'userId' | 'workspaceId'>;

type Row = typeof plannedStreams.$inferSelect;

/** The most planned streams one list returns. */
const MAX_LIST = 500;

export function toPlannedStream(row: Row): PlannedStream {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    scheduledAt: row.scheduledAt.toISOString(),
    timezone: row.timezone,
    destinationIds: row.destinationIds,
    source: row.mediaId ? { kind: 'media', mediaId: row.mediaId, loop: row.mediaLoop } : null,
    autoStart: row.autoStartedAt
      ? {
          startedAt: row.autoStartedAt.toISOString(),
          sessionId: row.autoStartSessionId,
          error: row.autoStartError,
        }
      : null,
    remindedAt: row.remindedAt?.toISOString() ?? null,
    dismissedAt: row.dismissedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const owned = (owner: PlannedStreamOwner) =>
  and(eq(plannedStreams.workspaceId, owner.workspaceId), eq(plannedStreams.userId, owner.userId));

const notFound = () => new AppError('NOT_FOUND', { message: PLANNED_STREAM_MESSAGES.notFound });

/** The chosen destinations must be the owner's own saved ones. */
async function checkDestinations(db: Db, owner: PlannedStreamOwner, ids: readonly string[]) {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: streamDestinations.id })
    .from(streamDestinations)
    .where(
      and(
        eq(streamDestinations.workspaceId, owner.workspaceId),
        eq(streamDestinations.userId, owner.userId),
        inArray(streamDestinations.id, [...ids]),
      ),
    );
  if (found.length !== ids.length) {
    throw new ValidationError([
      { path: 'destinationIds', message: PLANNED_STREAM_MESSAGES.unknownDestination },
    ]);
  }
}

/** A pre-recorded stream's video must be a video of the workspace's library (404 / 400 otherwise). */
async function checkSource(db: Db, owner: PlannedStreamOwner, input: ParsedPlannedStreamInput) {
  if (input.source) await findStreamableMedia(db, owner, input.source.mediaId);
  return { mediaId: input.source?.mediaId ?? null, mediaLoop: input.source?.loop ?? false };
}

function checkFuture(scheduledAt: Date, now: Date) {
  if (scheduledAt.getTime() <= now.getTime()) {
    throw new ValidationError([{ path: 'scheduledAt', message: PLANNED_STREAM_MESSAGES.inPast }]);
  }
}

/**
 * Planned streams in a range (by start), everyone's in the workspace: the shared calendar (docs/decisions/0044-workspaces.md), with who
 * planned and last changed each; another member's shows no destinations (they are its planner's). Without a
 * range, the caller's own that are not yet past their due window (the Schedule Stream page's list).
 */
export async function listPlannedStreams(
  db: Db,
  owner: PlannedStreamOwner,
  query: ListPlannedStreamsQuery,
  now: Date = new Date(),
): Promise<PlannedStream[]> {
  const range =
    query.from || query.to
      ? and(
          query.from ? gte(plannedStreams.scheduledAt, new Date(query.from)) : undefined,
          query.to ? lt(plannedStreams.scheduledAt, new Date(query.to)) : undefined,
        )
      : gte(plannedStreams.scheduledAt, new Date(now.getTime() - DUE_WINDOW_MINUTES * 60_000));
  const shared = Boolean(query.from || query.to);
  const rows = await db
    .select({
      row: plannedStreams,
      createdByName: sql<
        string | null
      >`(select u.name from ${users} u where u.id = ${plannedStreams.userId})`,
      updatedByName: sql<
        string | null
      >`(select u.name from ${users} u where u.id = ${plannedStreams.updatedBy})`,
    })
    .from(plannedStreams)
    .where(and(shared ? eq(plannedStreams.workspaceId, owner.workspaceId) : owned(owner), range))
    .orderBy(asc(plannedStreams.scheduledAt), asc(plannedStreams.id))
    .limit(MAX_LIST);
  return rows.map(({ row, createdByName, updatedByName }) => {
    // Someone else's (only in a range): shown with names, without the planner's destinations.
    const isYours = row.userId === owner.userId;
    const stream = toPlannedStream(row);
    return {
      ...stream,
      destinationIds: isYours ? stream.destinationIds : [],
      createdByName,
      updatedByName,
      isYours,
    };
  });
}

/** Due now: started less than the due window ago and not dismissed (the banner on /dashboard and /streaming). */
export async function listDueStreams(db: Db, owner: PlannedStreamOwner, now: Date = new Date()) {
  const rows = await db
    .select()
    .from(plannedStreams)
    .where(
      and(
        owned(owner),
        isNull(plannedStreams.dismissedAt),
        lte(plannedStreams.scheduledAt, now),
        gt(plannedStreams.scheduledAt, new Date(now.getTime() - DUE_WINDOW_MINUTES * 60_000)),
      ),
    )
    .orderBy(asc(plannedStreams.scheduledAt));
  return rows.map(toPlannedStream);
}

export async function getPlannedStream(
  db: Db,
  owner: PlannedStreamOwner,
  id: string,
): Promise<PlannedStream> {
  const [row] = await db
    .select()
    .from(plannedStreams)
    .where(and(owned(owner), eq(plannedStreams.id, id)));
  if (!row) throw notFound();
  return toPlannedStream(row);
}

export async function createPlannedStream(
  db: Db,
  owner: PlannedStreamOwner,
  input: ParsedPlannedStreamInput,
  now: Date = new Date(),
): Promise<PlannedStream> {
  const scheduledAt = new Date(input.scheduledAt);
  checkFuture(scheduledAt, now);
  await checkDestinations(db, owner, input.destinationIds);
  const source = await checkSource(db, owner, input);
  const [row] = await db
    .insert(plannedStreams)
    .values({
      id: randomUUID(),
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      updatedBy: owner.userId,
      title: input.title,
      description: input.description,
      scheduledAt,
      timezone: input.timezone,
      destinationIds: input.destinationIds,
      ...source,
    })
    .returning();
  return toPlannedStream(row!);
}

/**
 * Replaces a planned stream. Moving it to a new time (which must be in the future) makes its reminder and its
 * banner due again.
 */
export async function updatePlannedStream(
  db: Db,
  owner: PlannedStreamOwner,
  id: string,
  input: ParsedPlannedStreamInput,
  now: Date = new Date(),
): Promise<PlannedStream> {
  const current = await getPlannedStream(db, owner, id);
  const scheduledAt = new Date(input.scheduledAt);
  const isMoved = scheduledAt.getTime() !== Date.parse(current.scheduledAt);
  if (isMoved) checkFuture(scheduledAt, now);
  await checkDestinations(db, owner, input.destinationIds);
  const source = await checkSource(db, owner, input);
  const [row] = await db
    .update(plannedStreams)
    .set({
      title: input.title,
      description: input.description,
      scheduledAt,
      timezone: input.timezone,
      destinationIds: input.destinationIds,
      ...source,
      updatedBy: owner.userId,
      updatedAt: now,
      // Moved: the reminder, the banner and a pre-recorded stream's automatic start are due again.
      ...(isMoved
        ? {
            remindedAt: null,
            dismissedAt: null,
            autoStartedAt: null,
            autoStartSessionId: null,
            autoStartError: null,
          }
        : {}),
    })
    .where(and(owned(owner), eq(plannedStreams.id, id)))
    .returning();
  if (!row) throw notFound();
  return toPlannedStream(row);
}

export async function dismissPlannedStream(
  db: Db,
  owner: PlannedStreamOwner,
  id: string,
  now: Date = new Date(),
): Promise<PlannedStream> {
  const [row] = await db
    .update(plannedStreams)
    .set({ dismissedAt: now })
    .where(and(owned(owner), eq(plannedStreams.id, id)))
    .returning();
  if (!row) throw notFound();
  return toPlannedStream(row);
}

export async function deletePlannedStream(db: Db, owner: PlannedStreamOwner, id: string): Promise<void> {
  const deleted = await db
    .delete(plannedStreams)
    .where(and(owned(owner), eq(plannedStreams.id, id)))
    .returning({ id: plannedStreams.id });
  if (deleted.length === 0) throw notFound();
}
