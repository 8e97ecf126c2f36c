import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { defineJob, WORKER_ROLES } from '../../lib/background-work';
import type { JobSender } from '../../lib/job-queue';
import type { MediaStorage } from '../../lib/media/storage';
import type { AnalysisRunner } from './clips.service';
import {
  CLIP_ANALYSIS_JOB,
  clipAnalysisPayloadSchema,
  clipsDepsOf,
  runBackgroundAnalysis,
} from './clips-background';

export interface ClipsJobContext {
  db: Db;
  config: Config;
  storage: MediaStorage;
  jobs: JobSender;
  /** The runner the analysis route uses too: at most two analyses at once in the process. */
  clipRunner: AnalysisRunner;
}

/**
 * `clip-analysis`: a kept stream recording analysed in the background (docs/decisions/0049-stream-clips.md,
 * clips-background.ts), one at a time per process, through the route's runner.
 */
export const CLIPS_JOBS = [
  defineJob<ClipsJobContext, typeof clipAnalysisPayloadSchema>({
    name: CLIP_ANALYSIS_JOB,
    schema: clipAnalysisPayloadSchema,
    roles: WORKER_ROLES,
    tuning: { workers: 1, batchSize: 1, pollingIntervalSeconds: 2 },
    handler: (payload, context) =>
      runBackgroundAnalysis(clipsDepsOf(context), context.clipRunner, context.jobs, payload),
  }),
];
