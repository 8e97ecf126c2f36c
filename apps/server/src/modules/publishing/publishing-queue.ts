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

/**
 * `platform`: the target's, so the worker takes its platform's slot without reading the row first (a target's
 * platform never changes). Jobs sent before it was carried have none: the worker reads it then.
 */
export const publishTargetPayloadSchema = z.object({
  targetId: z.string().min(1),
  platform: z.string().min(1).optional(),
});

/**
 * Sends a job per target at its instant (at once when due) and remembers its id on the row, to cancel it: the
 * jobs in one insert and their ids in one update, however many targets (a bulk import sends thousands).
 */
export async function sendTargetJobs(
  db: Db,
  queue: JobSender,
  rows: readonly { id: string; platform: string; dueAt: Date | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  const now = Date.now();
  const jobs = rows.map((row) => ({
    id: randomUUID(),
    payload: { targetId: row.id, platform: row.platform },
    startAfter: row.dueAt && row.dueAt.getTime() > now ? row.dueAt : undefined,
  }));
  await queue.sendMany(PUBLISH_TARGET_JOB, jobs);
  const sent = JSON.stringify(rows.map((row, index) => ({ id: row.id, job_id: jobs[index]?.id })));
  await db.execute(sql`update post_targets set job_id = sent.job_id
    from jsonb_to_recordset(${sent}::jsonb) as sent(id text, job_id text)
    where post_targets.id = sent.id`);
}

/**
 * Sends the jobs of these posts' targets in `statuses` (replacing any they had) in one statement of ours: each
 * row takes a new job id and gives back its old one to cancel, then the jobs go in one insert. A job recorded
 * but not sent (the insert failed) is one the due-target sweep stands in for, as for any lost job.
 */
export async function renewPostJobs(
  db: Db,
  queue: JobSender,
  postIds: readonly string[],
  statuses: readonly string[],
): Promise<void> {
  if (postIds.length === 0) return;
  const result = await db.execute(sql`
    update ${postTargets} t set job_id = gen_random_uuid()::text
    from (
      select id, job_id from ${postTargets}
      where ${inArray(postTargets.postId, [...postIds])}
        and ${inArray(postTargets.status, [...statuses] as (typeof postTargets.$inferSelect.status)[])}
      for update
    ) old
    where t.id = old.id
    returning t.id, t.platform, t.due_at, t.job_id, old.job_id as old_job_id`);
  const rows = (
    result as unknown as {
      rows: {
        id: string;
        platform: string;
        due_at: string | Date | null;
        job_id: string;
        old_job_id: string | null;
      }[];
    }
  ).rows;
  if (rows.length === 0) return;
  await queue.cancel(
    PUBLISH_TARGET_JOB,
    rows.flatMap((row) => (row.old_job_id ? [row.old_job_id] : [])),
  );
  const now = Date.now();
  await queue.sendMany(
    PUBLISH_TARGET_JOB,
    rows.map((row) => {
      const dueAt = row.due_at === null ? null : new Date(row.due_at);
      return {
        id: row.job_id,
        payload: { targetId: row.id, platform: row.platform },
        startAfter: dueAt && dueAt.getTime() > now ? dueAt : undefined,
      };
    }),
  );
}

/** Sends a job for each of these targets at its instant, in one batch (their ids are not kept). */
export async function enqueueTargetJobs(
  db: Db,
  queue: JobSender,
  targetIds: readonly string[],
): Promise<void> {
  if (targetIds.length === 0) return;
  const rows = await db
    .select({ id: postTargets.id, platform: postTargets.platform, dueAt: postTargets.dueAt })
    .from(postTargets)
    .where(inArray(postTargets.id, [...targetIds]));
  const now = Date.now();
  await queue.sendMany(
    PUBLISH_TARGET_JOB,
    rows.map((row) => ({
      payload: { targetId: row.id, platform: row.platform },
      startAfter: row.dueAt && row.dueAt.getTime() > now ? row.dueAt : undefined,
    })),
  );
}
