import { REEL_COVER_MESSAGES, type ReelCover } from '@relaycast/shared/reel-covers';
import { and, eq, max } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { mediaFiles, postMedia, postReelCovers } from '../../db/schema/index';
import { ValidationError } from '../../lib/app-error';
import type { PublishMedia, PublishRequest } from '../../platforms/types';
import { signedMediaUrl } from '../media/public-media-url';

/**
 * An Instagram Reel's cover, stored with its post (docs/reel-covers.md): written in the post's own transaction
 * after its media, read by the composer and by the publisher.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const refuse = (message: string) => new ValidationError([{ path: 'reelCover', message }]);

/** Stores a post's cover (null: Instagram's first frame), refusing another workspace's file or a frame past the end. */
export async function storeReelCover(
  tx: Db | Tx,
  workspaceId: string,
  postId: string,
  cover: ReelCover | null,
): Promise<void> {
  if (cover === null) {
    await tx.delete(postReelCovers).where(eq(postReelCovers.postId, postId));
    return;
  }
  if (cover.kind === 'image') {
    const [file] = await tx
      .select({ kind: mediaFiles.kind })
      .from(mediaFiles)
      .where(and(eq(mediaFiles.id, cover.mediaId), eq(mediaFiles.workspaceId, workspaceId)))
      .limit(1);
    if (file?.kind !== 'image') throw refuse(REEL_COVER_MESSAGES.imageNotFound);
  } else {
    // The longest video attached (a Reel has one): a moment after its end is no frame of it.
    const [video] = await tx
      .select({ seconds: max(mediaFiles.durationSeconds) })
      .from(postMedia)
      .innerJoin(mediaFiles, eq(mediaFiles.id, postMedia.mediaId))
      .where(and(eq(postMedia.postId, postId), eq(mediaFiles.kind, 'video')));
    const seconds = video?.seconds ?? null;
    if (seconds !== null && cover.offsetMs > Math.floor(seconds * 1000)) {
      throw refuse(REEL_COVER_MESSAGES.frameAfterEnd);
    }
  }
  const row = {
    kind: cover.kind,
    offsetMs: cover.kind === 'frame' ? cover.offsetMs : null,
    mediaId: cover.kind === 'image' ? cover.mediaId : null,
  };
  await tx
    .insert(postReelCovers)
    .values({ postId, ...row })
    .onConflictDoUpdate({ target: postReelCovers.postId, set: row });
}

/** A post's stored cover, null when none (or its image was deleted). The post's workspace is the caller's check. */
export async function readReelCover(db: Db | Tx, postId: string): Promise<ReelCover | null> {
  const [row] = await db.select().from(postReelCovers).where(eq(postReelCovers.postId, postId)).limit(1);
  if (!row) return null;
  if (row.kind === 'frame') return { kind: 'frame', offsetMs: row.offsetMs ?? 0 };
  return row.mediaId ? { kind: 'image', mediaId: row.mediaId } : null;
}

/**
 * What the Instagram connector sends for the cover: the moment, or the image's signed public URL (as JPEG when
 * it is not one: Instagram takes JPEG covers). Undefined without a cover, or when the target is no Reel (another
 * platform, or Instagram media other than one video).
 */
export async function reelCoverForPublish(
  db: Db,
  config: Config,
  target: { workspaceId: string; platform: string; media: readonly Pick<PublishMedia, 'kind'>[] },
  postId: string,
): Promise<PublishRequest['reelCover']> {
  const { workspaceId, platform, media } = target;
  if (platform !== 'instagram' || media.length !== 1 || media[0]?.kind !== 'video') return undefined;
  const cover = await readReelCover(db, postId);
  if (!cover) return undefined;
  if (cover.kind === 'frame') return { offsetMs: cover.offsetMs };
  const [file] = await db
    .select({ id: mediaFiles.id, mimeType: mediaFiles.mimeType })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, cover.mediaId), eq(mediaFiles.workspaceId, workspaceId)))
    .limit(1);
  if (!file) return undefined;
  return {
    imageUrl: `${signedMediaUrl(config, file.id)}${file.mimeType === 'image/jpeg' ? '' : '&as=jpeg'}`,
  };
}
