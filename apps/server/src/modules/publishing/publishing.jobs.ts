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
  publishingTuning: Pick<
    EngineOptions,
    'workers' | 'batchSize' | 'sweepEveryMs' | 'renewEveryMs' | 'pumpEveryMs'
  >;
}

/**
 * Every worker process runs the due-target pump (docs/decisions/0121-due-target-pump.md): every `pumpEveryMs`,
 * and at once when the process schedules a post, it claims the due targets its free slots can take and publishes
 * them. It also sweeps for attempts of crashed processes and due targets that cannot be claimed, and renews the
 * leases of its own claims every second, taking over those of processes that died (docs/decisions/
 * 0016-publishing-crash-catch-up.md). Per process on purpose (not `single`): each renews its own leases, and the
 * claims keep them apart. They run with the queue's workers: under NODE_ENV=test only when a test asks for them.
 * `publish-target` only serves the jobs an older release left in the queue (publishing-queue.ts).
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
    name: 'publishing-pump',
    everyMs: ({ publishingTuning }) => publishingTuning.pumpEveryMs,
    roles: WORKER_ROLES,
    single: false,
    underTest: 'with-workers',
    runNow: true,
    handler: ({ publishing }) => publishing.pump(),
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
  // Separate sweeps: a long sweep must never delay the renewal of this process's own leases.
  defineSweep<PublishingJobContext>({
    name: 'publishing-leases',
    everyMs: ({ publishingTuning }) => publishingTuning.renewEveryMs,
    roles: WORKER_ROLES,
    single: false,
    underTest: 'with-workers',
    runNow: true,
    handler: ({ publishing }) => publishing.renewLeases(),
  }),
];
