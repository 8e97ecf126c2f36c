import { PLAN_MESSAGES } from '@relaycast/shared/plans';
import type { PlatformId } from '@relaycast/shared/platforms';
import { canRetryTarget, PUBLISH_MESSAGES, type TargetStatus } from '@relaycast/shared/publishing';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts, postTargetParts, postTargets } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { recomputePostStatuses } from './publishing-status';

/**
 * Called when an account is disconnected (app.ts hands it to the accounts routes as AccountEvents.disconnected): its targets that have not been published yet
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
 * Called when an account is connected again (AccountEvents.reconnected): the targets flagged on disconnect wait for
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

/** The target of a live post of the workspace, locked for the transaction, or a 404. */
async function lockTarget(tx: Db, workspaceId: string, postId: string, targetId: string) {
  const [row] = await tx
    .select({ id: postTargets.id, status: postTargets.status, accountId: postTargets.accountId })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .where(
      and(
        eq(postTargets.id, targetId),
        eq(postTargets.postId, postId),
        eq(postTargets.workspaceId, workspaceId),
        eq(posts.workspaceId, workspaceId),
        isNull(posts.deletedAt),
      ),
    )
    .for('update', { of: postTargets })
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: PUBLISH_MESSAGES.targetNotFound });
  return row;
}

async function changeTarget(
  db: Db,
  workspaceId: string,
  postId: string,
  targetId: string,
  allowed: (status: TargetStatus) => boolean,
  refusal: string,
  values: (row: { accountId: string | null }) => Partial<typeof postTargets.$inferInsert>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockTarget(tx, workspaceId, postId, targetId);
    if (!allowed(row.status)) throw new AppError('VALIDATION_ERROR', { status: 409, message: refusal });
    await tx
      .update(postTargets)
      .set({ ...values(row), updatedAt: new Date() })
      .where(eq(postTargets.id, targetId));
    await recomputePostStatuses(tx, [postId]);
  });
}

/**
 * "Retry" / "Publish again" / "Publish now": a failed, unconfirmed or held target is published at once, with a
 * fresh series of attempts. The caller then wakes the engine (engine.schedulePost).
 */
export async function retryTarget(
  db: Db,
  workspaceId: string,
  postId: string,
  targetId: string,
  now = new Date(),
) {
  await changeTarget(
    db,
    workspaceId,
    postId,
    targetId,
    canRetryTarget,
    PUBLISH_MESSAGES.notRetryable,
    (row) => ({
      status: row.accountId ? 'scheduled' : 'needs_account',
      dueAt: now,
      attempts: 0,
      attemptStartedAt: null,
      lastError: null,
    }),
  );
  // A thread part left unconfirmed: the user chose to send it again (docs/threads.md); published parts stay.
  await db
    .delete(postTargetParts)
    .where(and(eq(postTargetParts.targetId, targetId), eq(postTargetParts.status, 'sending')));
}

/** "It was posted": the user checked the platform and the unconfirmed post is there. */
export async function confirmTargetPosted(db: Db, workspaceId: string, postId: string, targetId: string) {
  await changeTarget(
    db,
    workspaceId,
    postId,
    targetId,
    (status) => status === 'unconfirmed',
    PUBLISH_MESSAGES.notConfirmable,
    () => ({ status: 'published', publishedAt: new Date(), lastError: null }),
  );
}

/** "Cancel" on a held target: it will not be published. */
export async function cancelHeldTarget(db: Db, workspaceId: string, postId: string, targetId: string) {
  await changeTarget(
    db,
    workspaceId,
    postId,
    targetId,
    (status) => status === 'held',
    PUBLISH_MESSAGES.notCancellable,
    () => ({ status: 'failed', lastError: PUBLISH_MESSAGES.cancelled }),
  );
}

/**
 * Called when a workspace gets a plan (the administrator's `set-plan`, later billing): the targets held because
 * its trial had ended are due again now, as a retry (the stale rule holds scheduled targets only), so the sweep
 * publishes them. Returns how many resumed.
 */
export async function resumeTargetsHeldForPlan(
  db: Db,
  workspaceId: string,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const resumed = await tx
      .update(postTargets)
      .set({ status: 'retrying', dueAt: now, lastError: null, updatedAt: now })
      .where(
        and(
          eq(postTargets.workspaceId, workspaceId),
          eq(postTargets.status, 'held'),
          eq(postTargets.lastError, PLAN_MESSAGES.trialEnded),
        ),
      )
      .returning({ postId: postTargets.postId });
    await recomputePostStatuses(tx, [...new Set(resumed.map((row) => row.postId))]);
    return resumed.length;
  });
}
