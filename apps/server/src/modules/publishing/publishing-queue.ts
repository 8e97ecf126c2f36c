import { z } from 'zod';

/**
 * The `publish-target` job: before the due-target pump (decision 0121) a job per target woke a worker at the
 * target's instant. Nothing sends it now; its handler (publishing.jobs.ts) stays so that the jobs a database
 * still holds from an older release publish their targets (the claim makes a late or duplicate one do nothing).
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
