import { UNSPLASH_MESSAGES } from '@relaycast/shared/unsplash';
import { z } from 'zod';
import type { UnsplashConfig } from '../../../config/unsplash-env';
import { AppError } from '../../../lib/app-error';

/**
 * The Unsplash API as the media library calls it (docs/media-import.md, "Unsplash"): the operator's access key in
 * `Authorization: Client-ID <key>`, sent only to UNSPLASH_API_BASE. Every refusal becomes a message the user can
 * act on: the hourly limit (a 403 "Rate Limit Exceeded" or a 429), a refused key, a missing photo, or Unsplash out
 * of reach; never a 500.
 */

const TIMEOUT_MS = 15_000;

/** The fields of a photo the library reads; the API sends many more. */
export const unsplashApiPhotoSchema = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  description: z.string().nullable().optional(),
  alt_description: z.string().nullable().optional(),
  urls: z.object({
    raw: z.string(),
    full: z.string(),
    regular: z.string(),
    small: z.string(),
    thumb: z.string(),
  }),
  links: z.object({ html: z.string(), download_location: z.string() }),
  user: z.object({ name: z.string(), links: z.object({ html: z.string() }) }),
});
export type UnsplashApiPhoto = z.infer<typeof unsplashApiPhotoSchema>;

export const unsplashApiSearchSchema = z.object({
  total: z.number().int(),
  total_pages: z.number().int(),
  results: z.array(unsplashApiPhotoSchema),
});

/** `GET <download_location>`: the original's address (the call itself is what counts). */
export const unsplashApiDownloadSchema = z.object({ url: z.string() });

/** Unsplash's answer when the hour's requests are used up (it says 403, not 429, with the remaining count at 0). */
function isRateLimit(response: Response, text: string): boolean {
  return (
    response.status === 429 ||
    response.headers.get('x-ratelimit-remaining') === '0' ||
    /rate limit/i.test(text)
  );
}

function refusal(response: Response, text: string): AppError {
  if (isRateLimit(response, text)) {
    const reset = Number(response.headers.get('retry-after'));
    return new AppError('UNSPLASH_RATE_LIMITED', {
      headers: Number.isFinite(reset) && reset > 0 ? { 'retry-after': String(reset) } : {},
    });
  }
  if (response.status === 401 || response.status === 403) return new AppError('UNSPLASH_BAD_KEY');
  if (response.status === 404) return new AppError('NOT_FOUND', { message: UNSPLASH_MESSAGES.photoNotFound });
  return new AppError('UNSPLASH_UNREACHABLE');
}

/**
 * `GET <api>/<path>` (or a full URL on the API's origin: a photo's download_location), parsed with `schema`.
 * A URL elsewhere is refused before the key is sent.
 */
export async function callUnsplash<T>(
  config: UnsplashConfig,
  target: string,
  schema: z.ZodType<T>,
): Promise<T> {
  const url = new URL(target, `${config.apiBase}/`);
  if (url.origin !== new URL(config.apiBase).origin) throw new AppError('UNSPLASH_UNREACHABLE');
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      headers: {
        authorization: `Client-ID ${config.accessKey}`,
        'accept-version': 'v1',
        accept: 'application/json',
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    text = await response.text();
  } catch {
    throw new AppError('UNSPLASH_UNREACHABLE');
  }
  if (!response.ok) throw refusal(response, text);
  try {
    return schema.parse(JSON.parse(text));
  } catch {
    throw new AppError('UNSPLASH_UNREACHABLE');
  }
}
