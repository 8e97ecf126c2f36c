import { z } from 'zod';

/**
 * Saved watermarks (`/api/watermarks…`, docs/watermarks.md): an image of the media library burned into a post's
 * images and videos at publish time, with its opacity, size (a share of the media's width), anchor and margin.
 * The browser's preview and the server's ffmpeg graph read the same numbers through `watermarkBox`.
 */

export const WATERMARK_POSITIONS = [
  'top-left',
  'top',
  'top-right',
  'left',
  'center',
  'right',
  'bottom-left',
  'bottom',
  'bottom-right',
] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];

export const WATERMARK_LIMITS = {
  maxPerWorkspace: 50,
  maxName: 80,
  /** Size: the mark's width as a share of the media's width, in percent. */
  minSize: 1,
  maxSize: 100,
  maxMargin: 25,
} as const;

/** The media kinds a watermark goes on: an animated GIF keeps its animation (one ffmpeg pass with a new palette). */
export const WATERMARKED_KINDS = ['image', 'gif', 'video'] as const;

const WATERMARK_APPLY_LIMITS_MAX_FILES = 20;

export const WATERMARK_MESSAGES = {
  nameRequired: 'Give the watermark a name.',
  nameTooLong: `A watermark’s name is at most ${WATERMARK_LIMITS.maxName} characters.`,
  imageRequired: 'Choose the watermark’s image from the media library.',
  imageNotImage: 'A watermark is a still image (PNG with transparency works best), not a video or a GIF.',
  imageNotFound: 'That image is not in this workspace’s media library.',
  opacityRange: 'Opacity is a whole number from 0 to 100.',
  sizeRange: `Size is a whole number of percent from ${WATERMARK_LIMITS.minSize} to ${WATERMARK_LIMITS.maxSize}.`,
  marginRange: `Margin is a whole number of percent from 0 to ${WATERMARK_LIMITS.maxMargin}.`,
  positionInvalid: 'Choose one of the nine positions.',
  tooMany: `A workspace keeps at most ${WATERMARK_LIMITS.maxPerWorkspace} watermarks.`,
  notFound: 'Watermark not found.',
  accountNotFound: 'Account not found.',
  renderFailed: 'The watermark could not be applied to this file.',
  mediaNotFound: 'That file is not in this workspace’s media library.',
  mediaRequired: 'Choose at least one photo or video to apply the watermark to.',
  tooManyFiles: `Apply a watermark to at most ${WATERMARK_APPLY_LIMITS_MAX_FILES} files at once.`,
  applyInterrupted: 'Applying the watermark was interrupted (the server restarted). Apply it again.',
  applyChanged: 'The watermark changed while it was being applied. Apply it again.',
  saved: 'Watermark saved',
  deleted: 'Watermark deleted',
} as const;

const percent = (min: number, max: number, message: string) =>
  z.number({ message }).int(message).min(min, message).max(max, message);

/** `POST /api/watermarks`, `PUT /api/watermarks/:id`. */
export const watermarkInputSchema = z.strictObject({
  name: z
    .string({ message: WATERMARK_MESSAGES.nameRequired })
    .trim()
    .min(1, WATERMARK_MESSAGES.nameRequired)
    .max(WATERMARK_LIMITS.maxName, WATERMARK_MESSAGES.nameTooLong),
  imageMediaId: z
    .string({ message: WATERMARK_MESSAGES.imageRequired })
    .min(1, WATERMARK_MESSAGES.imageRequired)
    .max(64, WATERMARK_MESSAGES.imageNotFound),
  opacity: percent(0, 100, WATERMARK_MESSAGES.opacityRange),
  size: percent(WATERMARK_LIMITS.minSize, WATERMARK_LIMITS.maxSize, WATERMARK_MESSAGES.sizeRange),
  position: z.enum(WATERMARK_POSITIONS, { message: WATERMARK_MESSAGES.positionInvalid }),
  margin: percent(0, WATERMARK_LIMITS.maxMargin, WATERMARK_MESSAGES.marginRange),
});
export type WatermarkInput = z.infer<typeof watermarkInputSchema>;

export const WATERMARK_DEFAULTS: Omit<WatermarkInput, 'name' | 'imageMediaId'> = {
  opacity: 70,
  size: 20,
  position: 'bottom-right',
  margin: 3,
};

export const watermarkSchema = watermarkInputSchema.extend({
  id: z.string(),
  /** The image's file URL, for the preview. */
  imageUrl: z.string(),
  updatedAt: z.string(),
});
export type Watermark = z.infer<typeof watermarkSchema>;

export const watermarkDefaultSchema = z.object({ accountId: z.string(), watermarkId: z.string() });
export type WatermarkDefault = z.infer<typeof watermarkDefaultSchema>;

export const watermarkListSchema = z.object({
  watermarks: z.array(watermarkSchema),
  /** The account default of each account that has one. */
  defaults: z.array(watermarkDefaultSchema),
});
export type WatermarkList = z.infer<typeof watermarkListSchema>;

/** `PUT /api/watermarks/defaults/:id` (an account id): null removes the account's default. */
export const watermarkDefaultInputSchema = z.strictObject({
  watermarkId: z.string().min(1).max(64).nullable(),
});
export type WatermarkDefaultInput = z.infer<typeof watermarkDefaultInputSchema>;

/**
 * A post's choice, sent with the post (`watermark` of postInputSchema) and read back at
 * `GET /api/watermarks/posts/:id`: `default` uses each account's default, `none` sends the originals, `watermark`
 * burns `watermarkId` into every image and video whatever the account.
 */
export const postWatermarkChoiceSchema = z.discriminatedUnion('use', [
  z.strictObject({ use: z.literal('default') }),
  z.strictObject({ use: z.literal('none') }),
  z.strictObject({ use: z.literal('watermark'), watermarkId: z.string().min(1).max(64) }),
]);
export type PostWatermarkChoice = z.infer<typeof postWatermarkChoiceSchema>;

/** The placement as fractions of the media's width and height, the same for the CSS preview and ffmpeg. */
export interface WatermarkBox {
  /** The mark's width over the media's width. */
  width: number;
  /** The margin over the media's width (left/right) and height (top/bottom). */
  margin: number;
  horizontal: 'left' | 'center' | 'right';
  vertical: 'top' | 'center' | 'bottom';
}

export function watermarkBox(mark: Pick<WatermarkInput, 'size' | 'position' | 'margin'>): WatermarkBox {
  const [first, second] = mark.position.split('-') as [string, string | undefined];
  const vertical = first === 'top' || first === 'bottom' ? first : 'center';
  const sideWord = second ?? (first === 'left' || first === 'right' ? first : 'center');
  const horizontal = sideWord === 'left' || sideWord === 'right' ? sideWord : 'center';
  return { width: mark.size / 100, margin: mark.margin / 100, horizontal, vertical };
}

export const WATERMARK_APPLY_LIMITS = {
  maxFiles: WATERMARK_APPLY_LIMITS_MAX_FILES,
  /** An active apply without progress for this long was interrupted (the server restarted). */
  staleMinutes: 10,
} as const;

const mediaIdsSchema = z
  .array(z.string().min(1).max(64), { message: WATERMARK_MESSAGES.mediaRequired })
  .min(1, WATERMARK_MESSAGES.mediaRequired)
  .max(WATERMARK_APPLY_LIMITS.maxFiles, WATERMARK_MESSAGES.tooManyFiles);

/** `POST /api/watermarks/apply`: burn `watermarkId` into these library files now ("Apply now" in the composer). */
export const watermarkApplyInputSchema = z.strictObject({
  watermarkId: z.string({ message: WATERMARK_MESSAGES.notFound }).min(1).max(64),
  mediaIds: mediaIdsSchema,
});
export type WatermarkApplyInput = z.infer<typeof watermarkApplyInputSchema>;

/** `GET /api/watermarks/apply?watermarkId=…&mediaIds=a,b`: where each file's copy stands. */
export const watermarkApplyQuerySchema = z.strictObject({
  watermarkId: z.string({ message: WATERMARK_MESSAGES.notFound }).min(1).max(64),
  mediaIds: z
    .string({ message: WATERMARK_MESSAGES.mediaRequired })
    .transform((value) => value.split(',').filter((id) => id.length > 0))
    .pipe(mediaIdsSchema),
});

/**
 * One file's copy: `none` (not applied yet), `queued`/`rendering` (with `progress` 0–1 for a video), `done` (the
 * copy publishing will send), `failed` (`error` says why), `stale` (a copy exists but of the watermark's earlier
 * settings: apply again).
 */
export const WATERMARK_APPLY_STATES = ['none', 'queued', 'rendering', 'done', 'failed', 'stale'] as const;
export type WatermarkApplyState = (typeof WATERMARK_APPLY_STATES)[number];

export const watermarkAppliedFileSchema = z.object({
  mediaId: z.string(),
  state: z.enum(WATERMARK_APPLY_STATES),
  progress: z.number().nullable(),
  /** The rendered copy (state `done`): what the platform receives. */
  copy: z.object({ id: z.string(), name: z.string(), mimeType: z.string(), url: z.string() }).nullable(),
  error: z.string().nullable(),
});
export type WatermarkAppliedFile = z.infer<typeof watermarkAppliedFileSchema>;

export const watermarkApplyStatusSchema = z.object({
  watermarkId: z.string(),
  files: z.array(watermarkAppliedFileSchema),
});
export type WatermarkApplyStatus = z.infer<typeof watermarkApplyStatusSchema>;
