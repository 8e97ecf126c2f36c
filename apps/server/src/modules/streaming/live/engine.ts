/*
 * Over 300 lines on purpose: admission's sources share one registry and its races (Go Live from the studio or a
 * library video, checked again after each await; OBS publishing to the relay, with the block after End Stream).
 * What runs inside an admitted stream is session-pipeline.ts; relay, supervisor, recording, ffmpeg arguments
 * and the library file (media-source.ts) are their own files.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { PlanId } from '@relaycast/shared/plans';
import { STREAMING_MESSAGES, type StartStreamInput, type StreamSession } from '@relaycast/shared/streaming';
import { AppError } from '../../../lib/app-error';
import { findStreamableMedia } from '../../media/media-streamable';
import { resolveWorkspace } from '../../workspaces/workspaces.service';
import { loadLiveDestinations, type StreamOwner } from '../destinations.service';
import { findIngestKeyOwner } from '../ingest-keys.service';
import { closeLeftOpen, userLiveElsewhere } from '../stream-placement';
import type { LiveOverlay } from '../stream-sessions.queries';
import { insertSession } from '../stream-sessions.service';
import { runningChildren, spawnFfmpeg } from './child';
import {
  type ActiveSession,
  isOwnedBy,
  newActiveSession,
  outputFiguresOf,
  overlayOf,
  sessionWithProgram,
  settingsFor,
  toStreamSession,
} from './live-session';
import { openMediaSource } from './media-source';
import { type Relay, startRelay } from './relay';
import { rtmpIngestUrl } from './rtmp-url';
import {
  type FfmpegSpawner,
  type PipelineOptions,
  SessionPipeline,
  type StopResult,
} from './session-pipeline';

export type { EngineLog, FfmpegSpawner } from './session-pipeline';

export interface StreamEngineOptions extends PipelineOptions {
  /** A browser session whose socket never sends video is failed after this long. */
  ingestTimeoutMs?: number;
  /** This node's id: its streams are recorded with it and a lease (decision 0113). */
  nodeId: string;
}

/** What a new stream starts from (its id and settings are made here). */
type NewSession = Omit<Parameters<typeof newActiveSession>[0], 'id' | 'settings' | 'title'> & {
  title: string | undefined;
  scheduledStreamId: string | null;
};

/** OBS retries for about a minute after a drop; a stream ended in the studio must not come back by itself. */
const OBS_RECONNECT_BLOCK_MS = 60_000;

/**
 * The live engine: admission (who may go live, from the studio or OBS through the relay) and the registry of
 * running streams. What runs inside one stream (one ingest, one supervised `-c copy` ffmpeg per destination, a
 * recorder, health samples, teardown) is session-pipeline.ts. Nothing it starts outlives stopSession() or close().
 */
export class StreamEngine {
  private readonly sessions = new Map<string, ActiveSession>();
  private readonly byRelayKey = new Map<string, ActiveSession>();
  private readonly background = new Set<Promise<unknown>>();
  /** OBS keys whose stream the user ended in the studio, refused until the time given. */
  private readonly endedObsKeys = new Map<string, number>();
  /** Runs the admitted streams; null without a relay (nothing can be admitted then). */
  private readonly pipeline: SessionPipeline | null;
  private closed = false;
  private readonly recordingsDir: string;
  readonly spawner: FfmpegSpawner;

  private constructor(
    private readonly options: StreamEngineOptions,
    readonly relay: Relay | null,
    spawner?: FfmpegSpawner,
  ) {
    this.spawner = spawner ?? ((args, opts) => spawnFfmpeg(options.config.ffmpegPath, args, opts));
    const recordingsDir = path.join(options.config.dataDir, 'tmp', 'recordings');
    mkdirSync(recordingsDir, { recursive: true });
    this.recordingsDir = recordingsDir;
    this.pipeline = relay
      ? new SessionPipeline(options, {
          relay,
          spawner: this.spawner,
          recordingsDir,
          track: (promise) => this.track(promise),
          stop: (sessionId, result) => void this.stopSession(sessionId, result),
        })
      : null;
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
          onPublishEnd: (key, ending) => engine?.onRelayPublishEnd(key, ending),
        });
      } catch (err) {
        options.log.warn(
          { port: rtmp.port, err: String(err) },
          'the RTMP relay could not start: live streaming is off (is RTMP_PORT in use?)',
        );
      }
    }
    // Only a process that runs the relay carries streams: it closes the ones its previous run left open.
    if (relay) await closeLeftOpen(options);
    engine = new StreamEngine(options, relay);
    return engine;
  }

  get isAvailable(): boolean {
    return this.relay !== null && !this.closed;
  }

  /** The OBS server URL a user pastes: the host the user reaches the app on, a relay's port (rtmp-url.ts). */
  publicIngestUrl(hostname = new URL(this.options.config.publicUrl).hostname, port?: number | null): string {
    return rtmpIngestUrl(hostname, port ?? this.relay?.port ?? this.options.config.rtmp.port);
  }

  /** Pids of every ffmpeg the engine runs now (tests check none survive). */
  activePids = (): number[] => [...runningChildren];

  outputFigures = () => outputFiguresOf(this.sessions.values());

  liveSessionOf(owner: StreamOwner): StreamSession | null {
    const session = this.activeSessionOf(owner);
    return session ? toStreamSession(session) : null;
  }

  readonly overlay: LiveOverlay = (sessionId) => {
    const session = this.sessions.get(sessionId);
    return session ? overlayOf(session) : null;
  };

  isLive = (owner: StreamOwner): boolean => this.activeSessionOf(owner) !== undefined;

  private activeSessionOf(owner: StreamOwner): ActiveSession | undefined {
    for (const session of this.sessions.values()) if (isOwnedBy(session, owner)) return session;
    return undefined;
  }

  private userIsLive(userId: string): boolean {
    for (const session of this.sessions.values()) if (session.owner.userId === userId) return true;
    return false;
  }

  /** Here, or on another streaming node whose lease still holds (stream-placement.ts). */
  private async userIsLiveAnywhere(userId: string): Promise<boolean> {
    return this.userIsLive(userId) || (await userLiveElsewhere(this.options.db, this.options.nodeId, userId));
  }

  private async createSession(input: NewSession): Promise<ActiveSession> {
    const settings = await settingsFor(this.options, input.owner.userId);
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
      media: input.media,
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
        nodeId: this.options.nodeId,
      });
    } catch (err) {
      this.sessions.delete(id);
      this.byRelayKey.delete(input.relayKey);
      if (input.media?.tempFile) await rm(input.media.tempFile, { force: true });
      throw err;
    }
    return session;
  }

  /**
   * Going live from the studio: the session waits for the browser's socket (STREAM_INGEST); or, with a
   * `media` source, a library video is played into the relay at real time (docs/prerecorded-streams.md).
   */
  async startBrowserSession(
    owner: StreamOwner,
    plan: PlanId | null,
    input: StartStreamInput,
  ): Promise<StreamSession> {
    if (!this.isAvailable) throw new AppError('STREAMING_UNAVAILABLE');
    if (!(await this.options.processor.isAvailable())) throw new AppError('STREAMING_UNAVAILABLE');
    if (await this.userIsLiveAnywhere(owner.userId)) throw new AppError('STREAM_ALREADY_LIVE');
    const source = input.source;
    // The file is checked first: another workspace's id is a 404, an image a 400, before anything else.
    if (source) await findStreamableMedia(this.options.db, owner, source.mediaId);
    const { db, config } = this.options;
    const destinations = await loadLiveDestinations(db, owner, config.appSecret, input.destinationIds);
    if (destinations.length === 0) throw new AppError('STREAM_NO_DESTINATIONS');
    const tag = randomBytes(12).toString('base64url');
    const media = source
      ? await openMediaSource(
          { db, storage: this.options.storage, ffprobePath: config.ffprobePath, tempDir: this.recordingsDir },
          owner,
          { mediaId: source.mediaId, loop: source.loop ?? false },
          tag,
        )
      : null;
    // Checked again after the awaits: two clicks on Go Live must not start two streams.
    if (this.userIsLive(owner.userId) || this.closed) {
      if (media?.tempFile) await rm(media.tempFile, { force: true });
      throw new AppError(this.closed ? 'STREAMING_UNAVAILABLE' : 'STREAM_ALREADY_LIVE');
    }
    const session = await this.createSession({
      owner,
      plan,
      source: media ? 'media' : 'browser',
      relayKey: `${media ? 'm' : 'b'}_${tag}`,
      title: input.title || (media ? media.name : undefined),
      scheduledStreamId: input.scheduledStreamId ?? null,
      destinations,
      media,
    });
    const timeout = setTimeout(() => {
      if (session.status === 'starting' && !session.stopping) {
        void this.stopSession(session.id, { status: 'failed', reason: STREAMING_MESSAGES.noVideo });
      }
    }, this.options.ingestTimeoutMs ?? 60_000);
    timeout.unref();
    session.timers.push(timeout);
    if (media) this.pipeline?.startMediaIngest(session);
    return toStreamSession(session);
  }

  /** The studio's socket: its copy or one encode to the relay (decision 0104); what the socket handler needs. */
  attachIngest(
    sessionId: string,
    owner: StreamOwner,
    format: Parameters<SessionPipeline['startIngest']>[1] = null,
  ) {
    const session = this.sessions.get(sessionId);
    if (session?.source !== 'browser' || !isOwnedBy(session, owner)) {
      throw new AppError('NOT_FOUND', { message: STREAMING_MESSAGES.sessionNotFound });
    }
    if (session.stopping || session.status === 'ended' || session.status === 'failed') {
      throw new AppError('STREAM_NOT_LIVE');
    }
    // With a slate a second socket is the studio reconnecting and takes over (decision 0101); without, a second tab.
    if (session.ingest && !session.program) throw new AppError('STREAM_INGEST_BUSY');
    if (!this.pipeline) throw new AppError('STREAMING_UNAVAILABLE');
    return this.pipeline.startIngest(session, format);
  }

  /** Relay: may this key publish? Browser sessions' internal keys, or a user's personal OBS key. */
  private async authorizePublish(key: string): Promise<boolean> {
    if (this.closed) return false;
    const session = this.byRelayKey.get(key) ?? sessionWithProgram(this.sessions.values(), key);
    if (session) return !session.stopping;
    if (key.startsWith('b_') || key.startsWith('m_') || key.startsWith('p_')) return false;
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
    // The program (decision 0101) publishes: the destinations and the recorder start.
    const program = sessionWithProgram(this.sessions.values(), key);
    if (program) return this.pipeline?.startOutputs(program);
    const session = this.byRelayKey.get(key);
    if (session) {
      if (session.stopping) return;
      if (session.status === 'starting') this.pipeline?.goLive(session);
      // The source is back (OBS reconnected, the studio's socket came back): the program reads it again.
      else session.program?.sourcePublished();
      return;
    }
    const start = this.startObsSession(key).catch((err: unknown) => {
      this.options.log.warn({ err: String(err) }, 'could not start a stream from OBS');
      this.relay?.dropPublisher(key);
    });
    this.track(start);
  }

  private onRelayPublishEnd(key: string, ending: { stopped: boolean }) {
    const session = this.byRelayKey.get(key);
    // A live stream with a slate waits for a dropped source (decision 0101): the slate's grace ends it. OBS's Stop
    // Streaming is no drop: the stream ends now. (The program's own publish ends only with its ffmpeg, whose exit
    // fails the stream: session-program.ts.)
    if (session?.program && session.status === 'live' && !ending.stopped) return;
    if (session && !session.stopping) void this.stopSession(session.id, { status: 'ended', reason: null });
  }

  private async startObsSession(key: string) {
    const owner = await findIngestKeyOwner(this.options.db, key);
    // Live on another node too (decision 0113): one stream per user.
    if (!owner || (await this.userIsLiveAnywhere(owner.userId)) || this.closed) {
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
    this.pipeline?.goLive(session);
  }

  /** End Stream: ingest first, then (after the relay drained) every destination and the recorder. */
  stopSession(
    sessionId: string,
    result: StopResult = { status: 'ended', reason: null },
    owner?: StreamOwner,
  ): Promise<StreamSession> {
    const session = this.sessions.get(sessionId);
    if (!session || (owner && !isOwnedBy(session, owner))) {
      return Promise.reject(new AppError('NOT_FOUND', { message: STREAMING_MESSAGES.sessionNotFound }));
    }
    // End Stream from the studio on an OBS stream: OBS reconnects on its own, which would start a new stream.
    if (owner && session.source === 'obs' && !session.stopping) {
      this.endedObsKeys.set(session.relayKey, Date.now() + OBS_RECONNECT_BLOCK_MS);
    }
    session.stopping ??= this.track(this.teardown(session, result));
    return session.stopping.then(() => toStreamSession(session));
  }

  private async teardown(session: ActiveSession, result: StopResult) {
    // A session exists only when the relay (and so the pipeline) does.
    await this.pipeline?.teardown(session, result, () => {
      this.sessions.delete(session.id);
      this.byRelayKey.delete(session.relayKey);
    });
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.background.add(promise);
    void promise.finally(() => this.background.delete(promise)).catch(() => {});
    return promise;
  }

  /** A deleted workspace's streams end at once; its rows are gone, so nothing is written or recorded for them. */
  endStreamsOfWorkspace(workspaceId: string): Promise<unknown> {
    const result = { status: 'ended', reason: STREAMING_MESSAGES.workspaceDeleted, discard: true } as const;
    return this.stopEvery((session) => session.owner.workspaceId === workspaceId, result);
  }

  private stopEvery(which: (session: ActiveSession) => boolean, result: StopResult): Promise<unknown> {
    const ending = [...this.sessions.values()].filter(which);
    return Promise.allSettled(ending.map((session) => this.stopSession(session.id, result)));
  }

  /** app.close(): every stream ends, every ffmpeg is gone, the relay stops. */
  async close(): Promise<void> {
    this.closed = true;
    await this.stopEvery(() => true, { status: 'ended', reason: 'The server is shutting down.' });
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
    await this.relay?.stop();
  }
}
