import { defineJob, defineSweep, WORKER_ROLES } from '../../lib/background-work';
import {
  type EngineOptions,
  PUBLISH_TARGET_JOB,
  type PublishingEngine,
  publishTargetPayloadSchema,
} from './publishing-engine';

/** What the publishing jobs need: the engine of this process and its tuning (publishing.plugin.ts). */
export interface PublishingJobContext {
  publishing: PublishingEngine;
  publishingTuning: Pick<EngineOptions, 'workers' | 'batchSize' | 'sweepEveryMs' | 'renewEveryMs'>;
}

/**
 * `publish-target` wakes a worker at a target's instant (docs/decisions/0007-publishing-engine.md). The handler
 * only asks the engine to publish the target; the engine re-reads the row and claims it, so a late, duplicate or
 * stale job does nothing. Every worker process also sweeps for targets whose job never ran (restarts, stale
 * attempts), renews the leases of its own claims every second and takes over those of processes that died, then
 * catches up with the due targets whose jobs they held (docs/decisions/0016-publishing-crash-catch-up.md). The
 * sweeps are per process on purpose (not `single`): each renews its own leases, and the claims keep them apart.
 * They run with the queue's workers: under NODE_ENV=test only when a test asks for them.
 */
export const PUBLISHING_JOBS = [
  defineJob<PublishingJobContext, typeof publishTargetPayloadSchema>({
    name: PUBLISH_TARGET_JOB,
    schema: publishTargetPayloadSchema,
    roles: WORKER_ROLES,
    tuning: ({ publishingTuning }) => ({
      workers: publishingTuning.workers,
      batchSize: publishingTuning.batchSize,
      pollingIntervalSeconds: 0.5,
    }),
    handler: (payload, { publishing }) => publishing.publishTarget(payload.targetId, payload.platform),
  }),
  defineSweep<PublishingJobContext>({
    name: 'publishing-sweep',
    everyMs: ({ publishingTuning }) => publishingTuning.sweepEveryMs,
    roles: WORKER_ROLES,
    single: false,
    underTest: 'with-workers',
    runNow: true,
    handler: ({ publishing }) => publishing.sweep(),
  }),
  // Separate sweeps: a long catch-up must never delay the renewal of this process's own leases.
  defineSweep<PublishingJobContext>({
    name: 'publishing-leases',
    everyMs: ({ publishingTuning }) => publishingTuning.renewEveryMs,
    roles: WORKER_ROLES,
    single: false,
    underTest: 'with-workers',
    runNow: true,
    handler: ({ publishing }) => publishing.renewLeases(),
  }),
  defineSweep<PublishingJobContext>({
    name: 'publishing-catch-up',
    everyMs: ({ publishingTuning }) => publishingTuning.renewEveryMs,
    roles: WORKER_ROLES,
    single: false,
    underTest: 'with-workers',
    runNow: true,
    handler: ({ publishing }) => publishing.catchUp(),
  }),
];
