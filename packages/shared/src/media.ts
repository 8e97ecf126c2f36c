import { z } from 'zod';
import { mediaGenerationSchema } from './ai-images';
import type { MediaLimits } from './plans';
import type { PostStatus } from './posts';
import { mediaAttributionSchema } from './unsplash';

/** What the media library accepts, recognised from the file's content (not its name). */
export const ACCEPTED_MEDIA_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
} as const;
export type AcceptedMediaType = keyof typeof ACCEPTED_MEDIA_TYPES;

export function isAcceptedMediaType(value: string): value is AcceptedMediaType {
  return Object.hasOwn(ACCEPTED_MEDIA_TYPES, value);
}

export function formatFileSize(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes >= 1024 * MB) return `${Number((bytes / (1024 * MB)).toFixed(1))} GB`;
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export const MEDIA_MESSAGES = {
  /** A file fetched from a public URL (a bulk import's media column) that did not come. */
  fetchFailed:
    'the address did not answer with an image or a video we accept (it must be public, answer within 30 seconds and send JPEG, PNG, GIF, WebP, MP4, MOV or WebM).',
  fileTooLarge: (name: string, limits: MediaLimits) =>
    limits.planName
      ? `"${name}" is larger than ${formatFileSize(limits.maxFileSizeBytes)}, the file size limit of the ${limits.planName} plan.`
      : `"${name}" is larger than ${formatFileSize(limits.maxFileSizeBytes)}, the largest file this server accepts.`,
  storageFull: (name: string, limits: MediaLimits, usedBytes: number) =>
    limits.planName
      ? `Uploading "${name}" would go over the ${formatFileSize(limits.storageBytes ?? 0)} of storage of the ${limits.planName} plan (${formatFileSize(usedBytes)} used). Delete files or choose a bigger plan.`
      : `Uploading "${name}" would go over the ${formatFileSize(limits.storageBytes ?? 0)} of storage this server allows (${formatFileSize(usedBytes)} used). Delete files or ask the server's administrator for more room.`,
  /** The free disk space is down to the server's reserve (MIN_FREE_DISK_MB). */
  diskFull:
    "The server's disk is almost full, so nothing more can be saved. Delete files, or ask the server's administrator to free some space.",
  unsupportedType: (name: string) =>
    `"${name}" is not an image or video we can use. Upload JPEG, PNG, GIF, WebP, MP4, MOV or WebM files.`,
  unreadable: (name: string, kind: 'image' | 'video') =>
    `"${name}" could not be read as ${kind === 'video' ? 'a video' : 'an image'}. It may be damaged or incomplete.`,
  /**
   * A file a post on its way out uses cannot be deleted (docs/decisions/0059): `excerpts` are the first lines of
   * up to three of the `count` posts.
   */
  inUse: (name: string, count: number, excerpts: readonly string[]) => {
    const listed = excerpts.map((excerpt) => `“${excerpt}”`).join(', ');
    const more = count > excerpts.length ? ` and ${count - excerpts.length} more` : '';
    const posts = count === 1 ? '1 post' : `${count} posts`;
    return `"${name}" cannot be deleted: ${posts} scheduled or awaiting approval use${count === 1 ? 's' : ''} it (${listed}${more}). Remove it from ${count === 1 ? 'that post' : 'those posts'} or delete ${count === 1 ? 'it' : 'them'} first.`;
  },
  noFile: 'Choose a file to upload.',
  notFound: 'File not found.',
  notConvertible: 'This image could not be converted to JPEG.',
  rangeOutsideFile: 'The requested range is outside the file.',
  linkInvalid: 'This media link is invalid or has expired.',
  uploaded: (name: string) => `Uploaded ${name}`,
  deleted: 'File deleted',
} as const;

/**
 * The states of a post that pin its files (docs/decisions/0059): it will be, or is being, published, so its media
 * cannot be deleted from under it. A draft (or a post sent back) just loses the file.
 */
export const MEDIA_PINNING_STATUSES = [
  'scheduled',
  'publishing',
  'awaiting_approval',
] as const satisfies readonly PostStatus[];

export const mediaItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  kind: z.enum(['image', 'gif', 'video']),
  sizeBytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationSeconds: z.number().nullable(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
  /** Who uploaded it (null once that member's account is gone): own uploads are the contributor's to delete. */
  uploadedBy: z.string().nullable().optional(),
  /** Set on a file an AI provider made (docs/ai-images.md): its prompt, model and provider. */
  generation: mediaGenerationSchema.nullable().optional(),
  /** Set on a file the image editor made (docs/image-editor.md): the library file it was made from. */
  derivedFromId: z.string().nullable().optional(),
  /** Set on a stock photo (docs/media-import.md, "Unsplash"): whom to credit, with the links. */
  attribution: mediaAttributionSchema.nullable().optional(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const mediaListSchema = z.object({
  items: z.array(mediaItemSchema),
  usage: z.object({
    usedBytes: z.number().int(),
    /** Null: no storage limit but the server's disk (a self-hosted install without WORKSPACE_STORAGE_MB). */
    storageBytes: z.number().int().nullable(),
    maxFileSizeBytes: z.number().int(),
    /** The plan the limits come from; null when the server's administrator set them (self-hosted). */
    plan: z.string().nullable(),
    /** What the server's disk can still take before its reserve (self-hosted only; null on a managed install). */
    diskFreeBytes: z.number().int().nullable(),
  }),
  /** False when the server has no ffmpeg: uploads work, but without thumbnails, dimensions or durations. */
  thumbnailsAvailable: z.boolean().optional(),
});
export type MediaList = z.infer<typeof mediaListSchema>;

export const listMediaQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  kind: z.enum(['image', 'gif', 'video']).optional(),
});
export type ListMediaQuery = z.infer<typeof listMediaQuerySchema>;

/** `GET /api/media/:id/usage`: the posts (not deleted) that attach a file, newest first. */
export const mediaUsageSchema = z.object({
  posts: z.array(
    z.object({
      id: z.string(),
      /** The post's text, cut to a line. */
      excerpt: z.string(),
      status: z.string(),
      scheduledAt: z.string().nullable(),
    }),
  ),
});
export type MediaUsage = z.infer<typeof mediaUsageSchema>;
