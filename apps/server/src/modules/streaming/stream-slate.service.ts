import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { STREAMING_MESSAGES, type StreamSlate } from '@relaycast/shared/streaming';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaFiles, streamSlates } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { MediaStorage } from '../../lib/media/storage';

/**
 * The workspace's slate (docs/decisions/0101-slate-on-dropped-source.md): an image of its media library, or the
 * default card. Any member who may stream chooses it; it applies from the next stream on.
 */
async function slateRow(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ mediaId: mediaFiles.id, name: mediaFiles.name, storageKey: mediaFiles.storageKey })
    .from(streamSlates)
    .innerJoin(mediaFiles, eq(mediaFiles.id, streamSlates.mediaId))
    .where(eq(streamSlates.workspaceId, workspaceId))
    .limit(1);
  return row ?? null;
}

export async function getWorkspaceSlate(db: Db, workspaceId: string): Promise<StreamSlate> {
  const row = await slateRow(db, workspaceId);
  return { slate: row ? { mediaId: row.mediaId, name: row.name } : null };
}

/** Sets the slate to a library image of the workspace (404 for another workspace's id), or null: the default. */
export async function setWorkspaceSlate(
  db: Db,
  workspaceId: string,
  mediaId: string | null,
): Promise<StreamSlate> {
  if (mediaId !== null) {
    const [media] = await db
      .select({ kind: mediaFiles.kind })
      .from(mediaFiles)
      .where(and(eq(mediaFiles.id, mediaId), eq(mediaFiles.workspaceId, workspaceId)))
      .limit(1);
    if (!media) throw new AppError('NOT_FOUND', { message: STREAMING_MESSAGES.mediaNotFound });
    if (media.kind !== 'image') {
      throw new AppError('VALIDATION_ERROR', { message: STREAMING_MESSAGES.slateNotImage });
    }
  }
  await db
    .insert(streamSlates)
    .values({ workspaceId, mediaId })
    .onConflictDoUpdate({ target: streamSlates.workspaceId, set: { mediaId, updatedAt: new Date() } });
  return getWorkspaceSlate(db, workspaceId);
}

/**
 * The slate's file for a stream about to go live: the stored file itself on a local disk, else a copy kept under
 * `cacheDir` by media id (a library file never changes under its id: an edit is a new file). Null: the default.
 */
export async function slateImageFile(
  deps: { db: Db; storage: MediaStorage; cacheDir: string },
  workspaceId: string,
): Promise<string | null> {
  const row = await slateRow(deps.db, workspaceId);
  if (!row) return null;
  const local = deps.storage.localPath ? await deps.storage.localPath(row.storageKey) : null;
  if (local !== null) return local;
  const file = path.join(deps.cacheDir, `${row.mediaId}${path.extname(row.storageKey)}`);
  if (
    await stat(file).then(
      () => true,
      () => false,
    )
  )
    return file;
  await mkdir(deps.cacheDir, { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  try {
    await pipeline(await deps.storage.get(row.storageKey), createWriteStream(partial));
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return file;
}
