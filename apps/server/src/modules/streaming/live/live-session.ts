/*
 * Over 300 lines on purpose: one live session's state and the pure reads of it (its snapshot for the studio, the
 * figures of OBS and each output, the samples and the finished record), shared by the engine and the pipeline.
 */
import type { PlanId } from '@relaycast/shared/plans';
import type { StreamSettings } from '@relaycast/shared/settings';
import {
  type IngestPace,
  type IngestVideoPlan,
  STREAM_INGEST,
  type StreamHealth,
  type StreamSession,
  type StreamSettingsSnapshot,
  type StreamSource,
} from '@relaycast/shared/streaming';
import type { Db } from '../../../db/client';
import { getUserSettings } from '../../settings/settings.service';
import type { LiveDestination, StreamOwner } from '../destinations.service';
import type { LiveOverlay } from '../stream-sessions.queries';
import type { FinishedDestination, SampleInput } from '../stream-sessions.service';
import type { ChildHandle } from './child';
import type { DestinationEgress } from './destination-egress';
import { IngestPaceMeter } from './ingest-pace';
import type { MediaSource } from './media-source';
import { HealthMeter } from './progress';
import type { Relay } from './relay';
import type { SessionProgram } from './session-program';
import type { OutputSupervisor } from './supervisor';

/** A stream the engine runs: its processes, figures and listeners, and how it looks from outside. */

export interface ActiveDestination {
  info: LiveDestination;
  supervisor: OutputSupervisor | null;
  /** How its ffmpeg reaches the platform: directly or through its account's proxy (decision 0099). */
  egress: DestinationEgress | null;
  droppedBase: number;
  droppedLast: number;
}

export interface ActiveSession {
  id: string;
  owner: StreamOwner;
  plan: PlanId | null;
  title: string;
  source: StreamSource;
  status: StreamSession['status'];
  reason: string | null;
  startedAt: Date;
  settings: StreamSettingsSnapshot;
  relayKey: string;
  destinations: ActiveDestination[];
  ingest: (ChildHandle & { stdin: import('node:stream').Writable | null }) | null;
  ingestMeter: HealthMeter;
  ingestHealth: Omit<StreamHealth, 'uptimeSeconds'> | null;
  /** Whether the browser's stream keeps up with real time (ingest-pace.ts), read once a second while live. */
  paceMeter: IngestPaceMeter;
  ingestPace: IngestPace | null;
  /** What the server does with the studio's video: copy it or encode it (decision 0104); null until connected. */
  ingestVideo: IngestVideoPlan | null;
  /** When the browser's last chunk arrived (browser sessions). */
  lastChunkAt: number;
  /** The relay's byte count of an OBS publisher at the last tick, for its bitrate. */
  lastInBytes: { bytes: number; at: number } | null;
  liveSince: number | null;
  recorder: { child: ChildHandle; path: string } | null;
  /** Set when the recorder was stopped before the stream ended (the disk reached its reserve): why. */
  recordingStoppedReason: string | null;
  /** A pre-recorded stream's file (source 'media'), and the media time its encoder has reached. */
  media: MediaSource | null;
  mediaOutUs: number;
  /** The program the destinations read, spliced from the source and the slate (decision 0101); null: none. */
  program: SessionProgram | null;
  /** Whether the destinations and the recorder have been started (on the program's publish, or at once). */
  outputsStarted: boolean;
  /** What the source's publisher announced, kept for the slate once it is gone. */
  sourceFormat: import('./relay').PublisherFormat | null;
  timers: NodeJS.Timeout[];
  stopping: Promise<void> | null;
  listeners: Set<(session: StreamSession) => void>;
}

/** DEFAULT_USER_SETTINGS' stream: what a 2-core server encodes in real time (decision 0079). */
export const DEFAULT_SETTINGS_SNAPSHOT: StreamSettingsSnapshot = {
  resolution: '720p',
  bitrateKbps: 3000,
  fps: 30,
  encoder: 'x264',
  format: 'flv',
};

export function settingsSnapshotOf(stream: StreamSettings): StreamSettingsSnapshot {
  return {
    resolution: stream.resolution,
    bitrateKbps: stream.bitrate,
    fps: stream.fps,
    encoder: stream.encoder,
    format: stream.format,
  };
}

/** The user's stream settings as a session keeps them; the defaults when they cannot be read. */
export async function settingsFor(
  deps: { db: Db; log: { warn(obj: object, msg: string): void } },
  userId: string,
): Promise<StreamSettingsSnapshot> {
  try {
    return settingsSnapshotOf((await getUserSettings(deps.db, userId)).stream);
  } catch (err) {
    deps.log.warn({ err: String(err) }, 'could not read stream settings; using the defaults');
    return DEFAULT_SETTINGS_SNAPSHOT;
  }
}

export function newActiveSession(input: {
  id: string;
  owner: StreamOwner;
  plan: PlanId | null;
  title: string;
  source: StreamSource;
  settings: StreamSettingsSnapshot;
  relayKey: string;
  destinations: LiveDestination[];
  media?: MediaSource | null;
}): ActiveSession {
  return {
    ...input,
    media: input.media ?? null,
    mediaOutUs: 0,
    status: 'starting',
    reason: null,
    startedAt: new Date(),
    destinations: input.destinations.map((info) => ({
      info,
      supervisor: null,
      egress: null,
      droppedBase: 0,
      droppedLast: 0,
    })),
    ingest: null,
    ingestMeter: new HealthMeter(),
    ingestHealth: null,
    paceMeter: new IngestPaceMeter(),
    ingestPace: null,
    ingestVideo: null,
    lastChunkAt: Date.now(),
    lastInBytes: null,
    liveSince: null,
    recorder: null,
    recordingStoppedReason: null,
    program: null,
    outputsStarted: false,
    sourceFormat: null,
    timers: [],
    stopping: null,
    listeners: new Set(),
  };
}

/** The session whose program (decision 0101) publishes on this relay key. */
export function sessionWithProgram(
  sessions: Iterable<ActiveSession>,
  key: string,
): ActiveSession | undefined {
  if (!key.startsWith('p_')) return undefined;
  for (const session of sessions) if (session.program?.programKey === key) return session;
  return undefined;
}

/** Dropped frames over every run of a destination (each restart counts from zero again). */
export function droppedFramesOf(destination: ActiveDestination): number {
  return destination.droppedBase + destination.droppedLast;
}

export function isOwnedBy(session: ActiveSession, owner: StreamOwner): boolean {
  return session.owner.userId === owner.userId && session.owner.workspaceId === owner.workspaceId;
}

/** An OBS stream's figures, once a second: its format for the slate, its bitrate from the relay's byte count. */
export function readObsFigures(
  session: ActiveSession,
  relay: Pick<Relay, 'publisherFormat' | 'publisherStats'>,
  now: number,
): void {
  if (session.program) {
    const format = relay.publisherFormat(session.relayKey);
    if (format?.width) session.sourceFormat = format;
  }
  const stats = relay.publisherStats(session.relayKey);
  if (!stats) return;
  const previous = session.lastInBytes;
  const bitrateKbps =
    previous && now > previous.at
      ? Math.round(((stats.inBytes - previous.bytes) * 8) / (now - previous.at))
      : null;
  session.lastInBytes = { bytes: stats.inBytes, at: now };
  session.ingestHealth = { bitrateKbps, fps: stats.fps, droppedFrames: 0 };
}

export function toStreamSession(session: ActiveSession): StreamSession {
  const now = Date.now();
  const stopped = session.status === 'ended' || session.status === 'failed';
  return {
    id: session.id,
    title: session.title,
    source: session.source,
    status: session.status,
    reason: session.reason,
    startedAt: session.startedAt.toISOString(),
    endedAt: stopped ? new Date().toISOString() : null,
    settings: session.settings,
    ingestHealth:
      session.ingestHealth && session.liveSince !== null && !stopped
        ? { ...session.ingestHealth, uptimeSeconds: Math.round((now - session.liveSince) / 100) / 10 }
        : null,
    ingestPace: session.liveSince !== null && !stopped ? session.ingestPace : null,
    ingestVideo: stopped ? null : session.ingestVideo,
    destinations: session.destinations.map((d) => {
      const snapshot = d.supervisor?.snapshot();
      return {
        destinationId: d.info.id,
        platform: d.info.platform,
        name: d.info.name,
        state: snapshot?.state ?? (stopped ? 'stopped' : 'idle'),
        reason: snapshot?.reason ?? null,
        retryInSeconds: snapshot?.retryInSeconds ?? null,
        reconnects: snapshot?.reconnects ?? 0,
        health: snapshot?.health ? { ...snapshot.health, droppedFrames: droppedFramesOf(d) } : null,
      };
    }),
    ingestPath: session.source === 'browser' && !stopped ? STREAM_INGEST.pathFor(session.id) : null,
    slate: slateOf(session, stopped),
    media: session.media ? mediaProgressOf(session.media, session.mediaOutUs) : null,
  };
}

function slateOf(session: ActiveSession, stopped: boolean) {
  const since = session.program?.lostSince ?? null;
  const endsAt = session.program?.slateEndsAt ?? null;
  if (stopped || since === null || endsAt === null) return null;
  return { since: new Date(since).toISOString(), endsAt: new Date(endsAt).toISOString() };
}

/** How far a pre-recorded stream is: seconds into the current pass and passes finished (from ffmpeg's out_time). */
export function mediaProgressOf(media: MediaSource, outTimeUs: number) {
  const played = Math.max(0, outTimeUs) / 1_000_000;
  const duration = media.durationSeconds;
  const loopsCompleted = duration && media.loop ? Math.floor(played / duration) : 0;
  const position = duration ? Math.min(played - loopsCompleted * duration, duration) : played;
  return {
    mediaId: media.mediaId,
    name: media.name,
    loop: media.loop,
    durationSeconds: duration,
    positionSeconds: Math.round(position * 10) / 10,
    loopsCompleted,
  };
}

export const overlayOf = (session: ActiveSession): ReturnType<LiveOverlay> =>
  new Map(
    session.destinations.map((d) => {
      const snapshot = d.supervisor?.snapshot();
      return [
        d.info.id,
        {
          state: snapshot?.state ?? 'idle',
          reconnects: snapshot?.reconnects ?? 0,
          droppedFrames: droppedFramesOf(d),
        },
      ];
    }),
  );

/** The figures of every destination that is live now, as rows for the analytics charts. */
export function samplesOf(session: ActiveSession, now: number): SampleInput[] {
  const t = Math.round((now - session.startedAt.getTime()) / 100) / 10;
  return session.destinations.flatMap((destination) => {
    const snapshot = destination.supervisor?.snapshot();
    if (!snapshot?.health || snapshot.state !== 'live') return [];
    return [
      {
        sessionId: session.id,
        destinationId: destination.info.id,
        t,
        bitrateKbps: snapshot.health.bitrateKbps,
        fps: snapshot.health.fps,
        droppedFrames: droppedFramesOf(destination),
      },
    ];
  });
}

export function finishedDestinationsOf(session: ActiveSession): FinishedDestination[] {
  return session.destinations.map((d) => {
    const snapshot = d.supervisor?.snapshot();
    return {
      destinationId: d.info.id,
      finalState: snapshot?.state ?? 'stopped',
      reason: snapshot?.reason ?? null,
      reconnects: snapshot?.reconnects ?? 0,
      droppedFrames: droppedFramesOf(d),
    };
  });
}

/** Each live output of the sessions as its supervisor sees it (the engine's `outputFigures`, for `/metrics`). */
export function outputFiguresOf(sessions: Iterable<ActiveSession>) {
  return [...sessions].flatMap((session) =>
    session.destinations.map((destination) => {
      const snapshot = destination.supervisor?.snapshot();
      return {
        sessionId: session.id,
        destinationId: destination.info.id,
        platform: destination.info.platform,
        state: snapshot?.state ?? 'idle',
        bitrateKbps: snapshot?.health?.bitrateKbps ?? null,
        reconnects: snapshot?.reconnects ?? 0,
      };
    }),
  );
}
