import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { mediaFiles, postMedia } from '../../db/schema/index';
import type { MediaStorage } from '../../lib/media/storage';
import type { PublishMedia } from '../../platforms/types';

/**
 * Media for the platforms: bytes read from storage for upload flows, and for platforms that pull media by URL
 * (Instagram, Threads, TikTok) a signed, time-limited URL under PUBLIC_URL that the media routes serve
 * without a session: `/api/media/public/:id?exp=<unix seconds>&sig=<HMAC-SHA256>`.
 */

/** How long a platform may take to fetch a media URL after we hand it over. */
export const PUBLIC_MEDIA_URL_TTL_MS = 2 * 60 * 60 * 1000;

function signingKey(appSecret: string): Buffer {
  return createHmac('sha256', appSecret).update('relaycast:public-media-url:v1').digest();
}

function signatureOf(appSecret: string, mediaId: string, expiresAtSeconds: number): string {
  return createHmac('sha256', signingKey(appSecret))
    .update(`${mediaId}.${expiresAtSeconds}`)
    .digest('base64url');
}

export function signedMediaUrl(
  config: Pick<Config, 'appSecret' | 'publicUrl'>,
  mediaId: string,
  now = Date.now(),
): string {
  const exp = Math.floor((now + PUBLIC_MEDIA_URL_TTL_MS) / 1000);
  const sig = signatureOf(config.appSecret, mediaId, exp);
  return `${config.publicUrl}/api/media/public/${encodeURIComponent(mediaId)}?exp=${exp}&sig=${sig}`;
}

/** The query of a signed media URL, as the media routes read it. */
export const publicMediaQuerySchema = z.object({
  exp: z.coerce.number().int(),
  sig: z.string().min(1).max(200),
});

/** Whether `sig` signs this media id until `exp` and `exp` has not passed. */
export function isValidMediaSignature(
  appSecret: string,
  mediaId: string,
  exp: number,
  sig: string,
  now = Date.now(),
): boolean {
  if (!Number.isInteger(exp) || exp * 1000 < now) return false;
  const expected = Buffer.from(signatureOf(appSecret, mediaId, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The post's media, in order, as connectors receive them. */
export async function loadPublishMedia(
  db: Db,
  config: Config,
  storage: MediaStorage,
  workspaceId: string,
  postId: string,
): Promise<PublishMedia[]> {
  const rows = await db
    .select({
      id: mediaFiles.id,
      kind: mediaFiles.kind,
      mimeType: mediaFiles.mimeType,
      sizeBytes: mediaFiles.sizeBytes,
      width: mediaFiles.width,
      height: mediaFiles.height,
      durationSeconds: mediaFiles.durationSeconds,
      storageKey: mediaFiles.storageKey,
    })
    .from(postMedia)
    .innerJoin(mediaFiles, eq(mediaFiles.id, postMedia.mediaId))
    .where(and(eq(postMedia.postId, postId), eq(mediaFiles.workspaceId, workspaceId)))
    .orderBy(asc(postMedia.position));
  if (rows.length === 0) return [];
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    mimeType: row.mimeType,
    sizeBytes: Number(row.sizeBytes),
    ...(row.width !== null ? { width: row.width } : {}),
    ...(row.height !== null ? { height: row.height } : {}),
    ...(row.durationSeconds !== null ? { durationSeconds: row.durationSeconds } : {}),
    open: () => storage.get(row.storageKey),
    publicUrl: signedMediaUrl(config, row.id),
  }));
}
