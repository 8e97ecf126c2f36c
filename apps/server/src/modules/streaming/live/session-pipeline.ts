/*
 * Over 300 lines on purpose: one live session's pipeline (ingest, relay, the program with its slate, egress,
 * recording, the pace meter and the library video's source) starts and stops as one unit; its parts share the
 * session's teardown order.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  type IngestFormat,
  ingestVideoPlan,
  STREAMING_MESSAGES,
  type StreamSession,
} from '@relaycast/shared/streaming';
import type { Config } from '../../../config/env';
import type { Db } from '../../../db/client';
import { addressPolicy } from '../../../lib/address-policy';
import type { DiskGuard } from '../../../lib/media/disk-space';
import type { MediaProcessor } from '../../../lib/media/ffmpeg';
import type { MediaStorage } from '../../../lib/media/storage';
import { mediaLimitsOf } from '../../workspaces/workspaces.service';
import { finishSession, insertSamples, markSessionLive } from '../stream-sessions.service';
import { type spawnFfmpeg, stopChild } from './child';
import { DestinationEgress } from './destination-egress';
import { buildIngestArgs, buildMediaIngestArgs, buildRecorderArgs } from './ffmpeg-args';
import { IngestPaceMeter, newlyBehindLogLine } from './ingest-pace';
import {
  type ActiveSession,
  finishedDestinationsOf,
  readObsFigures,
  samplesOf,
  toStreamSession,
} from './live-session';
import { programFor } from './program-wiring';
import { keepRecording, RECORDING_DISK_CHECK_MS, stopRecordingAtDiskReserve } from './recording';
import type { Relay } from './relay';
import { OutputSupervisor, type SupervisorOptions, systemClock } from './supervisor';

export interface EngineLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export type FfmpegSpawner = (
  args: string[],
  options?: { stdin?: boolean; output?: boolean },
) => ReturnType<typeof spawnFfmpeg>;

export interface PipelineOptions {
  db: Db;
  config: Config;
  log: EngineLog;
  storage: MediaStorage;
  processor: MediaProcessor;
  /** The data directory's disk: a recording stops before it eats into the reserve (decision 0061). */
  disk: DiskGuard;
  supervisor?: Partial<SupervisorOptions>;
  /** How often health figures are written for the analytics charts. */
  sampleIntervalMs?: number;
  /**
   * Called once a recording is in the media library, before the session names it (streaming.plugin.ts queues its
   * clip analysis, so the stream's page never sees the recording without it).
   */
  onRecordingKept?: (kept: { workspaceId: string; mediaId: string }) => Promise<unknown>;
}

export type StopResult = {
  status: 'ended' | 'failed';
  reason: string | null;
  /** The workspace was deleted: its rows are gone, so nothing is written and the recording is thrown away. */
  discard?: true;
};

/** Browser chunks waiting for the encoder beyond this (about a minute at 8 Mbps): it cannot keep up. */
const MAX_INGEST_BACKLOG_BYTES = 64 * 1024 * 1024;

/** A browser session whose socket stays open but sends nothing for this long has stopped. */
const INGEST_SILENCE_MS = 15_000;

/** Lets egress processes read what is still buffered in the relay before they are told to stop. */
const DRAIN_MS = 1_000;

/**
 * What happens to one admitted stream (the engine, engine.ts, decides who may stream and keeps the registry):
 * the browser's encode, going live (one supervised `-c copy` ffmpeg per destination and a recorder), the
 * per-second tick, health samples, and the teardown that ends every process and keeps the recording.
 */
export class SessionPipeline {
  constructor(
    private readonly options: PipelineOptions,
    private readonly deps: {
      relay: Relay;
      spawner: FfmpegSpawner;
      recordingsDir: string;
      /** Background work the engine waits for on close. */
      track: <T>(promise: Promise<T>) => Promise<T>;
      /** Ends a session through the engine (so it leaves the registry once). */
      stop: (sessionId: string, result: StopResult) => void;
    },
  ) {}

  /**
   * The browser's socket for a session: copies its H.264 or encodes it once to the user's settings, to the
   * relay (decision 0104, `format`: what the studio says it sends). Returns what the socket handler needs.
   */
  startIngest(session: ActiveSession, format: IngestFormat | null) {
    const { relay, spawner, stop } = this.deps;
    // A reconnect may arrive before the old socket is seen closed: the new one takes over (decision 0101). The
    // old encoder is killed at once, so the relay key is free before the new one (slower to start) publishes.
    if (session.ingest) this.detachIngest(session, session.ingest);
    session.ingestVideo = ingestVideoPlan(session.settings, format);
    const args = buildIngestArgs(
      session.settings,
      relay.localUrl(session.relayKey),
      session.ingestVideo.mode,
    );
    const child = spawner(args, { stdin: true });
    session.ingest = child;
    session.lastChunkAt = Date.now();
    session.paceMeter = new IngestPaceMeter();
    child.onProgress((block) => {
      if (session.ingest !== child) return;
      session.ingestHealth = session.ingestMeter.update(block);
      session.paceMeter.progress(block.outTimeUs);
    });
    child.onExit(({ code, stderrTail }) => {
      if (session.stopping || session.ingest !== child) return;
      this.options.log.warn(
        { sessionId: session.id, code, stderr: stderrTail.slice(-500) },
        'stream ingest ffmpeg exited',
      );
      stop(session.id, { status: 'failed', reason: STREAMING_MESSAGES.ingestFailed });
    });
    return {
      write: (chunk: Buffer): boolean => {
        const stdin = child.stdin;
        if (!stdin || session.stopping || session.ingest !== child) return false;
        // The encoder falls ever further behind (settings too heavy for this machine): stop rather than
        // buffer without bound.
        if (stdin.writableLength > MAX_INGEST_BACKLOG_BYTES) {
          stop(session.id, { status: 'failed', reason: STREAMING_MESSAGES.encoderTooSlow });
          return false;
        }
        session.lastChunkAt = Date.now();
        session.paceMeter.input(chunk.length);
        stdin.write(chunk);
        return true;
      },
      /** The socket closed without End Stream: the slate covers until the studio reconnects (decision 0101). */
      detach: (): boolean => {
        if (!session.program || session.stopping) return false;
        if (session.ingest === child) this.detachIngest(session, child);
        return true;
      },
      subscribe: (listener: (status: StreamSession) => void) => {
        session.listeners.add(listener);
        return () => session.listeners.delete(listener);
      },
      snapshot: () => toStreamSession(session),
    };
  }

  /** Lets go of the studio's encoder: the program's reader stalls and the slate takes over. */
  private detachIngest(session: ActiveSession, child: NonNullable<ActiveSession['ingest']>) {
    if (session.ingest === child) session.ingest = null;
    session.ingestHealth = null;
    child.kill('SIGKILL');
  }

  /**
   * A pre-recorded stream: one ffmpeg reads the library file at real time and publishes to the relay (the
   * relay's publish then starts the destinations, as for OBS). A file played once ends the stream cleanly.
   */
  startMediaIngest(session: ActiveSession) {
    const { relay, spawner, stop } = this.deps;
    const media = session.media;
    if (!media) throw new Error('not a pre-recorded stream');
    const child = spawner(buildMediaIngestArgs(session.settings, media, relay.localUrl(session.relayKey)));
    session.ingest = child;
    child.onProgress((block) => {
      session.ingestHealth = session.ingestMeter.update(block);
      if (block.outTimeUs !== null) session.mediaOutUs = block.outTimeUs;
    });
    child.onExit(({ code, stderrTail }) => {
      if (session.stopping) return;
      if (code === 0 && !media.loop) {
        stop(session.id, { status: 'ended', reason: null });
        return;
      }
      this.options.log.warn(
        { sessionId: session.id, code, stderr: stderrTail.slice(-500) },
        'pre-recorded stream ffmpeg exited',
      );
      stop(session.id, { status: 'failed', reason: STREAMING_MESSAGES.mediaFailed });
    });
  }

  goLive(session: ActiveSession) {
    const { relay, spawner, track } = this.deps;
    session.status = 'live';
    session.liveSince = Date.now();
    track(
      markSessionLive(this.options.db, session.id).catch((err: unknown) =>
        this.options.log.warn({ err: String(err) }, 'could not mark a stream live'),
      ),
    );
    // Studio and OBS streams go through a program with a slate (decision 0101) unless STREAM_SLATE_SECONDS=0:
    // the destinations start once it publishes (the engine calls startOutputs).
    if (session.source !== 'media' && this.options.config.rtmp.slateGraceMs > 0) {
      session.program = programFor(session, {
        options: this.options,
        relay,
        spawner,
        track,
        notify: (s) => this.notify(s),
        stop: this.deps.stop,
      });
      session.program.start();
    } else this.startOutputs(session);

    const sampleEvery = this.options.sampleIntervalMs ?? 2_000;
    const sampler = setInterval(() => track(this.writeSamples(session)), sampleEvery);
    sampler.unref();
    session.timers.push(sampler);
    const pusher = setInterval(() => this.tick(session), 1_000);
    pusher.unref();
    session.timers.push(pusher);
    const diskWatch = setInterval(
      () =>
        track(
          stopRecordingAtDiskReserve(session, this.options.disk, this.options.log).then(() =>
            this.notify(session),
          ),
        ),
      RECORDING_DISK_CHECK_MS,
    );
    diskWatch.unref();
    session.timers.push(diskWatch);
    this.notify(session);
  }

  /** One supervised `-c copy` ffmpeg per destination and the recorder, reading the program (or the source). */
  startOutputs(session: ActiveSession) {
    if (session.outputsStarted || session.stopping) return;
    session.outputsStarted = true;
    const { relay, spawner } = this.deps;
    const input = relay.localUrl(session.program?.programKey ?? session.relayKey);
    const { db, config } = this.options;
    const policy = addressPolicy(config.allowPrivateAddresses);
    for (const destination of session.destinations) {
      const egress = new DestinationEgress(
        { db, config, workspaceId: session.owner.workspaceId, policy },
        destination.info,
        input,
      );
      destination.egress = egress;
      const supervisor = new OutputSupervisor(
        egress.currentArgs,
        (args) => spawner(args),
        systemClock,
        this.options.supervisor,
        (snapshot) => {
          const dropped = snapshot.health?.droppedFrames;
          if (dropped === undefined) return;
          if (dropped < destination.droppedLast) destination.droppedBase += destination.droppedLast;
          destination.droppedLast = dropped;
        },
        // DNS may have changed since the destination was saved (decision 0014); its proxy's tunnel (0099).
        egress.preflight,
      );
      destination.supervisor = supervisor;
      supervisor.start();
    }
    const recordingPath = path.join(this.deps.recordingsDir, `${session.id}.flv`);
    session.recorder = { child: spawner(buildRecorderArgs(input, recordingPath)), path: recordingPath };
    this.notify(session);
  }

  /** Every second while live: ingest checks and figures, then a status push to the studio's socket. */
  private tick(session: ActiveSession) {
    if (session.stopping) return;
    const now = Date.now();
    if (session.source === 'browser' && now - session.lastChunkAt > INGEST_SILENCE_MS) {
      // With a slate the stream waits for the studio to come back (decision 0101); without one it ends.
      if (!session.program) {
        this.deps.stop(session.id, { status: 'failed', reason: STREAMING_MESSAGES.browserStopped });
        return;
      }
      if (session.ingest) this.detachIngest(session, session.ingest);
    }
    if (session.source === 'browser' && session.ingest) {
      const before = session.ingestPace;
      session.ingestPace = session.paceMeter.figures(session.ingest?.stdin?.writableLength ?? 0);
      const line = newlyBehindLogLine(before, session.ingestPace);
      if (line)
        this.options.log.warn(
          { sessionId: session.id, settings: session.settings, ...session.ingestPace },
          line,
        );
    }
    if (session.source === 'obs') readObsFigures(session, this.deps.relay, now);
    this.notify(session);
  }

  private async writeSamples(session: ActiveSession) {
    const samples = samplesOf(session, Date.now());
    try {
      await insertSamples(this.options.db, samples);
    } catch (err) {
      this.options.log.warn({ err: String(err) }, 'could not record stream health');
    }
  }

  private notify(session: ActiveSession) {
    if (session.listeners.size === 0) return;
    const status = toStreamSession(session);
    for (const listener of session.listeners) listener(status);
  }

  /**
   * End Stream: ingest first, then (after the relay drained) every destination and the recorder; the end is
   * written and pushed, `forget` takes the session out of the registry, and the recording is kept.
   */
  async teardown(session: ActiveSession, result: StopResult, forget: () => void) {
    const { relay } = this.deps;
    const wasLive = session.status === 'live';
    for (const timer of session.timers) clearInterval(timer);
    session.timers = [];
    session.program?.ending(); // the source ends on purpose: its silence is no drop (decision 0101)
    if (session.ingest && !session.ingest.stdin) await stopChild(session.ingest);
    else if (session.ingest) {
      const ingest = session.ingest;
      // Closing stdin lets ffmpeg encode what it has and close the RTMP publish cleanly.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => void stopChild(ingest).then(resolve), 5_000);
        timer.unref();
        ingest.onExit(() => {
          clearTimeout(timer);
          resolve();
        });
        ingest.stdin?.end();
      });
    }
    if (session.source !== 'browser') relay.dropPublisher(session.relayKey);
    if (session.program) {
      relay.closeReaders(session.relayKey);
      await session.program.stop();
    }
    if (wasLive && !result.discard) await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    if (wasLive && !result.discard) await this.writeSamples(session);
    const stopped = Promise.all([
      ...session.destinations.map((d) => d.supervisor?.stop()),
      session.recorder ? stopChild(session.recorder.child) : undefined,
    ]);
    relay.closeReaders(session.program?.programKey ?? session.relayKey);
    await stopped;
    await Promise.all(session.destinations.map((d) => d.egress?.close()));
    session.status = result.status;
    session.reason = result.reason ?? session.recordingStoppedReason;
    const destinations = finishedDestinationsOf(session);
    if (!result.discard) {
      try {
        await finishSession(this.options.db, session.id, { ...result, reason: session.reason, destinations });
      } catch (err) {
        this.options.log.warn({ err: String(err) }, 'could not record the end of a stream');
      }
    }
    this.notify(session);
    session.listeners.clear();
    forget();
    if (session.media?.tempFile) await rm(session.media.tempFile, { force: true });
    if (session.recorder && result.discard) await rm(session.recorder.path, { force: true });
    else if (session.recorder && wasLive) this.keepRecordingOf(session, session.recorder.path);
  }

  private keepRecordingOf(session: ActiveSession, recordingPath: string) {
    const { db, storage, processor, log, config, disk, onRecordingKept } = this.options;
    const limits = mediaLimitsOf({ plan: session.plan }, config);
    const kept = keepRecording(
      { db, storage, processor, log, ffmpegPath: config.ffmpegPath, disk },
      {
        sessionId: session.id,
        owner: session.owner,
        limits,
        path: recordingPath,
        name: `${session.title}.mp4`,
      },
      onRecordingKept,
    );
    this.deps.track(kept);
  }
}
