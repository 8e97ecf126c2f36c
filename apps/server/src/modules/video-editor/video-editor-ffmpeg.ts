import type { CropAspect, ExportFormat, TrimMode } from '@relaycast/shared/video-editor';
import type { Segment } from '@relaycast/shared/video-editor-edit-list';
import { CROP_RATIOS, type FrameSize } from '@relaycast/shared/video-editor-text-layout';
import { type WatermarkPlacement, watermarkFilter } from '../watermarks/watermark-ffmpeg';
import { captionsFilter, overlayFilters, type PlannedOverlay } from './video-editor-text';

/**
 * The ffmpeg command lines of the video editor (docs/video.md), written as argv (no shell, no fluent-ffmpeg:
 * docs/decisions/0028). Pure functions, so the exact arguments are tested without running ffmpeg.
 */

export interface ExportPlan {
  input: string;
  output: string;
  start: number;
  end: number;
  format: ExportFormat;
  mode: TrimMode;
  crop: CropAspect;
  /** Where the frame sits along the side with room to move (0 to 1; centred when absent). */
  cropPosition?: number;
  /**
   * The kept sections between `start` and `end` (docs/decisions/0038). One section (or none given) is a plain
   * trim; several are cut and joined in one filter graph (accurate mode only).
   */
  segments?: readonly Segment[];
  /** Whether the source has an audio stream (the filter graph joins audio only when there is some). */
  hasAudio?: boolean;
  /** Text to draw, each read from its own file (never inline in the filter), over output times. */
  overlays?: readonly PlannedOverlay[];
  /** An SRT file of captions to burn in (libass `subtitles`), over output times. */
  captionsFile?: string | null;
  /** ffmpeg stops writing at this many bytes (`-fs`): the plan's file-size limit or the storage left. */
  maxBytes: number;
  /**
   * A saved watermark laid over the finished picture (after the crop, captions and text) in the same encode:
   * its image file and placement (docs/watermarks.md). Accurate mode only.
   */
  watermark?: { file: string; placement: WatermarkPlacement } | null;
}

/** The picture filters after the cut: the crop, the captions, then the text. Null when there are none. */
function pictureFilters(plan: ExportPlan): string | null {
  const captions = plan.captionsFile ? captionsFilter(plan.captionsFile) : null;
  const filters = [
    cropFilter(plan.crop, plan.cropPosition),
    captions,
    ...overlayFilters(plan.overlays ?? []),
  ].filter((filter): filter is string => filter !== null);
  return filters.length > 0 ? filters.join(',') : null;
}

/** Codecs each container can hold when the streams are copied unchanged (fast mode). */
const COPYABLE_CODECS: Record<ExportFormat, ReadonlySet<string>> = {
  mp4: new Set(['h264', 'hevc', 'av1', 'mpeg4', 'aac', 'mp3', 'opus', 'ac3', 'alac', 'flac']),
  mov: new Set(['h264', 'hevc', 'mpeg4', 'prores', 'mjpeg', 'aac', 'mp3', 'alac', 'pcm_s16le', 'ac3']),
  webm: new Set(['vp8', 'vp9', 'av1', 'opus', 'vorbis']),
};

/** Whether fast mode (stream copy) can write these source codecs into the chosen container. */
export function canStreamCopy(codecs: readonly string[], format: ExportFormat): boolean {
  return codecs.length > 0 && codecs.every((codec) => COPYABLE_CODECS[format].has(codec));
}

/**
 * The largest frame of the chosen aspect inside the picture, with even sides (yuv420p needs them): a 1920×1080
 * source cropped to 9:16 gives 606×1080 (`croppedSize` in packages/shared/src/video-editor-text-layout.ts computes
 * the same), from x = 657 centred. `position` (0 to 1) moves it along the side with
 * room to spare, the user's frame on the preview; the other offset is 0 whatever it is.
 */
export function cropFilter(crop: CropAspect, position = 0.5): string | null {
  if (crop === 'original') return null;
  const [w, h] = CROP_RATIOS[crop];
  const width = `floor(min(iw\\,ih*${w}/${h})/2)*2`;
  const height = `floor(min(ih\\,iw*${h}/${w})/2)*2`;
  // crop centres the frame by default ((iw-ow)/2, (ih-oh)/2).
  if (position === 0.5) return `crop=${width}:${height}`;
  const at = Math.min(1, Math.max(0, position)).toFixed(4);
  return `crop=${width}:${height}:(iw-ow)*${at}:(ih-oh)*${at}`;
}

/** x264 veryfast/CRF 23 with AAC: MP4 and MOV carry the same streams. */
const H264_AAC = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
  '-c:a',
  'aac',
  '-b:a',
  '128k',
];

const ENCODERS: Record<ExportFormat, string[]> = {
  // x264 veryfast/CRF 23: a good file at several times real time on two cores.
  mp4: H264_AAC,
  // The same H.264/AAC streams in a QuickTime container.
  mov: H264_AAC,
  // VP9 in realtime mode with row threading: the only VP9 setting fast enough here; Opus is WebM's audio.
  webm: [
    '-c:v',
    'libvpx-vp9',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-row-mt',
    '1',
    '-b:v',
    '0',
    '-crf',
    '32',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'libopus',
    '-b:a',
    '96k',
  ],
};

const MUXERS: Record<ExportFormat, string[]> = {
  mp4: ['-movflags', '+faststart', '-f', 'mp4'],
  mov: ['-movflags', '+faststart', '-f', 'mov'],
  webm: ['-f', 'webm'],
};

/** Seconds as ffmpeg reads them, to the millisecond. */
function secondsArg(seconds: number): string {
  return (Math.round(seconds * 1000) / 1000).toFixed(3);
}

/**
 * The export command. Both modes seek before `-i` (fast, it skips decoding what comes before the start).
 * Re-encoding, ffmpeg then decodes from the keyframe before the start and drops frames until the start:
 * the cut is exact to the frame. Copying, the output starts at that keyframe instead (`-avoid_negative_ts
 * make_zero` shifts its timestamps to begin at zero), so a fast cut may begin up to one GOP early.
 */
export function exportArgs(plan: ExportPlan): string[] {
  // A watermark is a second input: the filter graph of the join carries it, for one section too.
  if ((plan.segments && plan.segments.length > 1) || plan.watermark)
    return joinArgs(plan, plan.segments ?? [{ start: plan.start, end: plan.end }]);
  const { start, end } = plan.segments?.[0] ?? plan;
  const duration = Math.max(0, end - start);
  const picture = pictureFilters(plan);
  const codec =
    plan.mode === 'fast'
      ? ['-c', 'copy', '-avoid_negative_ts', 'make_zero']
      : [...(picture ? ['-vf', picture] : []), ...ENCODERS[plan.format]];
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    '-ss',
    secondsArg(start),
    '-i',
    plan.input,
    '-t',
    secondsArg(duration),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-map_metadata',
    '-1',
    ...codec,
    '-fs',
    String(plan.maxBytes),
    '-progress',
    'pipe:1',
    '-nostats',
    ...MUXERS[plan.format],
    plan.output,
  ];
}

/**
 * The filter graph that keeps several sections and joins them: each section is cut from the decoded source
 * with trim/atrim (exact to the frame, timestamps restarted at zero), then concat plays them one after another
 * and the crop applies to the joined picture. The whole source is decoded once; nothing is written in between.
 */
export function joinFilter(
  segments: readonly Segment[],
  hasAudio: boolean,
  picture: string | null,
  mark: WatermarkPlacement | null = null,
): string {
  const parts = segments.flatMap((segment, index) => {
    const range = `start=${secondsArg(segment.start)}:end=${secondsArg(segment.end)}`;
    const video = `[0:v:0]trim=${range},setpts=PTS-STARTPTS[v${index}]`;
    return hasAudio ? [video, `[0:a:0]atrim=${range},asetpts=PTS-STARTPTS[a${index}]`] : [video];
  });
  const inputs = segments.map((_, index) => (hasAudio ? `[v${index}][a${index}]` : `[v${index}]`)).join('');
  // With a watermark, the cut picture is `[unmarked]` and the mark (input 1) is laid on it last.
  const last = mark ? '[unmarked]' : '[vout]';
  const joined = `${inputs}concat=n=${segments.length}:v=1:a=${hasAudio ? 1 : 0}${picture ? '[joined]' : last}${hasAudio ? '[aout]' : ''}`;
  const marked = mark ? [watermarkFilter(mark, 'video', { media: last, mark: '[1:v]', out: '[vout]' })] : [];
  return [...parts, joined, ...(picture ? [`[joined]${picture}${last}`] : []), ...marked].join(';');
}

function joinArgs(plan: ExportPlan, segments: readonly Segment[]): string[] {
  const hasAudio = plan.hasAudio ?? false;
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    '-i',
    plan.input,
    // The still mark repeats for every frame; `shortest=1` on its overlay ends with the cut.
    ...(plan.watermark ? ['-loop', '1', '-i', plan.watermark.file] : []),
    '-filter_complex',
    joinFilter(segments, hasAudio, pictureFilters(plan), plan.watermark?.placement ?? null),
    '-map',
    '[vout]',
    ...(hasAudio ? ['-map', '[aout]'] : []),
    '-map_metadata',
    '-1',
    ...ENCODERS[plan.format],
    '-fs',
    String(plan.maxBytes),
    '-progress',
    'pipe:1',
    '-nostats',
    ...MUXERS[plan.format],
    plan.output,
  ];
}

/** The arguments of an ffprobe run that lists the codec (and a picture's size) of every video and audio stream. */
export function codecProbeArgs(file: string): string[] {
  return ['-v', 'error', '-show_entries', 'stream=codec_name,codec_type,width,height', '-of', 'json', file];
}

/** The first video stream's size in pixels, or null when the probe found none. */
export function videoSizeOf(json: string): FrameSize | null {
  const output = JSON.parse(json) as { streams?: { codec_type?: string; width?: number; height?: number }[] };
  const video = (output.streams ?? []).find((stream) => stream.codec_type === 'video');
  return video?.width && video.height ? { width: video.width, height: video.height } : null;
}

export function hasAudioStream(json: string): boolean {
  const output = JSON.parse(json) as { streams?: { codec_type?: string }[] };
  return (output.streams ?? []).some((stream) => stream.codec_type === 'audio');
}

export function parseCodecs(json: string): string[] {
  const output = JSON.parse(json) as { streams?: { codec_name?: string; codec_type?: string }[] };
  return (output.streams ?? [])
    .filter((stream) => stream.codec_type === 'video' || stream.codec_type === 'audio')
    .map((stream) => stream.codec_name ?? 'unknown');
}
