import {
  type DestinationState,
  type DestinationSummary,
  STREAMING_MESSAGES,
  type StreamDetail,
  type StreamPlatformId,
  type StreamSummary,
  sourceDropsOf,
} from '@relaycast/shared/streaming';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { streamSamples, streamSessionDestinations, streamSessions } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { StreamOwner } from './destinations.service';

type SessionRow = typeof streamSessions.$inferSelect;

/**
 * Reading the stored streams: the list of a user's streams with their destinations' totals (the engine's live
 * states laid over the rows) and one stream's detail with its health charts. The writes are in
 * sessions.service.ts.
 */

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
          viewers:
            d.viewersPeak !== null && d.viewersLast !== null && d.viewersMetric && d.viewersReadAt
              ? {
                  peak: d.viewersPeak,
                  last: d.viewersLast,
                  platformMetric: d.viewersMetric,
                  readAt: d.viewersReadAt.toISOString(),
                }
              : null,
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
  if (!row) throw new AppError('NOT_FOUND', { message: STREAMING_MESSAGES.sessionNotFound });
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
  const sourceDrops = sourceDropsOf(row.sourceEvents, row.startedAt.toISOString(), summary.endedAt);
  return { summary, sourceDrops, series };
}
