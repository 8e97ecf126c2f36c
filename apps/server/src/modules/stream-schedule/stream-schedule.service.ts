import { randomUUID } from 'node:crypto';
import {
  DUE_WINDOW_MINUTES,
  type ListScheduledStreamsQuery,
  type ParsedScheduledStreamInput,
  type ScheduledStream,
  STREAM_SCHEDULE_MESSAGES,
} from '@relaycast/shared/stream-schedule';
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scheduledStreams, streamDestinations, users } from '../../db/schema/index';
import { AppError, ValidationError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';

/** Whose planned streams: the caller's own, in the workspace they work in. */
type ScheduleOwner = Pick<Caller, 'userId' | 'workspaceId'>;

type Row = typeof scheduledStreams.$inferSelect;

/** The most planned streams one list returns. */
const MAX_LIST = 500;

export function toScheduledStream(row: Row): ScheduledStream {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    scheduledAt: row.scheduledAt.toISOString(),
    timezone: row.timezone,
    destinationIds: row.destinationIds,
    remindedAt: row.remindedAt?.toISOString() ?? null,
    dismissedAt: row.dismissedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const owned = (owner: ScheduleOwner) =>
  and(eq(scheduledStreams.workspaceId, owner.workspaceId), eq(scheduledStreams.userId, owner.userId));

const notFound = () => new AppError('NOT_FOUND', { message: STREAM_SCHEDULE_MESSAGES.notFound });

/** The chosen destinations must be the owner's own saved ones. */
async function checkDestinations(db: Db, owner: ScheduleOwner, ids: readonly string[]) {
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
      { path: 'destinationIds', message: STREAM_SCHEDULE_MESSAGES.unknownDestination },
    ]);
  }
}

function checkFuture(scheduledAt: Date, now: Date) {
  if (scheduledAt.getTime() <= now.getTime()) {
    throw new ValidationError([{ path: 'scheduledAt', message: STREAM_SCHEDULE_MESSAGES.inPast }]);
  }
}

/**
 * Planned streams in a range (by start), everyone's in the workspace: the shared calendar (docs/decisions/0044-workspaces.md), with who
 * planned and last changed each; another member's shows no destinations (they are its planner's). Without a
 * range, the caller's own that are not yet past their due window (the Schedule Stream page's list).
 */
export async function listScheduledStreams(
  db: Db,
  owner: ScheduleOwner,
  query: ListScheduledStreamsQuery,
  now: Date = new Date(),
): Promise<ScheduledStream[]> {
  const range =
    query.from || query.to
      ? and(
          query.from ? gte(scheduledStreams.scheduledAt, new Date(query.from)) : undefined,
          query.to ? lt(scheduledStreams.scheduledAt, new Date(query.to)) : undefined,
        )
      : gte(scheduledStreams.scheduledAt, new Date(now.getTime() - DUE_WINDOW_MINUTES * 60_000));
  const shared = Boolean(query.from || query.to);
  const rows = await db
    .select({
      row: scheduledStreams,
      createdByName: sql<
        string | null
      >`(select u.name from ${users} u where u.id = ${scheduledStreams.userId})`,
      updatedByName: sql<
        string | null
      >`(select u.name from ${users} u where u.id = ${scheduledStreams.updatedBy})`,
    })
    .from(scheduledStreams)
    .where(and(shared ? eq(scheduledStreams.workspaceId, owner.workspaceId) : owned(owner), range))
    .orderBy(asc(scheduledStreams.scheduledAt), asc(scheduledStreams.id))
    .limit(MAX_LIST);
  return rows.map(({ row, createdByName, updatedByName }) => {
    // Someone else's (only in a range): shown with names, without the planner's destinations.
    const isYours = row.userId === owner.userId;
    const stream = toScheduledStream(row);
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
export async function listDueStreams(db: Db, owner: ScheduleOwner, now: Date = new Date()) {
  const rows = await db
    .select()
    .from(scheduledStreams)
    .where(
      and(
        owned(owner),
        isNull(scheduledStreams.dismissedAt),
        lte(scheduledStreams.scheduledAt, now),
        gt(scheduledStreams.scheduledAt, new Date(now.getTime() - DUE_WINDOW_MINUTES * 60_000)),
      ),
    )
    .orderBy(asc(scheduledStreams.scheduledAt));
  return rows.map(toScheduledStream);
}

export async function getScheduledStream(db: Db, owner: ScheduleOwner, id: string): Promise<ScheduledStream> {
  const [row] = await db
    .select()
    .from(scheduledStreams)
    .where(and(owned(owner), eq(scheduledStreams.id, id)));
  if (!row) throw notFound();
  return toScheduledStream(row);
}

export async function createScheduledStream(
  db: Db,
  owner: ScheduleOwner,
  input: ParsedScheduledStreamInput,
  now: Date = new Date(),
): Promise<ScheduledStream> {
  const scheduledAt = new Date(input.scheduledAt);
  checkFuture(scheduledAt, now);
  await checkDestinations(db, owner, input.destinationIds);
  const [row] = await db
    .insert(scheduledStreams)
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
    })
    .returning();
  return toScheduledStream(row!);
}

/**
 * Replaces a planned stream. Moving it to a new time (which must be in the future) makes its reminder and its
 * banner due again.
 */
export async function updateScheduledStream(
  db: Db,
  owner: ScheduleOwner,
  id: string,
  input: ParsedScheduledStreamInput,
  now: Date = new Date(),
): Promise<ScheduledStream> {
  const current = await getScheduledStream(db, owner, id);
  const scheduledAt = new Date(input.scheduledAt);
  const isMoved = scheduledAt.getTime() !== Date.parse(current.scheduledAt);
  if (isMoved) checkFuture(scheduledAt, now);
  await checkDestinations(db, owner, input.destinationIds);
  const [row] = await db
    .update(scheduledStreams)
    .set({
      title: input.title,
      description: input.description,
      scheduledAt,
      timezone: input.timezone,
      destinationIds: input.destinationIds,
      updatedBy: owner.userId,
      updatedAt: now,
      ...(isMoved ? { remindedAt: null, dismissedAt: null } : {}),
    })
    .where(and(owned(owner), eq(scheduledStreams.id, id)))
    .returning();
  if (!row) throw notFound();
  return toScheduledStream(row);
}

export async function dismissScheduledStream(
  db: Db,
  owner: ScheduleOwner,
  id: string,
  now: Date = new Date(),
): Promise<ScheduledStream> {
  const [row] = await db
    .update(scheduledStreams)
    .set({ dismissedAt: now })
    .where(and(owned(owner), eq(scheduledStreams.id, id)))
    .returning();
  if (!row) throw notFound();
  return toScheduledStream(row);
}

export async function deleteScheduledStream(db: Db, owner: ScheduleOwner, id: string): Promise<void> {
  const deleted = await db
    .delete(scheduledStreams)
    .where(and(owned(owner), eq(scheduledStreams.id, id)))
    .returning({ id: scheduledStreams.id });
  if (deleted.length === 0) throw notFound();
}
