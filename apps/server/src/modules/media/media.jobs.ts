import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { defineJob, WORKER_ROLES } from '../../lib/background-work';
import { createDiskGuard } from '../../lib/media/disk-space';
import { createMediaProcessor, type MediaProcessor } from '../../lib/media/ffmpeg';
import type { MediaStorage } from '../../lib/media/storage';
import { type MediaImportDeps, runMediaImport } from './media-import-run';
import { MEDIA_IMPORT_JOB, mediaImportPayloadSchema } from './media-imports.service';

export interface MediaJobContext {
  db: Db;
  config: Config;
  storage: MediaStorage;
  log: FastifyBaseLogger;
}

let processorOfProcess: MediaProcessor | undefined;

/** What an import needs: the context's, and one ffmpeg prober for the process (it checks ffmpeg once). */
export function mediaImportDepsOf(context: MediaJobContext): MediaImportDeps {
  const { db, config, storage, log } = context;
  processorOfProcess ??= createMediaProcessor({
    ffmpegPath: config.ffmpegPath,
    ffprobePath: config.ffprobePath,
    log,
  });
  return {
    db,
    config,
    storage,
    log,
    processor: processorOfProcess,
    disk: createDiskGuard(config.dataDir, config.installLimits.minFreeDiskBytes),
    tempDir: path.join(config.dataDir, 'tmp', 'media-imports'),
  };
}

/**
 * `media-import`: an import from a link downloaded into the library in the background (docs/media-import.md,
 * media-import-run.ts), two at a time per worker process; the media_imports row is the truth.
 */
export const MEDIA_JOBS = [
  defineJob<MediaJobContext, typeof mediaImportPayloadSchema>({
    name: MEDIA_IMPORT_JOB,
    schema: mediaImportPayloadSchema,
    roles: WORKER_ROLES,
    tuning: { workers: 2, batchSize: 1, pollingIntervalSeconds: 1 },
    handler: (payload, context) => runMediaImport(mediaImportDepsOf(context), payload),
  }),
];
