/*
 * The media library's service: storing a file under the quota's lock, listing, usage and removal.
 * Over 300 lines on purpose: every way a file enters the library (upload, a link's import, an AI image, an edit,
 * a recording) stores it through the one `storeMedia` and its quota lock, kept here beside the row it writes.
 */

import { randomBytes } from 'node:crypto';
import type { MediaGeneration } from '@relaycast/shared/ai-images';
import type { ImageEditRecipe } from '@relaycast/shared/image-edit';
import {
  MEDIA_MESSAGES,
  MEDIA_PINNING_STATUSES,
  type MediaItem,
  type MediaUsage,
} from '@relaycast/shared/media';
import type { MediaLimits } from '@relaycast/shared/plans';
import type { MediaKind } from '@relaycast/shared/platforms';
import { permissionToRemove, ROLE_MESSAGES } from '@relaycast/shared/roles';
import type { MediaAttribution } from '@relaycast/shared/unsplash';
import { and, count, desc, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { builtOnce, type Runner } from '../../db/prepared';
import { mediaFiles, postMedia, posts, postThreadMedia, watermarkRenders } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import type { MediaStorage } from '../../lib/media/storage';
import { assertRoleCan } from '../../lib/role-check';
import { inSameOwnerWorkspaces, ownerKeySql } from '../workspaces/owner-scope';

export type MediaFileRow = typeof mediaFiles.$inferSelect;

/**
 * Namespace of the advisory lock that serialises the final quota check of one workspace's uploads (the
 * second key is a hash of the workspace id), so concurrent uploads cannot overshoot the quota together.
 */
const MEDIA_QUOTA_LOCK = 1_835_361_641;

export function newMediaId(): string {
  return randomBytes(16).toString('base64url');
}

export function toMediaItem(row: MediaFileRow): MediaItem {
  return {
    id: row.id,
    name: row.name,
    mimeType: row.mimeType,
    kind: row.kind,
    sizeBytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    durationSeconds: row.durationSeconds,
    url: `/api/media/${row.id}/file`,
    thumbnailUrl: row.thumbnailKey ? `/api/media/${row.id}/thumbnail` : null,
    createdAt: row.createdAt.toISOString(),
    uploadedBy: row.uploadedBy,
    generation: row.generation ?? null,
    attribution: row.attribution ?? null,
    derivedFromId: row.derivedFromId ?? null,
  };
}

/**
 * Bytes the files take across every workspace of the paying owner (the storage quota counts them together;
 * thumbnails are ours and do not count).
 */
export async function storageUsedBytes(db: Runner, workspaceId: string): Promise<number> {
  const [row] = await storageUsed(db, { workspaceId });
  return row?.used ?? 0;
}

/** Asked at every upload and every look at the library, so written once. */
const storageUsed = builtOnce((db) =>
  db
    .select({ used: sql<number>`coalesce(sum(${mediaFiles.sizeBytes}), 0)`.mapWith(Number) })
    .from(mediaFiles)
    .where(inSameOwnerWorkspaces(mediaFiles.workspaceId, sql.placeholder('workspaceId'))),
);

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The workspace's files, newest first, optionally filtered by a piece of the name and by kind. Watermarked
 * copies made for publishing (docs/watermarks.md) are not listed: the library shows the originals.
 */
export async function listMedia(
  db: Db,
  workspaceId: string,
  filter: { q?: string | undefined; kind?: MediaKind | undefined },
): Promise<MediaFileRow[]> {
  const list = libraryLists[(filter.q ? 1 : 0) + (filter.kind ? 2 : 0)] as ReturnType<typeof libraryList>;
  return list(db, {
    workspaceId,
    pattern: filter.q ? `%${escapeLike(filter.q.toLowerCase())}%` : null,
    kind: filter.kind ?? null,
  });
}

/** The library's list for each shape of filter (neither, by name, by kind, both), each written on first use. */
function libraryList(byName: boolean, byKind: boolean) {
  return builtOnce((db) =>
    db
      .select()
      .from(mediaFiles)
      .where(
        and(
          eq(mediaFiles.workspaceId, sql.placeholder('workspaceId')),
          notInArray(
            mediaFiles.id,
            db.select({ id: watermarkRenders.renderedMediaId }).from(watermarkRenders),
          ),
          byName ? sql`lower(${mediaFiles.name}) like ${sql.placeholder('pattern')}` : undefined,
          byKind ? eq(mediaFiles.kind, sql.placeholder('kind')) : undefined,
        ),
      )
      .orderBy(desc(mediaFiles.createdAt), desc(mediaFiles.id))
      .limit(1000),
  );
}
const libraryLists = [
  libraryList(false, false),
  libraryList(true, false),
  libraryList(false, true),
  libraryList(true, true),
];

/** One of the workspace's files; another workspace's file is "not found" like a missing one. */
export async function findMedia(db: Db, workspaceId: string, id: string): Promise<MediaFileRow> {
  const [row] = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.workspaceId, workspaceId), eq(mediaFiles.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: MEDIA_MESSAGES.notFound });
  return row;
}

/** The posts that attach the file, on the post itself or on a part of its thread (docs/threads.md). */
const attachesFile = (mediaId: string) =>
  sql`${posts.id} in (select ${postMedia.postId} from ${postMedia} where ${postMedia.mediaId} = ${mediaId}
    union select ${postThreadMedia.postId} from ${postThreadMedia} where ${postThreadMedia.mediaId} = ${mediaId})`;

/** The workspace's posts (not deleted) that attach the file, newest first: the library's "where it is used". */
export async function findMediaUsage(db: Db, workspaceId: string, id: string): Promise<MediaUsage> {
  await findMedia(db, workspaceId, id);
  const rows = await db
    .select({ id: posts.id, content: posts.content, status: posts.status, scheduledAt: posts.scheduledAt })
    .from(posts)
    .where(and(attachesFile(id), eq(posts.workspaceId, workspaceId), isNull(posts.deletedAt)))
    .orderBy(desc(posts.updatedAt))
    .limit(100);
  return {
    posts: rows.map((row) => ({
      id: row.id,
      excerpt: excerptOf(row.content),
      status: row.status,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
    })),
  };
}

/** A post's first line, cut to 80 characters: how the library names a post. */
function excerptOf(content: string): string {
  const line = content.split('\n')[0]?.trim() ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

export function storageFullError(name: string, limits: MediaLimits, usedBytes: number): AppError {
  return new AppError('STORAGE_FULL', { values: [name, limits, usedBytes] });
}

export interface ReceivedFile {
  id: string;
  name: string;
  mimeType: string;
  kind: MediaKind;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  /** The bytes, in a temporary file. */
  path: string;
  thumbnail: { path: string; mimeType: string; extension: string } | null;
  extension: string;
  /** An image editor's result: the file it was made from and the recipe (modules/image-editor). */
  derivedFromId?: string;
  editRecipe?: ImageEditRecipe;
  /** An AI provider's file: what made it (docs/ai-images.md). */
  generation?: MediaGeneration | null;
  /** A stock photo's credit (docs/media-import.md, "Unsplash"). */
  attribution?: MediaAttribution | null;
}

type StoreInput = { workspaceId: string; userId: string | null; limits: MediaLimits; file: ReceivedFile };

/** Where a file's bytes and thumbnail are kept in storage. */
export function storageKeysOf(
  workspaceId: string,
  file: Pick<ReceivedFile, 'id' | 'extension' | 'thumbnail'>,
) {
  return {
    storageKey: `${workspaceId}/${file.id}.${file.extension}`,
    thumbnailKey: file.thumbnail ? `${workspaceId}/${file.id}.thumb.${file.thumbnail.extension}` : null,
  };
}

/**
 * Stores an upload and its row, under the paying owner's quota lock: the final "used + this file <= quota"
 * check, the bytes going to storage and the insert happen together, so two uploads racing for the last
 * megabytes cannot both get in. When anything fails, nothing stays stored.
 */
export async function storeMedia(db: Db, storage: MediaStorage, input: StoreInput): Promise<MediaFileRow> {
  const { storageKey, thumbnailKey } = storageKeysOf(input.workspaceId, input.file);
  try {
    return await db.transaction((tx) => storeMediaInTransaction(tx, storage, input));
  } catch (err) {
    await Promise.allSettled([
      storage.delete(storageKey),
      thumbnailKey ? storage.delete(thumbnailKey) : null,
    ]);
    throw err;
  }
}

/** `storeMedia` in the caller's transaction (a bulk import's files), which deletes the keys if it fails. */
export async function storeMediaInTransaction(
  tx: Tx,
  storage: MediaStorage,
  input: StoreInput,
): Promise<MediaFileRow> {
  const { workspaceId, file, limits } = input;
  const { storageKey, thumbnailKey } = storageKeysOf(workspaceId, file);
  const { path: _path, thumbnail: _thumbnail, extension: _extension, ...fileColumns } = file;
  await tx.execute(
    sql`select pg_advisory_xact_lock(${sql.raw(String(MEDIA_QUOTA_LOCK))}, hashtext(${ownerKeySql(workspaceId)}))`,
  );
  const used = await storageUsedBytes(tx, workspaceId);
  if (limits.storageBytes !== null && used + file.sizeBytes > limits.storageBytes)
    throw storageFullError(file.name, limits, used);
  const [row] = await tx
    .insert(mediaFiles)
    .values({ ...fileColumns, workspaceId, uploadedBy: input.userId, storageKey, thumbnailKey })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await storage.put(storageKey, file.path, file.mimeType);
  if (file.thumbnail && thumbnailKey)
    await storage.put(thumbnailKey, file.thumbnail.path, file.thumbnail.mimeType);
  return row;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A member may delete their own upload with `write`, anyone's with `publish` (permissionToRemove), and nobody a
 * file that a scheduled post, or one being published or awaiting approval, uses: 409 naming those posts
 * (docs/decisions/0059-removing-others-work.md). The file's row is locked, and a post attaching it takes a key-share
 * lock on it (attached-media.ts), so no post starts using it between this check and the delete.
 */
async function assertMemberMayDelete(
  tx: Tx,
  caller: Pick<Caller, 'userId' | 'role'>,
  workspaceId: string,
  file: { id: string; name: string; uploadedBy: string | null },
): Promise<void> {
  const rule = { kind: 'media' as const, isOwn: file.uploadedBy === caller.userId };
  assertRoleCan(caller.role, permissionToRemove(rule), ROLE_MESSAGES.onlyOwnDrafts);
  const pinning = and(
    attachesFile(file.id),
    eq(posts.workspaceId, workspaceId),
    isNull(posts.deletedAt),
    inArray(posts.status, [...MEDIA_PINNING_STATUSES]),
  );
  const [total] = await tx.select({ n: count() }).from(posts).where(pinning);
  if (!total?.n) return;
  const named = await tx
    .select({ content: posts.content })
    .from(posts)
    .where(pinning)
    .orderBy(desc(posts.updatedAt), desc(posts.id))
    .limit(3);
  const excerpts = named.map((row) => excerptOf(row.content));
  throw new AppError('MEDIA_IN_USE', { values: [file.name, total.n, excerpts] });
}

/**
 * A deleted post that can still be restored does not pin its files, but it must not come back scheduled without
 * one: the posts on their way out (MEDIA_PINNING_STATUSES) that a deleted file leaves become drafts, so a restore
 * brings them back to be checked and scheduled again (docs/decisions/0059).
 */
async function unscheduleDeletedPostsUsing(tx: Tx, workspaceId: string, mediaId: string): Promise<void> {
  await tx
    .update(posts)
    .set({ status: 'draft', scheduledAt: null })
    .where(
      and(
        eq(posts.workspaceId, workspaceId),
        isNotNull(posts.deletedAt),
        inArray(posts.status, [...MEDIA_PINNING_STATUSES]),
        attachesFile(mediaId),
      ),
    );
}

/**
 * Deletes the row (freeing its quota; the posts' attachments cascade), then the file and its thumbnail. With a
 * `caller` (a member's request), decision 0059's rules apply first; without one (the server taking back a file it
 * just made), nothing is checked. A storage failure after the row is gone only leaves an orphan object, which is
 * logged.
 */
export async function deleteMedia(
  db: Db,
  storage: MediaStorage,
  workspaceId: string,
  id: string,
  log: { warn(obj: object, msg: string): void },
  caller?: Pick<Caller, 'userId' | 'role'>,
): Promise<void> {
  const row = await db.transaction(async (tx) => {
    const [file] = await tx
      .select({ id: mediaFiles.id, name: mediaFiles.name, uploadedBy: mediaFiles.uploadedBy })
      .from(mediaFiles)
      .where(and(eq(mediaFiles.workspaceId, workspaceId), eq(mediaFiles.id, id)))
      .for('update')
      .limit(1);
    if (!file) throw new AppError('NOT_FOUND', { message: MEDIA_MESSAGES.notFound });
    if (caller) await assertMemberMayDelete(tx, caller, workspaceId, file);
    await unscheduleDeletedPostsUsing(tx, workspaceId, file.id);
    // Its watermarked copies go with it (docs/watermarks.md).
    const copies = await tx
      .delete(mediaFiles)
      .where(
        inArray(
          mediaFiles.id,
          tx
            .select({ id: watermarkRenders.renderedMediaId })
            .from(watermarkRenders)
            .where(eq(watermarkRenders.originalMediaId, file.id)),
        ),
      )
      .returning({ storageKey: mediaFiles.storageKey, thumbnailKey: mediaFiles.thumbnailKey });
    const [deleted] = await tx
      .delete(mediaFiles)
      .where(eq(mediaFiles.id, id))
      .returning({ storageKey: mediaFiles.storageKey, thumbnailKey: mediaFiles.thumbnailKey });
    return deleted
      ? { keys: [deleted, ...copies].flatMap((r) => [r.storageKey, r.thumbnailKey]) }
      : undefined;
  });
  if (!row) throw new AppError('NOT_FOUND', { message: MEDIA_MESSAGES.notFound });
  for (const key of row.keys) {
    if (!key) continue;
    await storage.delete(key).catch((err: unknown) => {
      log.warn({ err: String(err), key }, 'could not delete a media object from storage');
    });
  }
}
