import { APPROVAL_MESSAGES } from '@relaycast/shared/approvals';
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema/index';
import { queueNotifications, recordEvent } from './approvals-events';

/** How often the expiry runs: a post awaiting approval expires within this of its publish time. */
export const APPROVAL_EXPIRY_INTERVAL_MS = 60_000;

/**
 * Expires the posts still awaiting approval at their publish time, records it and tells each author. The
 * update is conditional on the status, so a post approved at the same moment is either approved or expired,
 * and several processes expire each post once. Returns the ids expired.
 */
export async function expireOverdueApprovals(db: Db, now = new Date()): Promise<string[]> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(posts)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(posts.status, 'awaiting_approval'), lte(posts.scheduledAt, now), isNull(posts.deletedAt)))
      .returning({ id: posts.id, workspaceId: posts.workspaceId, authorId: posts.authorId });
    for (const post of expired) {
      await recordEvent(
        tx,
        {
          workspaceId: post.workspaceId,
          postId: post.id,
          actorId: null,
          action: 'expire',
          fromState: 'awaiting_approval',
          toState: 'expired',
          text: null,
        },
        now,
      );
    }
    await queueNotifications(
      tx,
      expired.flatMap((post) =>
        post.authorId
          ? [
              {
                userId: post.authorId,
                workspaceId: post.workspaceId,
                kind: 'approval_expired' as const,
                title: APPROVAL_MESSAGES.expiredTitle,
                body: APPROVAL_MESSAGES.expiredBody,
                link: '/drafts',
              },
            ]
          : [],
      ),
    );
    return expired.map((post) => post.id);
  });
}
