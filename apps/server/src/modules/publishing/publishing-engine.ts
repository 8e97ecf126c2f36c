import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { postTargets } from '../../db/schema/index';
import type { JobSender } from '../../lib/job-queue';
import type { MediaStorage } from '../../lib/media/storage';
import { createPublishAttempts } from './publishing-attempt';
import { createTargetClaims } from './publishing-claim';
import { enqueueTargetJobs, PUBLISH_TARGET_JOB, renewPostJobs } from './publishing-queue';

/**
 * The publishing engine (docs/decisions/0007-publishing-engine.md). A job per target wakes a worker at the
 * target's instant (publishing-queue.ts); the worker claims the row atomically before the platform call
 * (publishing-claim.ts), so whatever pg-boss delivers, and however many processes run, each target reaches its
 * platform once. A target is claimed only when a slot of its platform's concurrency cap is free
 * (publishing-attempt.ts), so a process holds no more claims than calls it makes, and each claim is held by a
 * lease the process renews (publishing-leases.ts, decision 0016). This file schedules and cancels a post's
 * jobs and runs the sweeps that catch up with targets that came due while no worker ran (held when stale),
 * attempts left in flight by a crashed process (reconciled with the platform or marked unconfirmed), and
 * retries.
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
  /** How often each worker process sweeps for due, stale and crashed targets. */
  sweepEveryMs: number;
  /**
   * A due target is left to its job for this long before a sweep takes it: jobs are durable and on time, the
   * sweep only catches up with lost ones, and must not compete with the queue during a burst.
   */
  sweepGraceMs: number;
  /** Per-process cap on platform calls in flight per platform, overriding capabilities.maxConcurrency. */
  maxConcurrency?: number;
  /** Worker loops and pg-boss batch size of the publish queue. */
  workers: number;
  batchSize: number;
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  retryBaseMs: 30_000,
  attemptTimeoutMs: 5 * 60_000,
  leaseMs: 5_000,
  renewEveryMs: 1_000,
  sweepEveryMs: 5_000,
  sweepGraceMs: 60_000,
  workers: 4,
  batchSize: 50,
};

/** Due targets one sweep pass takes, and one catch-up re-enqueues. */
const SWEEP_LIMIT = 500;
const CATCH_UP_LIMIT = 20_000;

/** Target states still waiting for their platform call. */
const WAITING = ['scheduled', 'retrying', 'needs_account'] as const;

export interface PublishingEngine {
  /** (Re)sends the jobs of a post's pending targets after it was created, edited, moved or restored. */
  schedulePost(postId: string): Promise<void>;
  /** `schedulePost` for many posts at once (a bulk import): one read of their targets. */
  schedulePosts(postIds: readonly string[]): Promise<void>;
  /** Cancels the jobs of a deleted post's targets (the worker would skip them anyway). */
  cancelPost(postId: string): Promise<void>;
  /** Sends a job for each of these targets at its instant (used by retries and the benchmark). */
  enqueueTargets(targetIds: readonly string[]): Promise<void>;
  /** Publishes one target if it is due and nobody else holds it (its platform, when known). Never throws for platform failures. */
  publishTarget(targetId: string, platform?: string): Promise<void>;
  /** One pass of the sweeps (tests call it directly). */
  sweep(): Promise<void>;
  /**
   * Renews the leases of this process's claims and takes over the claims of processes that died. When it took
   * some (or on the first call), the next `catchUp` publishes every due target without the sweep's grace: the
   * dead process may also have held their jobs.
   */
  renewLeases(): Promise<void>;
  /** Publishes every due target at once when `renewLeases` asked for it; otherwise does nothing. */
  catchUp(): Promise<void>;
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
  const attempts = createPublishAttempts({ db, config, queue, log, claims, storage, options });
  const { publishTarget } = attempts;
  const enqueueTargets = (targetIds: readonly string[]) => enqueueTargetJobs(db, queue, targetIds);
  /** Sends the jobs of these posts' waiting targets (replacing any they had). */
  function schedulePosts(postIds: readonly string[]): Promise<void> {
    return renewPostJobs(db, queue, postIds, WAITING);
  }

  /** Set on start and when a dead process's claims were taken over: see `catchUp`. */
  let catchUpWanted = true;

  /** Takes over the attempts of crashed processes and settles them. Returns whether a dead process's were among them. */
  async function sweepCrashed(): Promise<boolean> {
    const rows = await claims.takeOverCrashed();
    // In parallel: each reconciliation is a listing call to the platform, and a dead worker leaves up to its
    // concurrency cap of them.
    await Promise.all(rows.map((row) => attempts.resumeTakenOver(row)));
    return rows.some((row) => row.leaseExpired);
  }

  /** Due targets whose job did not run (the process was down, a job was lost): publish or hold them. */
  async function sweepDue(graceMs: number): Promise<void> {
    const before = new Date(Date.now() - graceMs);
    const due = await db
      .select({ id: postTargets.id, platform: postTargets.platform })
      .from(postTargets)
      .where(
        and(
          inArray(postTargets.status, [...WAITING]),
          isNotNull(postTargets.dueAt),
          lte(postTargets.dueAt, before),
        ),
      )
      .orderBy(postTargets.dueAt)
      .limit(SWEEP_LIMIT);
    // A few at a time: this is the safety net, the queue does the bulk of the work.
    for (let start = 0; start < due.length; start += 20) {
      await Promise.all(due.slice(start, start + 20).map((row) => publishTarget(row.id, row.platform)));
    }
  }

  return {
    async schedulePost(postId) {
      await schedulePosts([postId]);
    },
    schedulePosts,
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
    enqueueTargets,
    publishTarget,
    async sweep() {
      if (await sweepCrashed()) catchUpWanted = true;
      await sweepDue(options.sweepGraceMs);
    },
    async renewLeases() {
      await claims.leases.renew();
      if (await sweepCrashed()) catchUpWanted = true;
    },
    async catchUp() {
      if (!catchUpWanted) return;
      catchUpWanted = false;
      // The jobs a dead process had fetched stay 'active' in pg-boss until they expire (15 min): every target due
      // now gets a fresh job instead, so the queue's worker loops publish them at full speed. A target whose own
      // job is still waiting is claimed by whichever job comes first; the other finds nothing to do.
      const due = await db
        .select({ id: postTargets.id })
        .from(postTargets)
        .where(and(inArray(postTargets.status, [...WAITING]), lte(postTargets.dueAt, new Date())))
        .limit(CATCH_UP_LIMIT);
      for (let start = 0; start < due.length; start += 1_000) {
        await enqueueTargets(due.slice(start, start + 1_000).map((row) => row.id));
      }
    },
  };
}
