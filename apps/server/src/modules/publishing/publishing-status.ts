import { UNAPPROVED_POST_STATUSES } from '@relaycast/shared/approvals';
import { sumTargetStatuses, type TargetStatus } from '@relaycast/shared/publishing';
import { and, asc, eq, inArray, ne, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts, postTargets } from '../../db/schema/index';

/**
 * Sets each post's status to the sum of its targets' (packages/shared/src/publishing.ts, sumTargetStatuses).
 * Drafts and posts not approved keep theirs. Call it in the transaction that changed the targets (it locks the posts' rows).
 */
export async function recomputePostStatuses(db: Db, postIds: readonly string[]): Promise<void> {
  if (postIds.length === 0) return;
  // One summer per post at a time: two targets finishing together must not both read the other as in flight.
  await db
    .select({ id: posts.id })
    .from(posts)
    .where(inArray(posts.id, [...postIds]))
    .orderBy(asc(posts.id))
    .for('update');
  const rows = await db
    .select({ postId: postTargets.postId, status: postTargets.status })
    .from(postTargets)
    .where(inArray(postTargets.postId, [...postIds]));
  const byPost = new Map<string, TargetStatus[]>();
  for (const row of rows) {
    const list = byPost.get(row.postId) ?? [];
    list.push(row.status);
    byPost.set(row.postId, list);
  }
  for (const [postId, statuses] of byPost) {
    const status = sumTargetStatuses(statuses);
    if (!status) continue;
    await db
      .update(posts)
      .set({ status })
      .where(
        and(
          eq(posts.id, postId),
          notInArray(posts.status, ['draft', ...UNAPPROVED_POST_STATUSES]),
          ne(posts.status, status),
        ),
      );
  }
}
