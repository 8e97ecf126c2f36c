import { nextFreeSlot, QUEUE_HORIZON_DAYS } from '@relaycast/shared/calendar';
import { type ParsedPostInput, POST_MESSAGES, type PostStatus } from '@relaycast/shared/posts';
import { and, eq, gte, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema/index';
import { ValidationError } from '../../lib/app-error';

/** When a post written from the composer goes out: the draft / now / schedule / queue actions. */

/** pg_advisory_xact_lock namespace: one queue pick at a time per workspace, so two picks never share a slot. */
const QUEUE_LOCK_NAMESPACE = 724_311_904;

/**
 * Status and instant for the requested action. `queue` takes the first default slot after `now` that no
 * other post of the workspace occupies.
 */
export async function resolveSchedule(
  /** The caller's transaction: the queue's lock is held until it ends. */
  tx: Db,
  workspaceId: string,
  input: Pick<ParsedPostInput, 'action' | 'scheduledAt' | 'timezone'>,
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
  // Two days past the horizon cover any time zone's offset from UTC.
  const horizonEnd = new Date(now.getTime() + (QUEUE_HORIZON_DAYS + 2) * 24 * 60 * 60 * 1000);
  const conditions: SQL[] = [
    eq(posts.workspaceId, workspaceId),
    isNull(posts.deletedAt),
    gte(posts.scheduledAt, now),
    lt(posts.scheduledAt, horizonEnd),
  ];
  if (excludePostId) conditions.push(ne(posts.id, excludePostId));
  const taken = await tx
    .select({ scheduledAt: posts.scheduledAt })
    .from(posts)
    .where(and(...conditions));
  const slot = nextFreeSlot(
    now,
    input.timezone,
    taken.flatMap((row) => (row.scheduledAt ? [row.scheduledAt] : [])),
  );
  if (!slot) throw new ValidationError([{ path: 'action', message: POST_MESSAGES.queueFull }]);
  return { status: 'scheduled', scheduledAt: slot };
}
