import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { defineJob, WORKER_ROLES } from '../../lib/background-work';
import type { MediaStorage } from '../../lib/media/storage';
import { runWatermarkApply, WATERMARK_APPLY_JOB, watermarkApplyPayloadSchema } from './watermark-apply';

export interface WatermarksJobContext {
  db: Db;
  config: Config;
  storage: MediaStorage;
  log: FastifyBaseLogger;
}

/**
 * `watermark-apply`: "Apply now" in the composer, a watermark burned into a library file ahead of publishing
 * (docs/watermarks.md, watermark-apply.ts), one ffmpeg at a time per worker process; the watermark_applies row is
 * the truth the composer reads.
 */
export const WATERMARKS_JOBS = [
  defineJob<WatermarksJobContext, typeof watermarkApplyPayloadSchema>({
    name: WATERMARK_APPLY_JOB,
    schema: watermarkApplyPayloadSchema,
    roles: WORKER_ROLES,
    tuning: { workers: 1, batchSize: 1, pollingIntervalSeconds: 1 },
    handler: (payload, { db, config, storage, log }) =>
      runWatermarkApply({ db, storage, ffmpegPath: config.ffmpegPath, log }, payload),
  }),
];
