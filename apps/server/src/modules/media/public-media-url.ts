import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config/env';

/**
 * The signed public link of a media file, for platforms that pull media by URL (Instagram, Threads, TikTok):
 * `/api/media/public/:id?exp=<unix seconds>&sig=<HMAC-SHA256>`, served without a session by media.routes.ts and
 * handed to connectors by publishing (publishing-media.ts).
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

/** The query of a signed media URL, as the media routes read it (`as=jpeg`: served converted to JPEG). */
export const publicMediaQuerySchema = z.object({
  exp: z.coerce.number().int(),
  sig: z.string().min(1).max(200),
  as: z.literal('jpeg').optional(),
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
