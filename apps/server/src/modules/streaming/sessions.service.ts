import { randomUUID } from 'node:crypto';
import { NOTIFICATION_MESSAGES } from '@relaycast/shared/notifications';
import {
  type DestinationState,
  type DestinationSummary,
  STREAMING_ERROR_CODES,
  STREAMING_MESSAGES,
  type StreamDetail,
  type StreamPlatformId,
  type StreamSettingsSnapshot,
  type StreamSummary,
} from '@relaycast/shared/streaming';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { streamSamples, streamSessionDestinations, streamSessions } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { insertNotificationSql } from '../notifications/notifications.service';
import { queueEventSql } from '../webhooks/webhooks.service';
import type { StreamOwner } from './destinations.service';

type SessionRow = typeof streamSessions.$inferSelect;

export interface NewSession {
  id: string;
  owner: StreamOwner;
  title: string;
  source: 'browser' | 'obs';
  settings: StreamSettingsSnapshot;
  scheduledStreamId: string | null;
  destinations: { id: string; platform: StreamPlatformId; name: string }[];
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
  // The first time a session goes live (live_at set now) queues `stream.started` and notifies its owner
  // in-app, in the same statement (e-mail and push follow from the notifications delivery loop).
  await db.execute(sql`
    with s as (
      update ${streamSessions} set status = 'live', live_at = coalesce(live_at, now())
      where id = ${id}
      returning *, live_at = now() as just_live
    ), hooks as (${queueEventSql('stream.started', sql`s`, sql`s.workspace_id`, streamEventData)} where s.just_live),
    notice as (${insertNotificationSql({
      kind: 'stream_live',
      source: sql`s`,
      userId: sql`s.user_id`,
      workspaceId: sql`s.workspace_id`,
      title: sql`${NOTIFICATION_MESSAGES.streamLiveTitle}`,
      body: sql`s.title`,
      link: STREAM_NOTIFICATION_LINK,
    })} where s.just_live)
    select 1`);
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

/** Streams a previous run of the server left "live": nothing carries them any more. */
export async function closeStaleSessions(db: Db): Promise<number> {
  const closed = await db
    .update(streamSessions)
    .set({ status: 'ended', reason: 'The server stopped during this stream.', endedAt: new Date() })
    .where(inArray(streamSessions.status, ['starting', 'live']))
    .returning({ id: streamSessions.id });
  return closed.length;
}

/** What the engine knows about a stream it is running (states, reconnects) on top of the stored rows. */
export type LiveOverlay = (
  sessionId: string,
) => Map<string, { state: DestinationState; reconnects: number; droppedFrames: number }> | null;

const ownedBy = (owner: StreamOwner) =>
  and(eq(streamSessions.workspaceId, owner.workspaceId), eq(streamSessions.userId, owner.userId));

async function summarize(db: Db, rows: SessionRow[], overlay: LiveOverlay): Promise<StreamSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const destinations = await db
    .select()
    .from(streamSessionDestinations)
    .where(inArray(streamSessionDestinations.sessionId, ids))
    .orderBy(asc(streamSessionDestinations.name));
  const figures = await db
    .select({
      sessionId: streamSamples.sessionId,
      destinationId: streamSamples.destinationId,
      avg: sql<number | null>`avg(${streamSamples.bitrateKbps})`.mapWith(Number),
      peak: sql<number | null>`max(${streamSamples.bitrateKbps})`.mapWith(Number),
      dropped: sql<number | null>`max(${streamSamples.droppedFrames})`.mapWith(Number),
      n: sql<number>`count(${streamSamples.bitrateKbps})`.mapWith(Number),
    })
    .from(streamSamples)
    .where(inArray(streamSamples.sessionId, ids))
    .groupBy(streamSamples.sessionId, streamSamples.destinationId);
  const figuresOf = new Map(figures.map((f) => [`${f.sessionId}/${f.destinationId}`, f]));
  const now = Date.now();
  return rows.map((row) => {
    const live = overlay(row.id);
    const perDestination: DestinationSummary[] = destinations
      .filter((d) => d.sessionId === row.id)
      .map((d) => {
        const f = figuresOf.get(`${row.id}/${d.destinationId}`);
        const current = live?.get(d.destinationId);
        const hasFigures = f !== undefined && f.n > 0;
        return {
          destinationId: d.destinationId,
          platform: d.platform as StreamPlatformId,
          name: d.name,
          finalState: (current?.state ?? d.finalState) as DestinationState,
          avgBitrateKbps: hasFigures && f.avg !== null ? Math.round(f.avg) : null,
          peakBitrateKbps: hasFigures && f.peak !== null ? Math.round(f.peak) : null,
          droppedFrames: current?.droppedFrames ?? Math.max(d.droppedFrames, f?.dropped ?? 0),
          reconnects: current?.reconnects ?? d.reconnects,
        };
      });
    const averages = perDestination.flatMap((d) => (d.avgBitrateKbps === null ? [] : [d.avgBitrateKbps]));
    const peaks = perDestination.flatMap((d) => (d.peakBitrateKbps === null ? [] : [d.peakBitrateKbps]));
    const end = row.endedAt?.getTime() ?? now;
    return {
      id: row.id,
      title: row.title,
      source: row.source,
      status: row.status,
      startedAt: row.startedAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
      durationSeconds: Math.max(0, Math.round((end - row.startedAt.getTime()) / 1000)),
      destinations: perDestination,
      avgBitrateKbps:
        averages.length > 0 ? Math.round(averages.reduce((a, b) => a + b, 0) / averages.length) : null,
      peakBitrateKbps: peaks.length > 0 ? Math.max(...peaks) : null,
      droppedFrames: perDestination.reduce((sum, d) => sum + d.droppedFrames, 0),
      reconnects: perDestination.reduce((sum, d) => sum + d.reconnects, 0),
      recordingMediaId: row.recordingMediaId,
    };
  });
}

export async function listSessionSummaries(
  db: Db,
  owner: StreamOwner,
  overlay: LiveOverlay,
  limit = 50,
): Promise<StreamSummary[]> {
  const rows = await db
    .select()
    .from(streamSessions)
    .where(ownedBy(owner))
    .orderBy(desc(streamSessions.startedAt))
    .limit(limit);
  return summarize(db, rows, overlay);
}

/** At most this many points per destination in a chart; longer streams are averaged into buckets. */
const MAX_POINTS = 600;

export async function getSessionDetail(
  db: Db,
  owner: StreamOwner,
  id: string,
  overlay: LiveOverlay,
): Promise<StreamDetail> {
  const [row] = await db
    .select()
    .from(streamSessions)
    .where(and(ownedBy(owner), eq(streamSessions.id, id)))
    .limit(1);
  if (!row) throw new AppError(STREAMING_ERROR_CODES.notFound, 404, STREAMING_MESSAGES.sessionNotFound);
  const [summary] = await summarize(db, [row], overlay);
  if (!summary) throw new Error('summary missing');
  const samples = await db
    .select()
    .from(streamSamples)
    .where(eq(streamSamples.sessionId, id))
    .orderBy(asc(streamSamples.t));
  const series = summary.destinations.map((destination) => {
    const own = samples.filter((s) => s.destinationId === destination.destinationId);
    const step = Math.max(1, Math.ceil(own.length / MAX_POINTS));
    const points = [];
    for (let i = 0; i < own.length; i += step) {
      const bucket = own.slice(i, i + step);
      const rates = bucket.flatMap((s) => (s.bitrateKbps === null ? [] : [s.bitrateKbps]));
      const fpsValues = bucket.flatMap((s) => (s.fps === null ? [] : [s.fps]));
      const first = bucket[0];
      if (!first) continue;
      points.push({
        t: Math.round(first.t * 10) / 10,
        bitrateKbps: rates.length > 0 ? Math.round(rates.reduce((a, b) => a + b, 0) / rates.length) : null,
        fps:
          fpsValues.length > 0
            ? Math.round((fpsValues.reduce((a, b) => a + b, 0) / fpsValues.length) * 10) / 10
            : null,
        droppedFrames: Math.max(...bucket.map((s) => s.droppedFrames)),
      });
    }
    return {
      destinationId: destination.destinationId,
      platform: destination.platform,
      name: destination.name,
      points,
    };
  });
  return { summary, series };
}
