import { Readable } from 'node:stream';
import { isConvertedToJpeg, type PlatformId } from '@relaycast/shared/platforms';
import { WATERMARK_MESSAGES } from '@relaycast/shared/watermarks';
import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { mediaFiles, postMedia } from '../../db/schema/index';
import type { MediaStorage } from '../../lib/media/storage';
import { PlatformError, type PublishMedia } from '../../platforms/types';
import { convertToJpeg } from '../media/jpeg-conversion';
import { signedMediaUrl } from '../media/public-media-url';
import { watermarkedCopy } from '../watermarks/watermark-render';
import { watermarkForTarget } from '../watermarks/watermarks.service';

/**
 * Media for the platforms: bytes read from storage for upload flows, and for platforms that pull media by URL
 * (Instagram, Threads, TikTok) a signed, time-limited URL under PUBLIC_URL that the media routes serve
 * without a session (media/public-media-url.ts).
 */

/**
 * The post's media, in order, as the platform's connector receives them: with the watermark the post or the
 * account chose burned into its images and videos (the cached copy, the library keeps the original:
 * docs/watermarks.md), and an image the platform takes only as JPEG (a PNG on Instagram) handed over
 * converted, both as bytes and as its signed URL.
 */
export async function loadPublishMedia(
  db: Db,
  config: Config,
  storage: MediaStorage,
  workspaceId: string,
  postId: string,
  platform: PlatformId,
  accountId: string | null = null,
): Promise<PublishMedia[]> {
  const attached = await db
    .select({ file: mediaFiles, altText: postMedia.altText })
    .from(postMedia)
    .innerJoin(mediaFiles, eq(mediaFiles.id, postMedia.mediaId))
    .where(and(eq(postMedia.postId, postId), eq(mediaFiles.workspaceId, workspaceId)))
    .orderBy(asc(postMedia.position));
  if (attached.length === 0) return [];
  const mark = await watermarkForTarget(db, workspaceId, postId, accountId);
  const deps = { db, storage, ffmpegPath: config.ffmpegPath };
  const rows = [];
  for (const { file, altText } of attached) {
    // Nothing has gone to the platform yet: a copy that cannot be made is retried, never sent without its mark.
    const copy = mark
      ? await watermarkedCopy(deps, file, mark).catch((error: unknown) => {
          const failure = new PlatformError('retry', WATERMARK_MESSAGES.renderFailed);
          failure.cause = error;
          throw failure;
        })
      : file;
    rows.push({ ...copy, altText });
  }
  return rows.map((row) => {
    const asJpeg = isConvertedToJpeg(platform, row.mimeType);
    return {
      id: row.id,
      kind: row.kind,
      mimeType: asJpeg ? 'image/jpeg' : row.mimeType,
      sizeBytes: Number(row.sizeBytes),
      ...(row.width !== null ? { width: row.width } : {}),
      ...(row.height !== null ? { height: row.height } : {}),
      ...(row.durationSeconds !== null ? { durationSeconds: row.durationSeconds } : {}),
      open: asJpeg
        ? async () =>
            Readable.from([await convertToJpeg(config.ffmpegPath, await storage.get(row.storageKey))])
        : () => storage.get(row.storageKey),
      publicUrl: `${signedMediaUrl(config, row.id)}${asJpeg ? '&as=jpeg' : ''}`,
      altText: row.altText,
    };
  });
}
