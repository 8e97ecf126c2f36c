import { z } from 'zod';
import { mediaItemSchema } from './media';
import { checkPlatformRules, PLATFORMS, type PlatformId, type PlatformIssue } from './platforms';
import { EDIT_LIST_MESSAGES, editListSchema, sourceSpan } from './video-editor-edit-list';
import {
  CAPTION_MESSAGES,
  captionsFileSchema,
  OVERLAY_MESSAGES,
  overlaysSchema,
} from './video-editor-overlays';

/**
 * The video editor (/video-editor, docs/video.md): load a video from the media library or a URL, trim it, crop it and
 * export it as a server-side ffmpeg job. The messages are the spec's (seed-spec sections 5 and 8), kept exactly.
 */

export const VIDEO_EDITOR_MESSAGES = {
  urlRequired: 'Please enter a video URL',
  loadFailed: 'Failed to load video. Please check the URL',
  loaded: 'Video loaded successfully',
  processing: 'Processing...',
  unsupportedBrowser: 'Your browser does not support the video tag.',
  trimmed: 'Video trimmed successfully',
  trimFailed: 'Failed to trim video',
  cancelled: 'Export cancelled',
  notAVideo: 'Choose a video: this file is an image.',
  jobNotFound: 'This export is not known (it may have finished more than an hour ago).',
  tooManyJobs: (limit: number) => `You already have ${limit} exports running. Wait for one to finish.`,
  endBeforeStart: 'The end must come after the start.',
  pastDuration: (seconds: number) => `The video is only ${formatSeconds(seconds)} long.`,
  fastNeedsSameCodecs: (format: string) =>
    `Fast mode copies the original streams, which a ${format.toUpperCase()} file cannot hold. Choose the accurate mode or another format.`,
  fastCannotCrop: 'Cropping re-encodes the video: choose the accurate mode to crop.',
  fastCannotWatermark: 'A watermark re-encodes the video: choose the accurate mode to add one.',
  draftCreated: 'Draft created with your video',
  draftFailed: 'Could not create the draft',
  exportTooLarge: (limit: string) =>
    `The exported file would be larger than ${limit}, what your plan allows (its file size limit or the storage left).`,
  noSound: 'This video has no sound: there is no waveform to show.',
  timelineFailed: 'The timeline pictures could not be made for this video.',
  // The edit list's and the overlays' (defined beside their schemas, which this module imports).
  ...EDIT_LIST_MESSAGES,
  ...OVERLAY_MESSAGES,
  ...CAPTION_MESSAGES,
} as const;

export const EXPORT_FORMATS = ['mp4', 'mov', 'webm'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MIME_TYPES: Record<ExportFormat, 'video/mp4' | 'video/quicktime' | 'video/webm'> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/** accurate: re-encode, cut within one frame. fast: copy the streams, cut on the keyframe at or before the start. */
export const TRIM_MODES = ['accurate', 'fast'] as const;
export type TrimMode = (typeof TRIM_MODES)[number];

export const CROP_ASPECTS = ['original', '16:9', '9:16', '1:1', '4:5'] as const;
export type CropAspect = (typeof CROP_ASPECTS)[number];

/** "1:05.5" for 65.5 seconds. */
export function formatSeconds(seconds: number): string {
  const whole = Math.floor(seconds);
  const fraction = Math.round((seconds - whole) * 10) / 10;
  const tenths = fraction > 0 && fraction < 1 ? `.${Math.round(fraction * 10)}` : '';
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}${tenths}`;
}

/** The longest URL accepted (a signed CDN link can be long). */
const MAX_URL_LENGTH = 2048;

export const importVideoSchema = z.object({
  url: z.string().trim().min(1, VIDEO_EDITOR_MESSAGES.urlRequired).max(MAX_URL_LENGTH),
});
export type ImportVideo = z.infer<typeof importVideoSchema>;

const seconds = z
  .number()
  .min(0)
  .max(24 * 60 * 60);

export const startExportSchema = z
  .object({
    mediaId: z.string().min(1).max(64),
    start: seconds,
    end: seconds,
    format: z.enum(EXPORT_FORMATS),
    mode: z.enum(TRIM_MODES).default('accurate'),
    crop: z.enum(CROP_ASPECTS).default('original'),
    /**
     * Where the crop's frame sits along the one side the picture is larger than it (a frame of another aspect
     * always takes the whole of the other side): 0 at the left (or top), 1 at the right (or bottom), 0.5 centred.
     */
    cropPosition: z.number().min(0).max(1).default(0.5),
    /**
     * The kept sections (docs/decisions/0038), between `start` and `end`; absent means the one section from
     * `start` to `end`, as before the edit list existed.
     */
    segments: editListSchema.optional(),
    /** Text drawn over the output (accurate mode only). */
    overlays: overlaysSchema.optional(),
    /** A subtitle file (.srt or .vtt) whose captions are burned in (accurate mode only). */
    captions: captionsFileSchema.optional(),
    /** A saved watermark laid over the clip in the same encode (docs/watermarks.md; accurate mode only). */
    watermarkId: z.string().min(1).max(64).nullable().default(null),
  })
  .refine((input) => input.end > input.start, {
    message: VIDEO_EDITOR_MESSAGES.endBeforeStart,
    path: ['end'],
  })
  .refine((input) => input.mode === 'accurate' || input.crop === 'original', {
    message: VIDEO_EDITOR_MESSAGES.fastCannotCrop,
    path: ['crop'],
  })
  .refine(
    (input) =>
      !input.segments ||
      ((sourceSpan(input.segments)?.start ?? input.start) >= input.start - 0.001 &&
        (sourceSpan(input.segments)?.end ?? input.end) <= input.end + 0.001),
    { message: EDIT_LIST_MESSAGES.segmentsOutsideTrim, path: ['segments'] },
  )
  .refine((input) => input.mode === 'accurate' || !input.segments || input.segments.length === 1, {
    message: EDIT_LIST_MESSAGES.fastOneSegment,
    path: ['segments'],
  })
  .refine((input) => input.mode === 'accurate' || (!input.overlays?.length && !input.captions), {
    message: OVERLAY_MESSAGES.fastCannotOverlay,
    path: ['overlays'],
  })
  .refine((input) => input.mode === 'accurate' || !input.watermarkId, {
    message: VIDEO_EDITOR_MESSAGES.fastCannotWatermark,
    path: ['watermarkId'],
  });
export type StartExport = z.input<typeof startExportSchema>;

export const EXPORT_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

export const exportJobSchema = z.object({
  id: z.string(),
  mediaId: z.string(),
  status: z.enum(EXPORT_JOB_STATUSES),
  /** 0 to 1, from ffmpeg's `-progress` output time over the trimmed duration. */
  progress: z.number().min(0).max(1),
  format: z.enum(EXPORT_FORMATS),
  mode: z.enum(TRIM_MODES),
  crop: z.enum(CROP_ASPECTS),
  start: z.number(),
  end: z.number(),
  /** The kept sections, in order (one from `start` to `end` for a plain trim). */
  segments: z.array(z.object({ start: z.number(), end: z.number() })),
  /** How many text overlays are drawn. */
  overlayCount: z.number().int().min(0),
  /** How many captions are burned in (0 without a subtitle file). */
  captionCount: z.number().int().min(0),
  /** The exported file in the media library, once the job succeeded. */
  result: mediaItemSchema.nullable(),
  /** Why it failed, for the user. */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

/**
 * The platforms of the draft an export is sent to the composer as (the user changes them there): a vertical
 * cut goes to the short-video networks, anything else to YouTube.
 */
export function draftPlatformsFor(crop: CropAspect): ('tiktok' | 'instagram' | 'youtube')[] {
  return crop === '9:16' ? ['tiktok', 'instagram', 'youtube'] : ['youtube'];
}

/**
 * How the platforms that show videos full screen want them framed (docs/video.md, "Aspect"): Instagram
 * publishes every video as a Reel and recommends 9:16 (a wider one shows with bars); TikTok takes 9:16 or 16:9
 * videos. Advice, not a refusal: both platforms accept the upload. The others take any frame.
 */
export const VIDEO_ASPECT_ADVICE: Partial<Record<PlatformId, readonly string[]>> = {
  instagram: ['9:16'],
  tiktok: ['9:16', '16:9'],
};

const NAMED_ASPECTS: readonly [string, number][] = [
  ['16:9', 16 / 9],
  ['9:16', 9 / 16],
  ['1:1', 1],
  ['4:5', 4 / 5],
  ['4:3', 4 / 3],
  ['3:4', 3 / 4],
];

/** The aspect of a width/height as people name it ("16:9"), or "W:H" rounded to two decimals ("2.35:1"). */
export function aspectName(width: number, height: number): string {
  const ratio = width / height;
  const named = NAMED_ASPECTS.find(([, value]) => Math.abs(ratio - value) / value < 0.02);
  if (named) return named[0];
  return ratio >= 1 ? `${Math.round(ratio * 100) / 100}:1` : `1:${Math.round((1 / ratio) * 100) / 100}`;
}

/** The frame an export will have: the crop's, or the source's own when it is not cropped (null if unknown). */
export function exportAspect(crop: CropAspect, source: { width: number; height: number }): string | null {
  if (crop !== 'original') return crop;
  return source.width > 0 && source.height > 0 ? aspectName(source.width, source.height) : null;
}

/**
 * What the chosen platforms would refuse about an export before it runs: its format and its duration (the
 * platforms' rules in platforms.ts, the composer's same messages), and a frame a platform advises against
 * (`VIDEO_ASPECT_ADVICE`). Size is not checked here: every plan's file-size limit is far below every platform's.
 */
export function exportWarnings(
  platforms: readonly PlatformId[],
  planned: { name: string; format: ExportFormat; durationSeconds: number; aspect?: string | null },
): PlatformIssue[] {
  const media = [
    {
      name: planned.name,
      mimeType: EXPORT_MIME_TYPES[planned.format],
      sizeBytes: 0,
      durationSeconds: planned.durationSeconds,
    },
  ];
  // One character of text: only the video's own problems are left.
  return platforms.flatMap((platform) => {
    const issues = checkPlatformRules(platform, '.', media);
    const advised = VIDEO_ASPECT_ADVICE[platform];
    if (advised && planned.aspect && !advised.includes(planned.aspect)) {
      issues.push({ platform, message: aspectAdvice(PLATFORMS[platform].name, advised, planned.aspect) });
    }
    return issues;
  });
}

function aspectAdvice(name: string, advised: readonly string[], aspect: string): string {
  return advised.length === 1
    ? `${name} shows videos at ${advised[0]}; this export is ${aspect} and will show with bars. Crop it to ${advised[0]}.`
    : `${name} takes videos at ${advised.join(' or ')}; this export is ${aspect}. Crop it to ${advised[0]}.`;
}

export function isFinished(status: ExportJobStatus): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'cancelled';
}

/** Where playback goes when the preview passes the trim's end: back to the start, paused (spec section 4). */
export function previewPositionAfter(
  currentTime: number,
  trim: { start: number; end: number },
): { seekTo: number; pause: true } | null {
  return currentTime >= trim.end ? { seekTo: trim.start, pause: true } : null;
}

/**
 * The trim inputs' bounds (spec section 5): start in [0, duration], end in [start, duration]. Values out of
 * range are clamped so the two inputs never contradict each other.
 */
export function clampTrim(
  trim: { start: number; end: number },
  duration: number,
): { start: number; end: number } {
  const start = Math.min(Math.max(0, trim.start), duration);
  const end = Math.min(Math.max(start, trim.end), duration);
  return { start, end };
}
