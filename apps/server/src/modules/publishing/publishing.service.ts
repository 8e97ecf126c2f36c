import type { PlatformId } from '@relaycast/shared/platforms';
import { PUBLISH_MESSAGES } from '@relaycast/shared/publishing';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { postTargets } from '../../db/schema/index';
import { recomputePostStatuses } from './publishing.status';

/**
 * Called by the accounts module when an account is disconnected: its targets that have not been published yet
 * stop waiting for a platform call that could not succeed and show why on the calendar ("needs_reconnect").
 * Returns how many targets were flagged.
 */
export async function flagTargetsOfDisconnectedAccount(db: Db, accountId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: postTargets.id, platform: postTargets.platform })
      .from(postTargets)
      .where(
        and(
          eq(postTargets.accountId, accountId),
          inArray(postTargets.status, ['scheduled', 'retrying', 'held', 'needs_reconnect']),
        ),
      )
      .for('update');
    if (rows.length === 0) return 0;
    const platform = rows[0]?.platform as PlatformId;
    const flagged = await tx
      .update(postTargets)
      .set({
        status: 'needs_reconnect',
        lastError: PUBLISH_MESSAGES.disconnected(platform),
        updatedAt: new Date(),
      })
      .where(
        inArray(
          postTargets.id,
          rows.map((row) => row.id),
        ),
      )
      .returning({ postId: postTargets.postId });
    await recomputePostStatuses(tx, [...new Set(flagged.map((row) => row.postId))]);
    return flagged.length;
  });
}

/**
 * Called by the accounts module when an account is connected again: the targets flagged on disconnect wait for
 * their instant again (one already past it is published at once by the sweep). Returns how many were restored.
 */
export async function restoreTargetsOfReconnectedAccount(db: Db, accountId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const restored = await tx
      .update(postTargets)
      .set({ status: 'scheduled', lastError: null, updatedAt: new Date() })
      .where(and(eq(postTargets.accountId, accountId), eq(postTargets.status, 'needs_reconnect')))
      .returning({ postId: postTargets.postId });
    await recomputePostStatuses(tx, [...new Set(restored.map((row) => row.postId))]);
    return restored.length;
  });
}
