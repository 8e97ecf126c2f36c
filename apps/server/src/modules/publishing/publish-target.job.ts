import type { JobQueue } from '../../lib/job-queue';
import {
  type EngineOptions,
  PUBLISH_TARGET_JOB,
  type PublishingEngine,
  publishTargetPayloadSchema,
} from './publishing.engine';

/**
 * `publish-target`: wakes a worker at a target's instant. The handler only asks the engine to publish the
 * target; the engine re-reads the row and claims it, so a late, duplicate or stale job does nothing.
 * Every worker process also sweeps for targets whose job never ran (restarts, stale attempts), renews the
 * leases of its claims every second and takes over those of processes that died, then catches up with the
 * due targets whose jobs they held.
 */
export function registerPublishingJobs(
  queue: JobQueue,
  engine: PublishingEngine,
  options: Pick<EngineOptions, 'workers' | 'batchSize' | 'sweepEveryMs' | 'renewEveryMs'>,
): void {
  queue.register({
    name: PUBLISH_TARGET_JOB,
    schema: publishTargetPayloadSchema,
    handler: (payload) => engine.publishTarget(payload.targetId),
    workers: options.workers,
    batchSize: options.batchSize,
    pollingIntervalSeconds: 0.5,
  });
  queue.every('publishing-sweep', options.sweepEveryMs, () => engine.sweep());
  // Separate tasks: a long catch-up must never delay the renewal of this process's own leases.
  queue.every('publishing-leases', options.renewEveryMs, () => engine.renewLeases());
  queue.every('publishing-catch-up', options.renewEveryMs, () => engine.catchUp());
}
