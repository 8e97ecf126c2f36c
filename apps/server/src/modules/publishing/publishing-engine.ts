import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { postTargets } from '../../db/schema/index';
import type { JobSender } from '../../lib/job-queue';
import type { MediaStorage } from '../../lib/media/storage';
import { createPublishAttempts } from './publishing-attempt';
import { createTargetClaims } from './publishing-claim';
import { createDuePump } from './publishing-pump';
import { PUBLISH_TARGET_JOB } from './publishing-queue';

/**
 * The publishing engine (docs/decisions/0007-publishing-engine.md, 0121-due-target-pump.md). Each worker process
 * runs the due-target pump (publishing-pump.ts): it claims due targets in batches, atomically, only as many as its
 * platforms' concurrency caps have free slots (publishing-attempt.ts), so however many processes run, each target
 * reaches its platform once (publishing-claim.ts), and a process holds no more claims than calls it makes. Each
 * claim is held by a lease the process renews (publishing-leases.ts, decision 0016). This file also runs the sweeps:
 * attempts left in flight by a crashed process (reconciled with the platform or marked unconfirmed), and due targets
 * that cannot be claimed (held when stale, failed without an account).
 */

export { PUBLISH_TARGET_JOB, publishTargetPayloadSchema } from './publishing-queue';

export interface EngineOptions {
  /** First retry delay; doubles with each attempt (30 s, 1 min, 2 min, 4 min). */
  retryBaseMs: number;
  /** A target still 'publishing' this long after its attempt began belongs to a crashed process. */
  attemptTimeoutMs: number;
  /** A claim whose lease was not renewed for this long belongs to a process that died: taken over at once. */
  leaseMs: number;
  /** How often this process renews its claims' leases and looks for expired ones. */
  renewEveryMs: number;
  /** How often each worker process sweeps for crashed attempts and due targets that cannot be claimed. */
  sweepEveryMs: number;
  /** How often a worker process's due-target pump looks for due targets when it has nothing to do. */
  pumpEveryMs: number;
  /** Per-process cap on platform calls in flight per platform, overriding capabilities.maxConcurrency. */
  maxConcurrency?: number;
  /**
   * Worker loops and pg-boss batch size of the `publish-target` queue, which only holds the jobs an older release
   * sent (decision 0121): one loop polling it is enough.
   */
  workers: number;
  batchSize: number;
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  retryBaseMs: 30_000,
  attemptTimeoutMs: 5 * 60_000,
  leaseMs: 5_000,
  renewEveryMs: 1_000,
  sweepEveryMs: 5_000,
  pumpEveryMs: 500,
  workers: 1,
  batchSize: 50,
};

export interface PublishingEngine {
  /**
   * A post was created, edited, moved or restored: its due targets go out now (the pump of this process looks).
   * `dueAt`, the instant the post is scheduled at when known: a later one than the pump's next tick waits for it.
   */
  schedulePost(postId: string, dueAt?: Date): Promise<void>;
  /** `schedulePost` for many posts at once (a bulk import). */
  schedulePosts(postIds: readonly string[]): Promise<void>;
  /** Cancels the jobs a deleted post's targets still have from before the pump (the claim skips them anyway). */
  cancelPost(postId: string): Promise<void>;
  /** Publishes one target if it is due and nobody else holds it (its platform, when known). Never throws for platform failures. */
  publishTarget(targetId: string, platform?: string): Promise<void>;
  /** The worker's tick: claims and starts the due targets (publishing-pump.ts). */
  pump(): Promise<void>;
  /**
   * One pass of the sweeps: takes over crashed attempts, settles the due targets that cannot be claimed, and
   * publishes every due target, waiting for the calls (tests call it directly).
   */
  sweep(): Promise<void>;
  /** Renews the leases of this process's claims and takes over the claims of processes that died. */
  renewLeases(): Promise<void>;
  /** Stops claiming and waits for the calls in flight (before the job runner stops). */
  stop(): Promise<void>;
}

export function createPublishingEngine(deps: {
  db: Db;
  config: Config;
  queue: JobSender;
  log: FastifyBaseLogger;
  /** Where the posts' media are read from (plugins/media.ts). */
  storage: MediaStorage;
  options?: Partial<EngineOptions>;
}): PublishingEngine {
  const { db, config, queue, log, storage } = deps;
  const options = { ...DEFAULT_ENGINE_OPTIONS, ...deps.options };
  const claims = createTargetClaims({
    db,
    config,
    leaseMs: options.leaseMs,
    attemptTimeoutMs: options.attemptTimeoutMs,
  });
  const attempts = createPublishAttempts({ db, config, log, claims, storage, options });
  const pump = createDuePump({ claims, attempts, log, pollMs: options.pumpEveryMs });

  /** Takes over the attempts of crashed processes and settles them. */
  async function sweepCrashed(): Promise<void> {
    const rows = await claims.takeOverCrashed();
    // In parallel: each reconciliation is a listing call to the platform, and a dead worker leaves up to its
    // concurrency cap of them.
    await Promise.all(rows.map((row) => attempts.resumeTakenOver(row)));
  }

  return {
    async schedulePost(_postId, dueAt) {
      pump.nudge(dueAt);
    },
    async schedulePosts() {
      pump.nudge();
    },
    async cancelPost(postId) {
      const rows = await db
        .select({ jobId: postTargets.jobId })
        .from(postTargets)
        .where(and(eq(postTargets.postId, postId), isNotNull(postTargets.jobId)));
      await queue.cancel(
        PUBLISH_TARGET_JOB,
        rows.flatMap((row) => (row.jobId ? [row.jobId] : [])),
      );
    },
    publishTarget: attempts.publishTarget,
    pump: () => pump.run(),
    async sweep() {
      await sweepCrashed();
      await claims.settleDue();
      await pump.drain();
    },
    async renewLeases() {
      await claims.leases.renew();
      await sweepCrashed();
    },
    stop: () => pump.stop(),
  };
}
