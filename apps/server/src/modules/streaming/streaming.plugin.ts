import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { queueBackgroundAnalysis } from '../clips/clips-background';
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
    ...options.engine,
  });
  app.addHook('preClose', async () => engine.close());
  app.decorate('streamEngine', engine);
}

/** Not encapsulated, so `app.streamEngine` is visible to the routes, the tests and other modules. */
export const streamingPlugin = fp(streaming, {
  name: 'streaming-engine',
  dependencies: ['media', 'jobs'],
});
