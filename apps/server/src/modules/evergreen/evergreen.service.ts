import { randomUUID } from 'node:crypto';
import {
  type CollectionPatch,
  checkVariants,
  type collectionInputSchema,
  EVERGREEN_LIMITS,
  EVERGREEN_MESSAGES,
  type entryInputSchema,
} from '@relaycast/shared/evergreen';
import type { PlatformId } from '@relaycast/shared/platforms';
import { LOCKED_POST_STATUSES, type PostStatus } from '@relaycast/shared/posts';
import { and, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { evergreenCollections, evergreenCycles, evergreenEntries, posts } from '../../db/schema/index';
import { postTargets } from '../../db/schema/publishing';
import { AppError, ValidationError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { loadAttachedMedia } from '../media/attached-media';
import { lockPost } from '../posts/posts.queries';
import type { Tx } from '../posts/posts-create';
import { storedAltTexts } from '../posts/posts-media';
import type { CollectionRow } from './evergreen-cycles';

/**
 * The writes of evergreen collections (docs/evergreen.md, decision 0111): collections, and the posts added to
 * them with their text variants. Removing an entry or a collection deletes (softly, as the calendar does) only
 * the re-shares not yet published; the post it was added from and every published post stay.
 */

export const collectionNotFound = (): AppError =>
  new AppError('NOT_FOUND', { message: EVERGREEN_MESSAGES.collectionNotFound });

/** A post of these states may join a collection: it is going out, or went out. */
const ADDABLE: readonly PostStatus[] = [
  'scheduled',
  'awaiting_approval',
  'publishing',
  'published',
  'partially_published',
];

function nameTaken(error: unknown): boolean {
  const text = String((error as { cause?: { message?: string } })?.cause?.message ?? error);
  return text.includes('evergreen_collections_workspace_name_idx') || text.includes('duplicate key');
}

async function lockCollection(tx: Tx | Db, workspaceId: string, id: string): Promise<CollectionRow> {
  const [row] = await tx
    .select()
    .from(evergreenCollections)
    .where(and(eq(evergreenCollections.id, id), eq(evergreenCollections.workspaceId, workspaceId)))
    .for('update')
    .limit(1);
  if (!row) throw collectionNotFound();
  return row;
}

async function assertNameFree(tx: Tx, workspaceId: string, name: string, exceptId?: string): Promise<void> {
  const conditions = [eq(evergreenCollections.workspaceId, workspaceId), eq(evergreenCollections.name, name)];
  if (exceptId) conditions.push(ne(evergreenCollections.id, exceptId));
  const [taken] = await tx
    .select({ id: evergreenCollections.id })
    .from(evergreenCollections)
    .where(and(...conditions))
    .limit(1);
  if (taken) throw new AppError('CONFLICT', { message: EVERGREEN_MESSAGES.nameTaken });
}

/** `POST /api/evergreen`. */
export async function createCollection(
  db: Db,
  caller: Caller,
  input: z.output<typeof collectionInputSchema>,
  now = new Date(),
): Promise<string> {
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      const [{ total } = { total: 0 }] = await tx
        .select({ total: count() })
        .from(evergreenCollections)
        .where(eq(evergreenCollections.workspaceId, caller.workspaceId));
      if (total >= EVERGREEN_LIMITS.collectionsPerWorkspace) {
        throw new AppError('CONFLICT', { message: EVERGREEN_MESSAGES.tooManyCollections });
      }
      await assertNameFree(tx, caller.workspaceId, input.name);
      await tx
        .insert(evergreenCollections)
        .values({ ...input, id, workspaceId: caller.workspaceId, createdAt: now, updatedAt: now });
    });
  } catch (error) {
    if (!(error instanceof AppError) && nameTaken(error)) {
      throw new AppError('CONFLICT', { message: EVERGREEN_MESSAGES.nameTaken });
    }
    throw error;
  }
  return id;
}

/** `PATCH /api/evergreen/:id`: rename, gap, stop, pause or resume. */
export async function updateCollection(
  db: Db,
  caller: Caller,
  id: string,
  patch: CollectionPatch,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCollection(tx, caller.workspaceId, id);
    if (patch.name !== undefined) await assertNameFree(tx, caller.workspaceId, patch.name, id);
    await tx
      .update(evergreenCollections)
      .set({ ...patch, updatedAt: now })
      .where(eq(evergreenCollections.id, id));
  });
}

/** Soft-deletes the entries' re-shares that have not reached a platform; answers their ids (to cancel jobs). */
async function removeUnsent(
  tx: Tx,
  caller: Caller,
  entryIds: readonly string[],
  now: Date,
): Promise<string[]> {
  if (entryIds.length === 0) return [];
  const rows = await tx
    .select({ postId: posts.id, status: posts.status, cycle: evergreenCycles.cycle })
    .from(evergreenCycles)
    .innerJoin(posts, eq(posts.id, evergreenCycles.postId))
    .where(and(inArray(evergreenCycles.entryId, [...entryIds]), isNull(posts.deletedAt)))
    .for('update', { of: posts });
  const removable = rows
    .filter((row) => row.cycle > 0 && !LOCKED_POST_STATUSES.includes(row.status))
    .map((row) => row.postId);
  if (removable.length > 0) {
    await tx
      .update(posts)
      .set({ deletedAt: now, updatedBy: caller.userId })
      .where(and(inArray(posts.id, removable), eq(posts.workspaceId, caller.workspaceId)));
  }
  return removable;
}

/** `DELETE /api/evergreen/:id`: the collection and its entries; published posts stay. */
export async function deleteCollection(
  db: Db,
  caller: Caller,
  id: string,
  now = new Date(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockCollection(tx, caller.workspaceId, id);
    const entries = await tx
      .select({ id: evergreenEntries.id })
      .from(evergreenEntries)
      .where(eq(evergreenEntries.collectionId, id));
    const removed = await removeUnsent(
      tx,
      caller,
      entries.map((entry) => entry.id),
      now,
    );
    await tx.delete(evergreenCollections).where(eq(evergreenCollections.id, id));
    return removed;
  });
}

/** `DELETE /api/evergreen/:id/entries/:entryId`: the entry leaves; published posts stay. */
export async function deleteEntry(
  db: Db,
  caller: Caller,
  collectionId: string,
  entryId: string,
  now = new Date(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockCollection(tx, caller.workspaceId, collectionId);
    const [entry] = await tx
      .select({ id: evergreenEntries.id })
      .from(evergreenEntries)
      .where(and(eq(evergreenEntries.id, entryId), eq(evergreenEntries.collectionId, collectionId)));
    if (!entry) throw new AppError('NOT_FOUND', { message: EVERGREEN_MESSAGES.entryNotFound });
    const removed = await removeUnsent(tx, caller, [entryId], now);
    await tx.delete(evergreenEntries).where(eq(evergreenEntries.id, entryId));
    return removed;
  });
}

/** What every re-share of the post is written from: the composer's input less action, time and text. */
async function storedPostOf(tx: Tx, caller: Caller, post: Awaited<ReturnType<typeof lockPost>>) {
  const media = await loadAttachedMedia(tx as Db, caller.workspaceId, post.id);
  const targets = await tx
    .select({ accountId: postTargets.accountId })
    .from(postTargets)
    .where(eq(postTargets.postId, post.id));
  return {
    platforms: post.platforms,
    overrides: post.overrides,
    mediaIds: media.map((item) => item.id),
    altTexts: await storedAltTexts(tx, post.id),
    accountIds: [...new Set(targets.flatMap((row) => (row.accountId ? [row.accountId] : [])))],
    timezone: post.timezone,
    firstComment: post.firstComment,
    threadParts: post.threadParts,
  };
}

/** `POST /api/evergreen/:id/entries`: a scheduled or published post joins the collection as its cycle 0. */
export async function addEntry(
  db: Db,
  caller: Caller,
  collectionId: string,
  input: z.output<typeof entryInputSchema>,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCollection(tx, caller.workspaceId, collectionId);
    const post = await lockPost(tx, caller.workspaceId, input.postId);
    if (!ADDABLE.includes(post.status)) {
      throw new ValidationError([{ path: 'postId', message: EVERGREEN_MESSAGES.postNotEvergreenable }]);
    }
    const problems = checkVariants(post.content, input.variants, post.platforms as PlatformId[]);
    if (problems.length > 0) throw new ValidationError(problems);
    const entries = await tx
      .select({ id: evergreenEntries.id, postId: evergreenCycles.postId })
      .from(evergreenEntries)
      .leftJoin(
        evergreenCycles,
        and(eq(evergreenCycles.entryId, evergreenEntries.id), eq(evergreenCycles.cycle, 0)),
      )
      .where(eq(evergreenEntries.collectionId, collectionId));
    if (entries.some((entry) => entry.postId === post.id)) {
      throw new AppError('CONFLICT', { message: EVERGREEN_MESSAGES.alreadyInCollection });
    }
    if (entries.length >= EVERGREEN_LIMITS.entriesPerCollection) {
      throw new AppError('CONFLICT', { message: EVERGREEN_MESSAGES.tooManyEntries });
    }
    const id = randomUUID();
    await tx.insert(evergreenEntries).values({
      id,
      workspaceId: caller.workspaceId,
      collectionId,
      ownerId: caller.userId,
      post: await storedPostOf(tx, caller, post),
      variants: [post.content, ...input.variants],
      createdAt: now,
    });
    await tx
      .insert(evergreenCycles)
      .values({ entryId: id, cycle: 0, variantIndex: 0, postId: post.id, createdAt: now });
  });
}
