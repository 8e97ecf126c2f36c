import { Readable } from 'node:stream';
import { isConvertedToJpeg, type PlatformId } from '@relaycast/shared/platforms';
import { WATERMARK_MESSAGES } from '@relaycast/shared/watermarks';
import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { mediaFiles, postMedia, postThreadMedia } from '../../db/schema/index';
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
  return toPublishMedia({ db, config, storage }, { workspaceId, postId, platform, accountId }, attached);
}

/**
 * The media of a thread's parts 2..N (docs/threads.md), one list per part (index 0 = part 2), handed over as the
 * post's own are: watermarked, converted where the platform takes JPEG only, with their alt text.
 */
export async function loadThreadPublishMedia(
  db: Db,
  config: Config,
  storage: MediaStorage,
  workspaceId: string,
  postId: string,
  platform: PlatformId,
  accountId: string | null = null,
): Promise<PublishMedia[][]> {
  const attached = await db
    .select({ part: postThreadMedia.part, file: mediaFiles, altText: postThreadMedia.altText })
    .from(postThreadMedia)
    .innerJoin(mediaFiles, eq(mediaFiles.id, postThreadMedia.mediaId))
    .where(and(eq(postThreadMedia.postId, postId), eq(mediaFiles.workspaceId, workspaceId)))
    .orderBy(asc(postThreadMedia.part), asc(postThreadMedia.position));
  const where = { workspaceId, postId, platform, accountId };
  const media = await toPublishMedia({ db, config, storage }, where, attached);
  const lists: PublishMedia[][] = [];
  attached.forEach(({ part }, index) => {
    while (lists.length <= part) lists.push([]);
    const item = media[index];
    if (item) lists[part]?.push(item);
  });
  return lists;
}

async function toPublishMedia(
  { db, config, storage }: { db: Db; config: Config; storage: MediaStorage },
  {
    workspaceId,
    postId,
    platform,
    accountId,
  }: {
    workspaceId: string;
    postId: string;
    platform: PlatformId;
    accountId: string | null;
  },
  attached: readonly { file: typeof mediaFiles.$inferSelect; altText: string }[],
): Promise<PublishMedia[]> {
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
