import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { postTargets } from '../../db/schema/index';
import type { JobSender } from '../../lib/job-queue';

/**
 * The `publish-target` job: one per target, sent to wake a worker at the target's instant. Sending it is shared
 * by the engine (a post was scheduled) and the attempts (a retry, a claim given up); its handler is declared
 * in publishing.jobs.ts.
 */

export const PUBLISH_TARGET_JOB = 'publish-target';

export const publishTargetPayloadSchema = z.object({ targetId: z.string().min(1) });

/**
 * Sends a job per target at its instant (at once when due) and remembers its id on the row, to cancel it: the
 * jobs in one insert and their ids in one update, however many targets (a bulk import sends thousands).
 */
export async function sendTargetJobs(
  db: Db,
  queue: JobSender,
  rows: readonly { id: string; dueAt: Date | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  const now = Date.now();
  const jobs = rows.map((row) => ({
    id: randomUUID(),
    payload: { targetId: row.id },
    startAfter: row.dueAt && row.dueAt.getTime() > now ? row.dueAt : undefined,
  }));
  await queue.sendMany(PUBLISH_TARGET_JOB, jobs);
  const sent = JSON.stringify(rows.map((row, index) => ({ id: row.id, job_id: jobs[index]?.id })));
  await db.execute(sql`update post_targets set job_id = sent.job_id
    from jsonb_to_recordset(${sent}::jsonb) as sent(id text, job_id text)
    where post_targets.id = sent.id`);
}

/** Sends a job for each of these targets at its instant, in one batch (their ids are not kept). */
export async function enqueueTargetJobs(
  db: Db,
  queue: JobSender,
  targetIds: readonly string[],
): Promise<void> {
  if (targetIds.length === 0) return;
  const rows = await db
    .select({ id: postTargets.id, dueAt: postTargets.dueAt })
    .from(postTargets)
    .where(inArray(postTargets.id, [...targetIds]));
  const now = Date.now();
  await queue.sendMany(
    PUBLISH_TARGET_JOB,
    rows.map((row) => ({
      payload: { targetId: row.id },
      startAfter: row.dueAt && row.dueAt.getTime() > now ? row.dueAt : undefined,
    })),
  );
}
