import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PlanId } from '@relaycast/shared/plans';
import {
  STREAMING_ERROR_CODES,
  STREAMING_MESSAGES,
  type StartStreamInput,
  type StreamSession,
  type StreamSettingsSnapshot,
} from '@relaycast/shared/streaming';
import type { Config } from '../../../config/env';
import type { Db } from '../../../db/client';
import { addressPolicy } from '../../../lib/address-policy';
import { AppError } from '../../../lib/app-error';
import type { MediaProcessor } from '../../../lib/media/ffmpeg';
import type { MediaStorage } from '../../../lib/media/storage';
import { getUserSettings } from '../../settings/settings.service';
import { resolveWorkspace } from '../../workspaces/workspaces.service';
import { destinationRefusal } from '../destination-address';
import { type LiveDestination, loadLiveDestinations, type StreamOwner } from '../destinations.service';
import { findIngestKeyOwner } from '../ingest-keys.service';
import {
  closeStaleSessions,
  finishSession,
  insertSamples,
  insertSession,
  type LiveOverlay,
  markSessionLive,
} from '../sessions.service';
import { runningChildren, spawnFfmpeg, stopChild } from './child';
import { buildEgressArgs, buildIngestArgs, buildRecorderArgs, destinationUrlOf } from './ffmpeg-args';
import {
  type ActiveSession,
  DEFAULT_SETTINGS_SNAPSHOT,
  finishedDestinationsOf,
  isOwnedBy,
  newActiveSession,
  overlayOf,
  samplesOf,
  settingsSnapshotOf,
  toStreamSession,
} from './live-session';
import { keepRecording } from './recording';
import { type Relay, startRelay } from './relay';
import { OutputSupervisor, type SupervisorOptions, systemClock } from './supervisor';

export interface EngineLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export type FfmpegSpawner = (args: string[], options?: { stdin?: boolean }) => ReturnType<typeof spawnFfmpeg>;

export interface StreamEngineOptions {
  db: Db;
  config: Config;
  log: EngineLog;
  storage: MediaStorage;
  processor: MediaProcessor;
  supervisor?: Partial<SupervisorOptions>;
  /** How often health figures are written for the analytics charts. */
  sampleIntervalMs?: number;
  /** A browser session whose socket never sends video is failed after this long. */
  ingestTimeoutMs?: number;
}

/** Browser chunks waiting for the encoder beyond this (about a minute at 8 Mbps): it cannot keep up. */
const MAX_INGEST_BACKLOG_BYTES = 64 * 1024 * 1024;

/** OBS retries for about a minute after a drop; a stream ended in the studio must not come back by itself. */
const OBS_RECONNECT_BLOCK_MS = 60_000;

/** A browser session whose socket stays open but sends nothing for this long has stopped. */
const INGEST_SILENCE_MS = 15_000;

/** Lets egress processes read what is still buffered in the relay before they are told to stop. */
const DRAIN_MS = 1_000;

/**
 * The live engine: one ingest (the browser's chunks encoded once, or OBS publishing straight to the relay),
 * one supervised `-c copy` ffmpeg per destination, a recorder, and health samples. Nothing it starts outlives
 * stopSession() or close().
 */
export class StreamEngine {
  private readonly sessions = new Map<string, ActiveSession>();
  private readonly byRelayKey = new Map<string, ActiveSession>();
  private readonly background = new Set<Promise<unknown>>();
  /** OBS keys whose stream the user ended in the studio, refused until the time given. */
  private readonly endedObsKeys = new Map<string, number>();
  private readonly recordingsDir: string;
  private closed = false;
  readonly spawner: FfmpegSpawner;

  private constructor(
    private readonly options: StreamEngineOptions,
    readonly relay: Relay | null,
    spawner?: FfmpegSpawner,
  ) {
    this.spawner = spawner ?? ((args, opts) => spawnFfmpeg(options.config.ffmpegPath, args, opts));
    this.recordingsDir = path.join(options.config.dataDir, 'tmp', 'recordings');
    mkdirSync(this.recordingsDir, { recursive: true });
  }

  /** Starts the relay when the configuration enables it, then closes streams a previous run left open. */
  static async create(options: StreamEngineOptions): Promise<StreamEngine> {
    const { rtmp } = options.config;
    let engine: StreamEngine | undefined;
    let relay: Relay | null = null;
    if (rtmp.enabled) {
      try {
        relay = await startRelay({
          host: rtmp.host,
          port: rtmp.port,
          dataDir: options.config.dataDir,
          reconnectGraceMs: rtmp.reconnectGraceMs,
          log: options.log,
          authorizePublish: (key) => (engine ? engine.authorizePublish(key) : Promise.resolve(false)),
          onPublish: (key) => engine?.onRelayPublish(key),
          onPublishEnd: (key) => engine?.onRelayPublishEnd(key),
        });
      } catch (err) {
        options.log.warn(
          { port: rtmp.port, err: String(err) },
          'the RTMP relay could not start: live streaming is off (is RTMP_PORT in use?)',
        );
      }
    }
    // Only the process that runs the relay carries streams, so only it may close the ones a crash left open.
    if (relay) {
      const stale = await closeStaleSessions(options.db);
      if (stale > 0) options.log.warn({ count: stale }, 'closed streams left open by a previous run');
    }
    engine = new StreamEngine(options, relay);
    return engine;
  }

  get isAvailable(): boolean {
    return this.relay !== null && !this.closed;
  }

  /**
   * The OBS server URL a user pastes: the host the user reaches the app on (PUBLIC_URL's when set, see
   * lib/request-origin.ts), the relay's port.
   */
  publicIngestUrl(hostname = new URL(this.options.config.publicUrl).hostname): string {
    const host = hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
    const port = this.relay?.port ?? this.options.config.rtmp.port;
    return `rtmp://${host}:${port}/live`;
  }

  /** Pids of every ffmpeg the engine runs now (tests check none survive). */
  activePids(): number[] {
    return [...runningChildren];
  }

  liveSessionOf(owner: StreamOwner): StreamSession | null {
    const session = this.activeSessionOf(owner);
    return session ? toStreamSession(session) : null;
  }

  readonly overlay: LiveOverlay = (sessionId) => {
    const session = this.sessions.get(sessionId);
    return session ? overlayOf(session) : null;
  };

  isLive(owner: StreamOwner): boolean {
    return this.activeSessionOf(owner) !== undefined;
  }

  private activeSessionOf(owner: StreamOwner): ActiveSession | undefined {
    for (const session of this.sessions.values()) if (isOwnedBy(session, owner)) return session;
    return undefined;
  }

  private userIsLive(userId: string): boolean {
    for (const session of this.sessions.values()) if (session.owner.userId === userId) return true;
    return false;
  }

  private requireAvailable() {
    if (!this.isAvailable) {
      throw new AppError(STREAMING_ERROR_CODES.unavailable, 503, STREAMING_MESSAGES.streamingUnavailable);
    }
  }

  private async settingsOf(userId: string): Promise<StreamSettingsSnapshot> {
    try {
      return settingsSnapshotOf((await getUserSettings(this.options.db, userId)).stream);
    } catch (err) {
      this.options.log.warn({ err: String(err) }, 'could not read stream settings; using the defaults');
      return DEFAULT_SETTINGS_SNAPSHOT;
    }
  }

  private async createSession(input: {
    owner: StreamOwner;
    plan: PlanId | null;
    source: 'browser' | 'obs';
    relayKey: string;
    title: string | undefined;
    scheduledStreamId: string | null;
    destinations: LiveDestination[];
  }): Promise<ActiveSession> {
    const settings = await this.settingsOf(input.owner.userId);
    const id = randomBytes(16).toString('base64url');
    const title = input.title || `Live stream ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const session = newActiveSession({
      id,
      owner: input.owner,
      plan: input.plan,
      title,
      source: input.source,
      settings,
      relayKey: input.relayKey,
      destinations: input.destinations,
    });
    this.sessions.set(id, session);
    this.byRelayKey.set(input.relayKey, session);
    try {
      session.startedAt = await insertSession(this.options.db, {
        id,
        owner: input.owner,
        title,
        source: input.source,
        settings,
        scheduledStreamId: input.scheduledStreamId,
        destinations: input.destinations,
      });
    } catch (err) {
      this.sessions.delete(id);
      this.byRelayKey.delete(input.relayKey);
      throw err;
    }
    return session;
  }

  /** Going live from the studio: the session waits for the browser's socket (STREAM_INGEST). */
  async startBrowserSession(
    owner: StreamOwner,
    plan: PlanId | null,
    input: StartStreamInput,
  ): Promise<StreamSession> {
    this.requireAvailable();
    if (!(await this.options.processor.isAvailable())) {
      throw new AppError(STREAMING_ERROR_CODES.unavailable, 503, STREAMING_MESSAGES.streamingUnavailable);
    }
    if (this.userIsLive(owner.userId)) {
      throw new AppError(STREAMING_ERROR_CODES.alreadyLive, 409, STREAMING_MESSAGES.alreadyLive);
    }
    const destinations = await loadLiveDestinations(
      this.options.db,
      owner,
      this.options.config.appSecret,
      input.destinationIds,
    );
    if (destinations.length === 0) {
      throw new AppError(STREAMING_ERROR_CODES.noDestinations, 400, STREAMING_MESSAGES.noDestinations);
    }
    // Checked again after the awaits: two clicks on Go Live must not start two streams.
    if (this.userIsLive(owner.userId)) {
      throw new AppError(STREAMING_ERROR_CODES.alreadyLive, 409, STREAMING_MESSAGES.alreadyLive);
    }
    const session = await this.createSession({
      owner,
      plan,
      source: 'browser',
      relayKey: `b_${randomBytes(12).toString('base64url')}`,
      title: input.title,
      scheduledStreamId: input.scheduledStreamId ?? null,
      destinations,
    });
    const timeout = setTimeout(() => {
      if (session.status === 'starting' && !session.stopping) {
        void this.stopSession(session.id, { status: 'failed', reason: STREAMING_MESSAGES.noVideo });
      }
    }, this.options.ingestTimeoutMs ?? 60_000);
    timeout.unref();
    session.timers.push(timeout);
    return toStreamSession(session);
  }

  /**
   * The browser's socket for a session: starts the one encode (user's settings → relay). Returns what the
   * socket handler needs: write chunks, end, and status updates.
   */
  attachIngest(sessionId: string, owner: StreamOwner) {
    const session = this.sessions.get(sessionId);
    if (session?.source !== 'browser' || !isOwnedBy(session, owner)) {
      throw new AppError(STREAMING_ERROR_CODES.notFound, 404, STREAMING_MESSAGES.sessionNotFound);
    }
    if (session.stopping || session.status === 'ended' || session.status === 'failed') {
      throw new AppError(STREAMING_ERROR_CODES.notLive, 410, STREAMING_MESSAGES.sessionNotLive);
    }
    if (session.ingest) {
      throw new AppError(STREAMING_ERROR_CODES.ingestBusy, 409, STREAMING_MESSAGES.ingestAlreadyConnected);
    }
    const relay = this.relay;
    if (!relay)
      throw new AppError(STREAMING_ERROR_CODES.unavailable, 503, STREAMING_MESSAGES.streamingUnavailable);
    const child = this.spawner(buildIngestArgs(session.settings, relay.localUrl(session.relayKey)), {
      stdin: true,
    });
    session.ingest = child;
    child.onProgress((block) => {
      session.ingestHealth = session.ingestMeter.update(block);
    });
    child.onExit(({ code, stderrTail }) => {
      if (session.stopping) return;
      this.options.log.warn(
        { sessionId, code, stderr: stderrTail.slice(-500) },
        'stream ingest ffmpeg exited',
      );
      void this.stopSession(sessionId, { status: 'failed', reason: STREAMING_MESSAGES.ingestFailed });
    });
    return {
      write: (chunk: Buffer): boolean => {
        const stdin = child.stdin;
        if (!stdin || session.stopping) return false;
        // The encoder falls ever further behind (settings too heavy for this machine): stop rather than
        // buffer without bound.
        if (stdin.writableLength > MAX_INGEST_BACKLOG_BYTES) {
          void this.stopSession(sessionId, { status: 'failed', reason: STREAMING_MESSAGES.encoderTooSlow });
          return false;
        }
        session.lastChunkAt = Date.now();
        stdin.write(chunk);
        return true;
      },
      subscribe: (listener: (status: StreamSession) => void) => {
        session.listeners.add(listener);
        return () => session.listeners.delete(listener);
      },
      snapshot: () => toStreamSession(session),
    };
  }

  /** Relay: may this key publish? Browser sessions' internal keys, or a user's personal OBS key. */
  private async authorizePublish(key: string): Promise<boolean> {
    if (this.closed) return false;
    const session = this.byRelayKey.get(key);
    if (session) return !session.stopping;
    if (key.startsWith('b_')) return false;
    const pausedUntil = this.endedObsKeys.get(key);
    if (pausedUntil !== undefined) {
      if (Date.now() < pausedUntil) return false;
      this.endedObsKeys.delete(key);
    }
    const owner = await findIngestKeyOwner(this.options.db, key);
    if (!owner) return false;
    return !this.userIsLive(owner.userId);
  }

  private onRelayPublish(key: string) {
    const session = this.byRelayKey.get(key);
    if (session) {
      if (session.status === 'starting' && !session.stopping) this.goLive(session);
      return;
    }
    const start = this.startObsSession(key).catch((err: unknown) => {
      this.options.log.warn({ err: String(err) }, 'could not start a stream from OBS');
      this.relay?.dropPublisher(key);
    });
    this.track(start);
  }

  private onRelayPublishEnd(key: string) {
    const session = this.byRelayKey.get(key);
    if (session && !session.stopping) void this.stopSession(session.id, { status: 'ended', reason: null });
  }

  private async startObsSession(key: string) {
    const owner = await findIngestKeyOwner(this.options.db, key);
    if (!owner || this.userIsLive(owner.userId) || this.closed) {
      this.relay?.dropPublisher(key);
      return;
    }
    const workspace = await resolveWorkspace(this.options.db, owner.userId, owner.workspaceId);
    const resolvedOwner = { userId: owner.userId, workspaceId: workspace.id };
    const destinations = await loadLiveDestinations(
      this.options.db,
      resolvedOwner,
      this.options.config.appSecret,
    );
    if (this.userIsLive(owner.userId)) return;
    const session = await this.createSession({
      owner: resolvedOwner,
      plan: workspace.plan,
      source: 'obs',
      relayKey: key,
      title: undefined,
      scheduledStreamId: null,
      destinations,
    });
    this.goLive(session);
  }

  private goLive(session: ActiveSession) {
    const relay = this.relay;
    if (!relay) return;
    session.status = 'live';
    session.liveSince = Date.now();
    this.track(
      markSessionLive(this.options.db, session.id).catch((err: unknown) =>
        this.options.log.warn({ err: String(err) }, 'could not mark a stream live'),
      ),
    );
    const input = relay.localUrl(session.relayKey);
    const policy = addressPolicy(this.options.config.allowPrivateAddresses);
    for (const destination of session.destinations) {
      const supervisor = new OutputSupervisor(
        buildEgressArgs(input, destinationUrlOf(destination.info.rtmpUrl, destination.info.streamKey)),
        (args) => this.spawner(args),
        systemClock,
        this.options.supervisor,
        (snapshot) => {
          const dropped = snapshot.health?.droppedFrames;
          if (dropped === undefined) return;
          if (dropped < destination.droppedLast) destination.droppedBase += destination.droppedLast;
          destination.droppedLast = dropped;
        },
        // The destination was checked when saved; DNS may have changed since (decision 0014).
        () => destinationRefusal(destination.info.rtmpUrl, policy),
      );
      destination.supervisor = supervisor;
      supervisor.start();
    }
    const recordingPath = path.join(this.recordingsDir, `${session.id}.flv`);
    session.recorder = { child: this.spawner(buildRecorderArgs(input, recordingPath)), path: recordingPath };

    const sampleEvery = this.options.sampleIntervalMs ?? 2_000;
    const sampler = setInterval(() => this.track(this.writeSamples(session)), sampleEvery);
    sampler.unref();
    session.timers.push(sampler);
    const pusher = setInterval(() => this.tick(session), 1_000);
    pusher.unref();
    session.timers.push(pusher);
    this.notify(session);
  }

  /** Every second while live: ingest checks and figures, then a status push to the studio's socket. */
  private tick(session: ActiveSession) {
    if (session.stopping) return;
    const now = Date.now();
    if (session.source === 'browser' && now - session.lastChunkAt > INGEST_SILENCE_MS) {
      void this.stopSession(session.id, { status: 'failed', reason: STREAMING_MESSAGES.browserStopped });
      return;
    }
    if (session.source === 'obs') {
      const stats = this.relay?.publisherStats(session.relayKey);
      if (stats) {
        const previous = session.lastInBytes;
        const bitrateKbps =
          previous && now > previous.at
            ? Math.round(((stats.inBytes - previous.bytes) * 8) / (now - previous.at))
            : null;
        session.lastInBytes = { bytes: stats.inBytes, at: now };
        session.ingestHealth = { bitrateKbps, fps: stats.fps, droppedFrames: 0 };
      }
    }
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

  /** End Stream: ingest first, then (after the relay drained) every destination and the recorder. */
  stopSession(
    sessionId: string,
    result: { status: 'ended' | 'failed'; reason: string | null } = { status: 'ended', reason: null },
    owner?: StreamOwner,
  ): Promise<StreamSession> {
    const session = this.sessions.get(sessionId);
    if (!session || (owner && !isOwnedBy(session, owner))) {
      return Promise.reject(
        new AppError(STREAMING_ERROR_CODES.notFound, 404, STREAMING_MESSAGES.sessionNotFound),
      );
    }
    // End Stream from the studio on an OBS stream: OBS reconnects on its own, which would start a new stream.
    if (owner && session.source === 'obs' && !session.stopping) {
      this.endedObsKeys.set(session.relayKey, Date.now() + OBS_RECONNECT_BLOCK_MS);
    }
    session.stopping ??= this.track(this.teardown(session, result));
    return session.stopping.then(() => toStreamSession(session));
  }

  private async teardown(
    session: ActiveSession,
    result: { status: 'ended' | 'failed'; reason: string | null },
  ) {
    const wasLive = session.status === 'live';
    for (const timer of session.timers) clearInterval(timer);
    session.timers = [];
    if (session.ingest) {
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
    if (session.source === 'obs') this.relay?.dropPublisher(session.relayKey);
    if (wasLive) await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    if (wasLive) await this.writeSamples(session);
    const stopped = Promise.all([
      ...session.destinations.map((d) => d.supervisor?.stop()),
      session.recorder ? stopChild(session.recorder.child) : undefined,
    ]);
    this.relay?.closeReaders(session.relayKey);
    await stopped;
    session.status = result.status;
    session.reason = result.reason;
    const destinations = finishedDestinationsOf(session);
    try {
      await finishSession(this.options.db, session.id, { ...result, destinations });
    } catch (err) {
      this.options.log.warn({ err: String(err) }, 'could not record the end of a stream');
    }
    this.notify(session);
    session.listeners.clear();
    this.sessions.delete(session.id);
    this.byRelayKey.delete(session.relayKey);
    if (session.recorder && wasLive) {
      this.track(
        keepRecording(
          {
            db: this.options.db,
            storage: this.options.storage,
            processor: this.options.processor,
            log: this.options.log,
            ffmpegPath: this.options.config.ffmpegPath,
          },
          {
            sessionId: session.id,
            owner: session.owner,
            plan: session.plan,
            path: session.recorder.path,
            name: `${session.title}.mp4`,
          },
        ),
      );
    }
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.background.add(promise);
    void promise.finally(() => this.background.delete(promise)).catch(() => {});
    return promise;
  }

  /** app.close(): every stream ends, every ffmpeg is gone, the relay stops. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled(
      [...this.sessions.keys()].map((id) =>
        this.stopSession(id, { status: 'ended', reason: 'The server is shutting down.' }),
      ),
    );
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
    await this.relay?.stop();
  }
}
