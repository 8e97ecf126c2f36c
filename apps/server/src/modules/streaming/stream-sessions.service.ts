import { randomUUID } from 'node:crypto';
import { NOTIFICATION_MESSAGES } from '@relaycast/shared/notifications';
import type {
  DestinationState,
  StreamPlatformId,
  StreamSettingsSnapshot,
  StreamSource,
} from '@relaycast/shared/streaming';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { streamSamples, streamSessionDestinations, streamSessions } from '../../db/schema/index';
import { STREAM_LEASE_MS } from '../nodes/nodes.service';
import { insertNotificationSql } from '../notifications/notifications.service';
import { queueEventSql } from '../webhooks/webhooks.service';
import type { StreamOwner } from './destinations.service';

export interface NewSession {
  id: string;
  owner: StreamOwner;
  title: string;
  source: StreamSource;
  settings: StreamSettingsSnapshot;
  scheduledStreamId: string | null;
  destinations: { id: string; platform: StreamPlatformId; name: string }[];
  /** The node carrying it (decision 0113): its lease starts now and is renewed by the node's heartbeat. */
  nodeId?: string | null;
}

export async function insertSession(db: Db, session: NewSession): Promise<Date> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(streamSessions)
      .values({
        id: session.id,
        workspaceId: session.owner.workspaceId,
        userId: session.owner.userId,
        title: session.title,
        source: session.source,
        status: 'starting',
        settings: session.settings,
        scheduledStreamId: session.scheduledStreamId,
        nodeId: session.nodeId ?? null,
        leaseExpiresAt: session.nodeId ? sql`now() + make_interval(secs => ${STREAM_LEASE_MS / 1000})` : null,
      })
      .returning({ startedAt: streamSessions.startedAt });
    if (session.destinations.length > 0) {
      await tx.insert(streamSessionDestinations).values(
        session.destinations.map((destination) => ({
          sessionId: session.id,
          destinationId: destination.id,
          platform: destination.platform,
          name: destination.name,
        })),
      );
    }
    if (!row) throw new Error('insert returned no row');
    return row.startedAt;
  });
}

/** What a stream's webhook events carry (docs/webhooks.md). */
const streamEventData = sql`jsonb_build_object('sessionId', s.id, 'title', s.title, 'source', s.source,
  'status', s.status, 'reason', s.reason, 'startedAt', s.started_at, 'liveAt', s.live_at, 'endedAt', s.ended_at)`;

/** Where a stream's notifications lead: its figures. */
const STREAM_NOTIFICATION_LINK = '/stream-analytics';

export async function markSessionLive(db: Db, id: string): Promise<void> {
  // The first time a session goes live (live_at still null) queues `stream.started` and notifies its owner
  // in-app, in the same statement (e-mail and push follow from the notifications delivery loop). "First" is the
  // row's own state, never a clock: two calls within one tick of a millisecond clock (PGlite's) are still two.
  await db.execute(sql`
    with s as (
      update ${streamSessions} set status = 'live', live_at = now()
      where id = ${id} and live_at is null
      returning *
    ), again as (
      update ${streamSessions} set status = 'live' where id = ${id} and live_at is not null returning id
    ), hooks as (${queueEventSql('stream.started', sql`s`, sql`s.workspace_id`, streamEventData)}),
    notice as (${insertNotificationSql({
      kind: 'stream_live',
      source: sql`s`,
      userId: sql`s.user_id`,
      workspaceId: sql`s.workspace_id`,
      title: sql`${NOTIFICATION_MESSAGES.streamLiveTitle}`,
      body: sql`s.title`,
      link: STREAM_NOTIFICATION_LINK,
    })})
    select 1`);
}

/** A drop or a return of a stream's source, appended to its record (docs/decisions/0101-slate-on-dropped-source.md). */
export async function recordSourceEvent(
  db: Db,
  id: string,
  kind: 'source_lost' | 'source_returned',
): Promise<void> {
  await db.execute(sql`
    update ${streamSessions}
    set source_events = source_events || jsonb_build_array(jsonb_build_object('kind', ${kind}::text, 'at', now()))
    where id = ${id}`);
}

export interface FinishedDestination {
  destinationId: string;
  finalState: DestinationState;
  reason: string | null;
  reconnects: number;
  droppedFrames: number;
}

export async function finishSession(
  db: Db,
  id: string,
  result: { status: 'ended' | 'failed'; reason: string | null; destinations: FinishedDestination[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(streamSessions)
      .set({ status: result.status, reason: result.reason, endedAt: new Date() })
      .where(eq(streamSessions.id, id));
    await tx.execute(
      sql`${queueEventSql('stream.ended', sql`${streamSessions} s`, sql`s.workspace_id`, streamEventData)} where s.id = ${id}`,
    );
    if (result.status === 'failed') {
      await tx.execute(
        sql`${insertNotificationSql({
          kind: 'stream_failed',
          source: sql`${streamSessions} s`,
          userId: sql`s.user_id`,
          workspaceId: sql`s.workspace_id`,
          title: sql`${NOTIFICATION_MESSAGES.streamFailedTitle}`,
          body: sql`coalesce(s.reason, ${NOTIFICATION_MESSAGES.streamFailedBody})`,
          link: STREAM_NOTIFICATION_LINK,
        })} where s.id = ${id}`,
      );
    }
    for (const destination of result.destinations) {
      await tx
        .update(streamSessionDestinations)
        .set({
          finalState: destination.finalState,
          reason: destination.reason,
          reconnects: destination.reconnects,
          droppedFrames: destination.droppedFrames,
        })
        .where(
          and(
            eq(streamSessionDestinations.sessionId, id),
            eq(streamSessionDestinations.destinationId, destination.destinationId),
          ),
        );
    }
  });
}

export async function setSessionRecording(db: Db, id: string, mediaId: string): Promise<void> {
  await db.update(streamSessions).set({ recordingMediaId: mediaId }).where(eq(streamSessions.id, id));
}

export interface SampleInput {
  sessionId: string;
  destinationId: string;
  t: number;
  bitrateKbps: number | null;
  fps: number | null;
  droppedFrames: number;
}

export async function insertSamples(db: Db, samples: SampleInput[]): Promise<void> {
  if (samples.length === 0) return;
  await db.insert(streamSamples).values(samples.map((sample) => ({ id: randomUUID(), ...sample })));
}

/**
 * Streams a previous run of this server (the node id `previousNodeId`, kept in its data folder) left "live", and
 * streams with no node (written before decision 0113): nothing carries them any more. Another node's streams are
 * its own, and the lapse sweep's once its lease lapses.
 */
export async function closeStaleSessions(db: Db, previousNodeId: string | null): Promise<number> {
  const closed = await db
    .update(streamSessions)
    .set({ status: 'ended', reason: 'The server stopped during this stream.', endedAt: new Date() })
    .where(
      and(
        inArray(streamSessions.status, ['starting', 'live']),
        previousNodeId
          ? or(isNull(streamSessions.nodeId), eq(streamSessions.nodeId, previousNodeId))
          : isNull(streamSessions.nodeId),
      ),
    )
    .returning({ id: streamSessions.id });
  return closed.length;
}
