import { z } from 'zod';

/**
 * Import from a link (docs/media-import.md): a public image or video URL fetched in the background into the media
 * library, with progress, a Cancel, and its state kept in the database so a reload finds it again.
 */

export const MEDIA_IMPORT_STATUSES = ['queued', 'downloading', 'done', 'failed', 'cancelled'] as const;
export type MediaImportStatus = (typeof MEDIA_IMPORT_STATUSES)[number];

/** Imports of one workspace queued or downloading at once. */
export const MAX_ACTIVE_MEDIA_IMPORTS = 5;
/** How long one download may take, connection to last byte. */
export const MEDIA_IMPORT_TIMEOUT_SECONDS = 300;
/** An import whose progress has not moved for this long is reported as failed (its process went away). */
export const STALE_MEDIA_IMPORT_MINUTES = 10;

export const MEDIA_IMPORT_MESSAGES = {
  invalidUrl: 'Enter the address of an image or a video, starting with http:// or https://.',
  tooMany: `Up to ${MAX_ACTIVE_MEDIA_IMPORTS} imports run at once. Wait for one to finish or cancel one.`,
  gone: 'This link no longer works (the site answered that the file is gone or was never there). Shared links from cloud drives expire: copy a fresh one.',
  refused: (status: number) =>
    `The site refused to send the file (it answered ${status}). Check that the link is public.`,
  wrongType:
    'This link is not an image or a video we accept. Use a direct link to a JPEG, PNG, GIF, WebP, MP4, MOV or WebM file, not to a web page.',
  timeout: `The download took longer than ${MEDIA_IMPORT_TIMEOUT_SECONDS / 60} minutes and was stopped.`,
  unreachable: 'Could not reach this address. Check the link and try again.',
  interrupted: 'The import stopped before it finished (the server restarted). Please try again.',
  cancelled: 'Import cancelled',
  notCancellable: 'This import has already finished.',
  notFound: 'Import not found.',
  started: 'Import started',
} as const;

export const startMediaImportSchema = z.object({
  url: z
    .string({ error: MEDIA_IMPORT_MESSAGES.invalidUrl })
    .trim()
    .max(2048, MEDIA_IMPORT_MESSAGES.invalidUrl)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, MEDIA_IMPORT_MESSAGES.invalidUrl),
});
export type StartMediaImport = z.infer<typeof startMediaImportSchema>;

export const mediaImportSchema = z.object({
  id: z.string(),
  url: z.string(),
  status: z.enum(MEDIA_IMPORT_STATUSES),
  receivedBytes: z.number().int(),
  /** The size the site announced, when it did. */
  totalBytes: z.number().int().nullable(),
  /** The library file, once done. */
  mediaId: z.string().nullable(),
  error: z.string().nullable(),
  /** A cloud import's file at the provider (cloud-drives.ts); null for an import from a link. */
  source: z.object({ provider: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type MediaImport = z.infer<typeof mediaImportSchema>;

export const mediaImportListSchema = z.object({ items: z.array(mediaImportSchema) });
export type MediaImportList = z.infer<typeof mediaImportListSchema>;

export function isActiveImport(status: MediaImportStatus): boolean {
  return status === 'queued' || status === 'downloading';
}
