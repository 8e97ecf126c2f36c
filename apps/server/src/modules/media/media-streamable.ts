import { STREAMING_MESSAGES } from '@relaycast/shared/streaming';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaFiles } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/**
 * The workspace's video a pre-recorded stream plays (docs/prerecorded-streams.md), or 404 (another workspace's
 * id looks like a missing one) / 400 (not a video). Here, not in the streaming module, so that planned streams
 * and the live engine both ask the library without importing each other.
 */
export async function findStreamableMedia(db: Db, owner: { workspaceId: string }, mediaId: string) {
  const [row] = await db
    .select({
      id: mediaFiles.id,
      name: mediaFiles.name,
      kind: mediaFiles.kind,
      storageKey: mediaFiles.storageKey,
      durationSeconds: mediaFiles.durationSeconds,
    })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, mediaId), eq(mediaFiles.workspaceId, owner.workspaceId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: STREAMING_MESSAGES.mediaNotFound });
  if (row.kind !== 'video')
    throw new AppError('VALIDATION_ERROR', { message: STREAMING_MESSAGES.mediaNotVideo });
  return row;
}
