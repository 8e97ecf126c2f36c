import { z } from 'zod';
import { TRANSCRIPT_MESSAGES, transcriptSchema } from './clip-transcript';

/**
 * Clip highlights from the user's own videos (docs/decisions/0048-clip-highlights.md): the server
 * reads a library video once with ffmpeg (scene changes, loudness, silence per second) and suggests the clips
 * worth cutting, each with its score per signal so the user sees why it was chosen. Exporting a clip is the
 * video editor's export job (`POST /api/video-editor/exports`), not a second pipeline.
 */

export const CLIP_HIGHLIGHT_MESSAGES = {
  notAVideo: 'Choose a video to find highlights in: this file is an image.',
  tooLong: 'Highlights can be found in videos of up to 10 minutes. Trim this one in the video editor first.',
  analysisFailed:
    'This video could not be analysed. Try another file, or export it again from the video editor.',
  notAnalysed: 'This video has not been analysed yet. Choose "Find highlights" first.',
  unavailable: 'Video analysis is not available on this server (ffmpeg is missing).',
  busy: 'Other videos are being analysed right now. Try again in a minute.',
  ...TRANSCRIPT_MESSAGES,
  coverOutsideVideo: 'Choose a time inside the video for the cover image.',
  coverFailed: 'No cover image could be made at this time of the video. Try another scene.',
} as const;

/** The longest video analysed (seconds): the analysis runs while the request waits. */
export const MAX_ANALYSIS_SECONDS = 10 * 60;
/** At most this many clips are suggested. */
export const MAX_CLIPS = 5;
export const DEFAULT_CLIP_SECONDS = 30;
export const MIN_CLIP_SECONDS = 15;
export const MAX_CLIP_SECONDS = 60;

export const startAnalysisSchema = z.object({
  mediaId: z.string().trim().min(1).max(64),
  /** How long each suggested clip is (a shorter video gets shorter clips). */
  clipSeconds: z.number().int().min(MIN_CLIP_SECONDS).max(MAX_CLIP_SECONDS).default(DEFAULT_CLIP_SECONDS),
  /**
   * Also transcribe the speech (docs/decisions/0050-clip-transcript.md): slower (about a quarter of the video's
   * length), and the clips get a "speech" signal. Without it a transcript made before is kept and used.
   */
  transcribe: z.boolean().default(false),
});
export type StartAnalysis = z.infer<typeof startAnalysisSchema>;

export const analysisParamsSchema = z.object({ mediaId: z.string().trim().min(1).max(64) });

const unit = z.number().min(0).max(1);

/** Why a clip was chosen: each signal's share, 0 (none) to 1 (the most in this video). */
export const clipSignalsSchema = z.object({
  /** How far its loudness rises above the video's median. */
  loudness: unit,
  /** How many (and how strong) scene changes it holds. */
  scenes: unit,
  /** How much of it is silent (counts against it). */
  silence: unit,
  /** How many words a second are spoken in it (against the wordiest window); only when there is a transcript. */
  speech: unit.optional(),
});
export type ClipSignals = z.infer<typeof clipSignalsSchema>;

export const suggestedClipSchema = z.object({
  start: z.number().min(0),
  end: z.number().min(0),
  score: unit,
  signals: clipSignalsSchema,
  /** Where across the picture the movement is, on average over the clip: 0 at the left, 1 at the right. */
  activityCentre: unit,
  /** One line in English built from the signals (the web shows its own translated labels beside it). */
  reason: z.string(),
});
export type SuggestedClip = z.infer<typeof suggestedClipSchema>;

export const clipAnalysisSchema = z.object({
  mediaId: z.string(),
  durationSeconds: z.number().min(0),
  clipSeconds: z.number(),
  /** The strongest scene changes found (seconds, score 0–1), at most 50, in time order. */
  sceneChanges: z.array(z.object({ time: z.number(), score: unit })),
  clips: z.array(suggestedClipSchema),
  /** The video's speech, once transcribed (kept when the video is analysed again). */
  transcript: transcriptSchema.optional(),
  createdAt: z.string(),
});
export type ClipAnalysis = z.infer<typeof clipAnalysisSchema>;

/**
 * The video editor's `cropPosition` (0 to 1 along the side with room) that centres a crop of `aspect` on the
 * activity's horizontal centre (0 to 1) of a `width`×`height` picture; 0.5 when the crop takes the whole width.
 */
export function cropPositionFor(
  centre: number,
  width: number,
  height: number,
  aspect: [number, number],
): number {
  const share = (height * aspect[0]) / aspect[1] / width;
  if (!(share > 0) || share >= 1) return 0.5;
  const position = (centre - share / 2) / (1 - share);
  return Math.round(Math.min(1, Math.max(0, position)) * 1000) / 1000;
}

/**
 * A stream's recording is analysed in the background once it is kept (docs/decisions/0049-stream-clips.md):
 * no request waits, so recordings up to 3 hours are read (the request route keeps its 10-minute cap).
 */
export const MAX_BACKGROUND_ANALYSIS_SECONDS = 3 * 60 * 60;
/** A background analysis queued or running for longer than this is reported as failed (its process died). */
export const STALE_BACKGROUND_ANALYSIS_MINUTES = 120;

export const STREAM_HIGHLIGHT_MESSAGES = {
  noRecording: 'This stream has no recording in the media library, so no clips can be suggested.',
  recordingTooLong: 'Highlights can be found in recordings of up to 3 hours.',
} as const;

/**
 * Where a stream's suggested clips stand: `no-recording` (none kept, or it was deleted), `not-analysed`,
 * `queued` / `analysing` (in the background), `done` (with the analysis), `failed`.
 */
export const streamHighlightsStatusSchema = z.enum([
  'no-recording',
  'not-analysed',
  'queued',
  'analysing',
  'done',
  'failed',
]);
export type StreamHighlightsStatus = z.infer<typeof streamHighlightsStatusSchema>;

export const streamHighlightsSchema = z.object({
  status: streamHighlightsStatusSchema,
  recordingMediaId: z.string().nullable(),
  recordingSeconds: z.number().nullable(),
  analysis: clipAnalysisSchema.nullable(),
});
export type StreamHighlights = z.infer<typeof streamHighlightsSchema>;

/**
 * A cover image from a scene change (docs/decisions/0051-video-bench-and-scene-covers.md): `POST
 * /api/clips/analyses/:mediaId/covers` with the scene change's `time` stores the frame there as a JPEG image in
 * the media library, at the video's own size.
 */
export const sceneCoverSchema = z.object({
  time: z
    .number()
    .min(0)
    .max(MAX_BACKGROUND_ANALYSIS_SECONDS + 1),
});
export type SceneCover = z.infer<typeof sceneCoverSchema>;

/**
 * A scene change's `time` is the second the cut was found in (the analysis reads 5 frames a second, each
 * compared with the one before, so the cut lies at most 0.8 s into that second): the frame 0.9 s in is the first
 * scene's picture after the cut, and never past the video's last frame.
 */
export function sceneFrameTime(time: number, durationSeconds: number): number {
  const frame = Math.min(time + 0.9, Math.max(0, durationSeconds - 0.1));
  return Math.round(Math.max(0, frame) * 1000) / 1000;
}

/** How many scene changes the cover strip offers (the strongest, shown in time order). */
export const MAX_COVER_CHOICES = 8;

/** The strongest `MAX_COVER_CHOICES` scene changes, in time order. */
export function coverChoices(sceneChanges: ClipAnalysis['sceneChanges']): ClipAnalysis['sceneChanges'] {
  return [...sceneChanges]
    .sort((a, b) => b.score - a.score || a.time - b.time)
    .slice(0, MAX_COVER_CHOICES)
    .sort((a, b) => a.time - b.time);
}
