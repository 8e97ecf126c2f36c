import { randomUUID } from 'node:crypto';
import {
  type PostWatermarkChoice,
  WATERMARK_LIMITS,
  WATERMARK_MESSAGES,
  type Watermark,
  type WatermarkInput,
  type WatermarkList,
} from '@relaycast/shared/watermarks';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  mediaFiles,
  socialAccounts,
  watermarkAccountDefaults,
  watermarkPostOptions,
  watermarks,
  workspaces,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/** Saved watermarks, the accounts' defaults and the posts' choices (docs/watermarks.md). */

export type WatermarkRow = typeof watermarks.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function toWatermarkDto(row: WatermarkRow): Watermark {
  return {
    id: row.id,
    name: row.name,
    imageMediaId: row.imageMediaId,
    imageUrl: `/api/media/${row.imageMediaId}/file`,
    opacity: row.opacity,
    size: row.size,
    position: row.position,
    margin: row.margin,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listWatermarks(db: Db, workspaceId: string): Promise<WatermarkList> {
  const rows = await db
    .select()
    .from(watermarks)
    .where(eq(watermarks.workspaceId, workspaceId))
    .orderBy(asc(watermarks.createdAt), asc(watermarks.id));
  const defaults = await db
    .select({
      accountId: watermarkAccountDefaults.accountId,
      watermarkId: watermarkAccountDefaults.watermarkId,
    })
    .from(watermarkAccountDefaults)
    .where(eq(watermarkAccountDefaults.workspaceId, workspaceId));
  return { watermarks: rows.map(toWatermarkDto), defaults };
}

/** One of the workspace's watermarks; another workspace's is "not found" like a missing one. */
export async function findWatermark(db: Db | Tx, workspaceId: string, id: string): Promise<WatermarkRow> {
  const [row] = await db
    .select()
    .from(watermarks)
    .where(and(eq(watermarks.workspaceId, workspaceId), eq(watermarks.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: WATERMARK_MESSAGES.notFound });
  return row;
}

/** The mark's image must be a still image of the same workspace's library (never another's file). */
async function assertMarkImage(db: Db | Tx, workspaceId: string, mediaId: string): Promise<void> {
  const [file] = await db
    .select({ kind: mediaFiles.kind })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.workspaceId, workspaceId), eq(mediaFiles.id, mediaId)))
    .limit(1);
  if (!file) throw new AppError('VALIDATION_ERROR', { message: WATERMARK_MESSAGES.imageNotFound });
  if (file.kind !== 'image')
    throw new AppError('VALIDATION_ERROR', { message: WATERMARK_MESSAGES.imageNotImage });
}

export async function createWatermark(
  db: Db,
  workspaceId: string,
  input: WatermarkInput,
): Promise<Watermark> {
  return db.transaction(async (tx) => {
    await assertMarkImage(tx, workspaceId, input.imageMediaId);
    // One creation at a time per workspace, so two racing requests cannot both pass the count.
    await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .for('no key update');
    const [total] = await tx
      .select({ n: count() })
      .from(watermarks)
      .where(eq(watermarks.workspaceId, workspaceId));
    if ((total?.n ?? 0) >= WATERMARK_LIMITS.maxPerWorkspace)
      throw new AppError('VALIDATION_ERROR', { message: WATERMARK_MESSAGES.tooMany });
    const [row] = await tx
      .insert(watermarks)
      .values({ ...input, id: randomUUID(), workspaceId })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toWatermarkDto(row);
  });
}

export async function updateWatermark(
  db: Db,
  workspaceId: string,
  id: string,
  input: WatermarkInput,
): Promise<Watermark> {
  await findWatermark(db, workspaceId, id);
  await assertMarkImage(db, workspaceId, input.imageMediaId);
  const [row] = await db
    .update(watermarks)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(watermarks.workspaceId, workspaceId), eq(watermarks.id, id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', { message: WATERMARK_MESSAGES.notFound });
  return toWatermarkDto(row);
}

/** Deletes a watermark: accounts lose it as their default, posts that chose it go without one. */
export async function deleteWatermark(db: Db, workspaceId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(watermarks)
    .where(and(eq(watermarks.workspaceId, workspaceId), eq(watermarks.id, id)))
    .returning({ id: watermarks.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', { message: WATERMARK_MESSAGES.notFound });
}

/** Sets (or with null removes) a connected account's default watermark. */
export async function setAccountDefault(
  db: Db,
  workspaceId: string,
  accountId: string,
  watermarkId: string | null,
): Promise<void> {
  const [account] = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.id, accountId)))
    .limit(1);
  if (!account) throw new AppError('NOT_FOUND', { message: WATERMARK_MESSAGES.accountNotFound });
  if (watermarkId === null) {
    await db.delete(watermarkAccountDefaults).where(eq(watermarkAccountDefaults.accountId, accountId));
    return;
  }
  await findWatermark(db, workspaceId, watermarkId);
  await db
    .insert(watermarkAccountDefaults)
    .values({ accountId, workspaceId, watermarkId })
    .onConflictDoUpdate({ target: watermarkAccountDefaults.accountId, set: { watermarkId } });
}

/** Stores a post's choice with the post (its write transaction): 'default' is the absence of a row. */
export async function storePostWatermark(
  tx: Db | Tx,
  workspaceId: string,
  postId: string,
  choice: PostWatermarkChoice,
): Promise<void> {
  if (choice.use === 'default') {
    await tx.delete(watermarkPostOptions).where(eq(watermarkPostOptions.postId, postId));
    return;
  }
  const watermarkId = choice.use === 'watermark' ? choice.watermarkId : null;
  if (watermarkId !== null) await findWatermark(tx, workspaceId, watermarkId);
  await tx
    .insert(watermarkPostOptions)
    .values({ postId, watermarkId })
    .onConflictDoUpdate({ target: watermarkPostOptions.postId, set: { watermarkId } });
}

/** A post's stored choice (the post must be the caller's workspace's: checked by the caller). */
export async function readPostWatermark(db: Db | Tx, postId: string): Promise<PostWatermarkChoice> {
  const [row] = await db
    .select({ watermarkId: watermarkPostOptions.watermarkId })
    .from(watermarkPostOptions)
    .where(eq(watermarkPostOptions.postId, postId))
    .limit(1);
  if (!row) return { use: 'default' };
  return row.watermarkId === null ? { use: 'none' } : { use: 'watermark', watermarkId: row.watermarkId };
}

/**
 * The watermark a post's media get on one account: the post's own choice, else the account's default, else
 * none. Always within the post's workspace.
 */
export async function watermarkForTarget(
  db: Db,
  workspaceId: string,
  postId: string,
  accountId: string | null,
): Promise<WatermarkRow | null> {
  const choice = await readPostWatermark(db, postId);
  if (choice.use === 'none') return null;
  let watermarkId: string | null = choice.use === 'watermark' ? choice.watermarkId : null;
  if (choice.use === 'default') {
    if (accountId === null) return null;
    const [row] = await db
      .select({ watermarkId: watermarkAccountDefaults.watermarkId })
      .from(watermarkAccountDefaults)
      .where(
        and(
          eq(watermarkAccountDefaults.workspaceId, workspaceId),
          eq(watermarkAccountDefaults.accountId, accountId),
        ),
      )
      .limit(1);
    watermarkId = row?.watermarkId ?? null;
  }
  if (watermarkId === null) return null;
  const [mark] = await db
    .select()
    .from(watermarks)
    .where(and(eq(watermarks.workspaceId, workspaceId), eq(watermarks.id, watermarkId)))
    .limit(1);
  return mark ?? null;
}
