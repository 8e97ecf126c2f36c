import { randomUUID } from 'node:crypto';
import {
  COMPOSER_LIBRARY_LIMITS,
  COMPOSER_LIBRARY_MESSAGES,
  type HashtagGroup,
  type HashtagGroupList,
  type hashtagGroupInputSchema,
  type Signature,
  type SignatureList,
  type signatureInputSchema,
} from '@relaycast/shared/composer-library';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { composerHashtagGroups, composerSignatures, workspaces } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/** Signatures and hashtag groups of a workspace's composer library (docs/composer-library.md). */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type SignatureInput = z.output<typeof signatureInputSchema>;
type HashtagGroupInput = z.output<typeof hashtagGroupInputSchema>;
type SignatureRow = typeof composerSignatures.$inferSelect;
type HashtagGroupRow = typeof composerHashtagGroups.$inferSelect;

const M = COMPOSER_LIBRARY_MESSAGES;

/**
 * Takes the workspace's row lock so two racing creations cannot both pass the count, and so two signatures
 * cannot both become the one appended automatically; then refuses when the workspace holds `max` already.
 */
export async function lockAndCheckRoom(
  tx: Tx,
  workspaceId: string,
  table: PgTable,
  workspaceColumn: AnyPgColumn,
  max: number,
  message: string,
): Promise<void> {
  await lockWorkspace(tx, workspaceId);
  const [total] = await tx.select({ n: count() }).from(table).where(eq(workspaceColumn, workspaceId));
  if ((total?.n ?? 0) >= max) throw new AppError('VALIDATION_ERROR', { message });
}

export async function lockWorkspace(tx: Tx, workspaceId: string): Promise<void> {
  await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('no key update');
}

function toSignature(row: SignatureRow): Signature {
  return {
    id: row.id,
    name: row.name,
    text: row.text,
    isAutoAppend: row.isAutoAppend,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toHashtagGroup(row: HashtagGroupRow): HashtagGroup {
  return { id: row.id, name: row.name, hashtags: row.hashtags, updatedAt: row.updatedAt.toISOString() };
}

export async function listSignatures(db: Db, workspaceId: string): Promise<SignatureList> {
  const rows = await db
    .select()
    .from(composerSignatures)
    .where(eq(composerSignatures.workspaceId, workspaceId))
    .orderBy(asc(composerSignatures.name), asc(composerSignatures.id));
  return { signatures: rows.map(toSignature) };
}

/** The only signature that may be appended automatically is the one just saved with the flag. */
async function clearOtherAutoAppend(tx: Tx, workspaceId: string, keepId: string): Promise<void> {
  await tx
    .update(composerSignatures)
    .set({ isAutoAppend: false })
    .where(
      and(
        eq(composerSignatures.workspaceId, workspaceId),
        eq(composerSignatures.isAutoAppend, true),
        ne(composerSignatures.id, keepId),
      ),
    );
}

export async function createSignature(
  db: Db,
  workspaceId: string,
  input: SignatureInput,
): Promise<Signature> {
  return db.transaction(async (tx) => {
    await lockAndCheckRoom(
      tx,
      workspaceId,
      composerSignatures,
      composerSignatures.workspaceId,
      COMPOSER_LIBRARY_LIMITS.maxSignatures,
      M.tooManySignatures,
    );
    const id = randomUUID();
    if (input.isAutoAppend) await clearOtherAutoAppend(tx, workspaceId, id);
    const [row] = await tx
      .insert(composerSignatures)
      .values({ id, workspaceId, ...input })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toSignature(row);
  });
}

export async function updateSignature(
  db: Db,
  workspaceId: string,
  id: string,
  input: SignatureInput,
): Promise<Signature> {
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    if (input.isAutoAppend) await clearOtherAutoAppend(tx, workspaceId, id);
    const [row] = await tx
      .update(composerSignatures)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(composerSignatures.workspaceId, workspaceId), eq(composerSignatures.id, id)))
      .returning();
    // Another workspace's id is "not found", and the transaction undoes the cleared flag.
    if (!row) throw new AppError('NOT_FOUND', { message: M.signatureNotFound });
    return toSignature(row);
  });
}

export async function deleteSignature(db: Db, workspaceId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(composerSignatures)
    .where(and(eq(composerSignatures.workspaceId, workspaceId), eq(composerSignatures.id, id)))
    .returning({ id: composerSignatures.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', { message: M.signatureNotFound });
}

export async function listHashtagGroups(db: Db, workspaceId: string): Promise<HashtagGroupList> {
  const rows = await db
    .select()
    .from(composerHashtagGroups)
    .where(eq(composerHashtagGroups.workspaceId, workspaceId))
    .orderBy(asc(composerHashtagGroups.name), asc(composerHashtagGroups.id));
  return { hashtagGroups: rows.map(toHashtagGroup) };
}

export async function createHashtagGroup(
  db: Db,
  workspaceId: string,
  input: HashtagGroupInput,
): Promise<HashtagGroup> {
  return db.transaction(async (tx) => {
    await lockAndCheckRoom(
      tx,
      workspaceId,
      composerHashtagGroups,
      composerHashtagGroups.workspaceId,
      COMPOSER_LIBRARY_LIMITS.maxHashtagGroups,
      M.tooManyHashtagGroups,
    );
    const [row] = await tx
      .insert(composerHashtagGroups)
      .values({ id: randomUUID(), workspaceId, ...input })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toHashtagGroup(row);
  });
}

export async function updateHashtagGroup(
  db: Db,
  workspaceId: string,
  id: string,
  input: HashtagGroupInput,
): Promise<HashtagGroup> {
  const [row] = await db
    .update(composerHashtagGroups)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(composerHashtagGroups.workspaceId, workspaceId), eq(composerHashtagGroups.id, id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', { message: M.hashtagGroupNotFound });
  return toHashtagGroup(row);
}

export async function deleteHashtagGroup(db: Db, workspaceId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(composerHashtagGroups)
    .where(and(eq(composerHashtagGroups.workspaceId, workspaceId), eq(composerHashtagGroups.id, id)))
    .returning({ id: composerHashtagGroups.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', { message: M.hashtagGroupNotFound });
}
