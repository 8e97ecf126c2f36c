import { type ParsedPostInput, POST_MESSAGES, type PostStatus } from '@relaycast/shared/posts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/app-error';
import { pickQueueSlot } from '../best-time/best-time.service';

/** When a post written from the composer goes out: the draft / now / schedule / queue actions. */

/** pg_advisory_xact_lock namespace: one queue pick at a time per workspace, so two picks never share a slot. */
const QUEUE_LOCK_NAMESPACE = 724_311_904;

/**
 * Status and instant for the requested action. `queue` takes the next best slot of the post's accounts and
 * platforms (the best-time model, its prior when they have no history) that no other post of the workspace
 * occupies within an hour. A chosen time (`schedule`) is never changed.
 */
export async function resolveSchedule(
  /** The caller's transaction: the queue's lock is held until it ends. */
  tx: Db,
  workspaceId: string,
  input: Pick<ParsedPostInput, 'action' | 'scheduledAt' | 'timezone' | 'platforms' | 'accountIds'>,
  now: Date,
  excludePostId?: string,
): Promise<{ status: PostStatus; scheduledAt: Date | null }> {
  if (input.action === 'draft') return { status: 'draft', scheduledAt: null };
  if (input.action === 'now') return { status: 'scheduled', scheduledAt: now };
  if (input.action === 'schedule') {
    if (!input.scheduledAt) {
      throw new ValidationError([{ path: 'scheduledAt', message: POST_MESSAGES.scheduleNeedsTime }]);
    }
    return { status: 'scheduled', scheduledAt: new Date(input.scheduledAt) };
  }
  await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_LOCK_NAMESPACE}, hashtext(${workspaceId}))`);
  const slot = await pickQueueSlot(
    tx,
    workspaceId,
    { accountIds: input.accountIds, platforms: input.platforms },
    input.timezone,
    now,
    excludePostId,
  );
  if (!slot) throw new ValidationError([{ path: 'action', message: POST_MESSAGES.queueFull }]);
  return { status: 'scheduled', scheduledAt: slot };
}
