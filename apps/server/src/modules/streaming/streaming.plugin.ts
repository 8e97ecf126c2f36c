import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { queueBackgroundAnalysis } from '../clips/clips-background';
import {
  AUTO_START_EVERY_MS,
  startDuePrerecordedStreams,
} from '../planned-streams/planned-streams-autostart';
import { StreamEngine, type StreamEngineOptions } from './live/engine';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live engine of this process: relay, sessions, their ffmpeg processes (modules/streaming/live). */
    streamEngine: StreamEngine;
  }
}

export interface StreamingPluginOptions {
  db: Db;
  config: Config;
  /** Tests: shorter supervisor timings, faster samples. */
  engine?: Partial<Pick<StreamEngineOptions, 'supervisor' | 'sampleIntervalMs' | 'ingestTimeoutMs'>>;
  /** How often planned pre-recorded streams due now are started (0: never; tests call the function). */
  plannedStartEveryMs?: number;
}

/**
 * Builds the live engine once (the RTMP relay starts here when RTMP is enabled) with the app's media storage
 * and processor, and ends every stream on preClose, while the database is still open for their last rows.
 */
async function streaming(app: FastifyInstance, options: StreamingPluginOptions) {
  const engine = await StreamEngine.create({
    db: options.db,
    config: options.config,
    log: app.log,
    storage: app.mediaStorage,
    processor: app.mediaProcessor,
    disk: app.diskGuard,
    // A kept recording is analysed for clip highlights in the background (docs/decisions/0049-stream-clips.md).
    onRecordingKept: (kept) => queueBackgroundAnalysis(options.db, app.jobs, kept),
    nodeId: app.node.id,
    ...options.engine,
  });
  // This node's row says it streams and where its relay listens (decision 0113); written on onReady.
  app.node.streaming = engine.isAvailable;
  app.node.rtmpPort = engine.relay?.port ?? null;
  // Planned pre-recorded streams start in the process that holds the relay, the only one that can run them
  // (docs/decisions/0095-prerecorded-streams.md); the claim on each row keeps a start single across processes.
  const everyMs = options.plannedStartEveryMs ?? (options.config.env === 'test' ? 0 : AUTO_START_EVERY_MS);
  let running: Promise<unknown> | null = null;
  const timer =
    engine.isAvailable && everyMs > 0
      ? setInterval(() => {
          running ??= startDuePrerecordedStreams({ db: options.db, engine, log: app.log })
            .catch((err: unknown) =>
              app.log.warn({ err: String(err) }, 'planned pre-recorded streams: run failed'),
            )
            .finally(() => {
              running = null;
            });
        }, everyMs)
      : null;
  timer?.unref();
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
    await engine.close();
  });
  app.decorate('streamEngine', engine);
}

/** Not encapsulated, so `app.streamEngine` is visible to the routes, the tests and other modules. */
export const streamingPlugin = fp(streaming, {
  name: 'streaming-engine',
  dependencies: ['media', 'jobs', 'nodes'],
});
