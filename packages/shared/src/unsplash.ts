import { z } from 'zod';

/**
 * Stock photos from Unsplash in the media library (docs/media-import.md, "Unsplash";
 * docs/decisions/0106-unsplash-stock-photos.md): the server searches Unsplash with the operator's access key, the
 * browser shows Unsplash's own (hotlinked) thumbnails with the photographer's credit, and an imported photo becomes
 * a library file through the link import, keeping its attribution so the user can credit it.
 */

/** Longest search text sent to Unsplash. */
export const MAX_UNSPLASH_QUERY = 100;
/** Photos per page of results. */
export const UNSPLASH_PER_PAGE = 20;
/** Deepest page the picker asks for (1000 photos): further than anyone scrolls a picker. */
export const MAX_UNSPLASH_PAGE = 50;
/** Where the credit links lead: Unsplash's home page (with the referral parameters added). */
export const UNSPLASH_HOME_URL = 'https://unsplash.com/';

export const UNSPLASH_MESSAGES = {
  notConfigured:
    "Stock photos from Unsplash are not set up on this server. The server's administrator sets UNSPLASH_ACCESS_KEY to the Access Key of an Unsplash developer app.",
  rateLimited:
    "Unsplash's limit of requests for this hour is used up (demo apps may make 50 an hour). Please try again later; the server's administrator can apply to Unsplash for production access.",
  badKey:
    "Unsplash refused this server's access key. The server's administrator should check UNSPLASH_ACCESS_KEY.",
  unreachable: 'Unsplash could not be reached. Please try again in a moment.',
  queryRequired: 'Type what you are looking for.',
  queryTooLong: `Please keep the search under ${MAX_UNSPLASH_QUERY} characters.`,
  invalidPage: `Pages of results go from 1 to ${MAX_UNSPLASH_PAGE}.`,
  invalidPhoto: 'Choose a photo from the search results.',
  photoNotFound: 'This photo is no longer on Unsplash.',
  importStarted: 'Import started: the photo will appear in the library in a moment.',
} as const;

/**
 * Adds Unsplash's referral parameters to a credit link (`utm_source=<app name>&utm_medium=referral`), as its API
 * guidelines ask of every link to a photographer or to Unsplash.
 */
export function withUnsplashReferral(url: string, appName: string): string {
  const link = new URL(url);
  link.searchParams.set('utm_source', appName);
  link.searchParams.set('utm_medium', 'referral');
  return link.toString();
}

/** `GET /api/media/unsplash/search?query=&page=`. */
export const unsplashSearchQuerySchema = z.object({
  query: z
    .string({ error: UNSPLASH_MESSAGES.queryRequired })
    .trim()
    .min(1, UNSPLASH_MESSAGES.queryRequired)
    .max(MAX_UNSPLASH_QUERY, UNSPLASH_MESSAGES.queryTooLong),
  page: z.coerce
    .number({ error: UNSPLASH_MESSAGES.invalidPage })
    .int(UNSPLASH_MESSAGES.invalidPage)
    .min(1, UNSPLASH_MESSAGES.invalidPage)
    .max(MAX_UNSPLASH_PAGE, UNSPLASH_MESSAGES.invalidPage)
    .default(1),
});
export type UnsplashSearchQuery = z.input<typeof unsplashSearchQuerySchema>;

/** The photographer and the photo, with the links to credit them (referral parameters included). */
export const mediaAttributionSchema = z.object({
  source: z.literal('unsplash'),
  /** The photographer's name as Unsplash shows it. */
  author: z.string(),
  /** The photographer's Unsplash profile. */
  authorUrl: z.string(),
  /** The photo's page on Unsplash. */
  photoUrl: z.string(),
  /** Unsplash itself. */
  sourceUrl: z.string(),
});
export type MediaAttribution = z.infer<typeof mediaAttributionSchema>;

export const unsplashPhotoSchema = z.object({
  id: z.string(),
  /** Unsplash's description of the picture, used as its alt text. */
  description: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** Hotlinked from Unsplash (its guidelines: do not re-host for browsing). */
  thumbUrl: z.string(),
  smallUrl: z.string(),
  attribution: mediaAttributionSchema,
});
export type UnsplashPhoto = z.infer<typeof unsplashPhotoSchema>;

export const unsplashSearchSchema = z.object({
  page: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  results: z.array(unsplashPhotoSchema),
});
export type UnsplashSearch = z.infer<typeof unsplashSearchSchema>;

/** `GET /api/media/unsplash`: whether the operator set an access key (the panel says which variable otherwise). */
export const unsplashStatusSchema = z.object({ enabled: z.boolean() });
export type UnsplashStatus = z.infer<typeof unsplashStatusSchema>;

/** `POST /api/media/unsplash/imports { photoId }`: an Unsplash id (letters, digits, `-` and `_`). */
export const unsplashImportSchema = z.object({
  photoId: z
    .string({ error: UNSPLASH_MESSAGES.invalidPhoto })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, UNSPLASH_MESSAGES.invalidPhoto),
});
export type UnsplashImport = z.infer<typeof unsplashImportSchema>;
