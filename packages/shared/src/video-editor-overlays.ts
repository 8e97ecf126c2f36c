import { z } from 'zod';

/**
 * Text drawn over the exported picture (docs/decisions/0038): a line or two of text at the top, the
 * centre or the bottom, from one time of the output to another (times of the edited video, after the deleted
 * sections are gone). Part of the edit, so undo and redo cover it; the server draws it with ffmpeg `drawtext`
 * from a temporary text file, so no character of the text is ever read as filter syntax.
 */

export const OVERLAY_MESSAGES = {
  overlayTextRequired: 'Write the text to show.',
  overlayTextTooLong: (limit: number) => `Text overlays can be at most ${limit} characters.`,
  overlayEndBeforeStart: 'A text overlay must end after it starts.',
  tooManyOverlays: (limit: number) => `An export can have at most ${limit} text overlays.`,
  fastCannotOverlay:
    'Text is drawn onto the picture, which re-encodes it: choose the accurate mode to add text.',
} as const;

export const OVERLAY_POSITIONS = ['top', 'center', 'bottom'] as const;
export type OverlayPosition = (typeof OVERLAY_POSITIONS)[number];

export const MAX_OVERLAYS = 10;
export const MAX_OVERLAY_TEXT = 200;

const seconds = z
  .number()
  .min(0)
  .max(24 * 60 * 60);

export const textOverlaySchema = z
  .object({
    text: z
      .string()
      .trim()
      .min(1, OVERLAY_MESSAGES.overlayTextRequired)
      .max(MAX_OVERLAY_TEXT, OVERLAY_MESSAGES.overlayTextTooLong(MAX_OVERLAY_TEXT))
      // Control characters other than a line break would be drawn as boxes or break the line layout.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point.
      .regex(/^[^\u0000-\u0009\u000b-\u001f\u007f]*$/, OVERLAY_MESSAGES.overlayTextRequired),
    position: z.enum(OVERLAY_POSITIONS),
    /** Seconds of the output. */
    start: seconds,
    end: seconds,
  })
  .refine((overlay) => overlay.end > overlay.start, {
    message: OVERLAY_MESSAGES.overlayEndBeforeStart,
    path: ['end'],
  });
export type TextOverlay = z.infer<typeof textOverlaySchema>;

export const overlaysSchema = z
  .array(textOverlaySchema)
  .max(MAX_OVERLAYS, OVERLAY_MESSAGES.tooManyOverlays(MAX_OVERLAYS));

/**
 * Captions from a subtitle file (.srt or .vtt), burned into the picture. The browser reads the file and shows
 * its cues; the export sends the file's text and the server parses it again with this same parser, so a file
 * the server refuses never starts a job.
 */
export const CAPTION_MESSAGES = {
  captionsWrongType: 'Choose a subtitle file: .srt or .vtt.',
  captionsTooLarge: (limit: string) => `The subtitle file is larger than ${limit}.`,
  captionsInvalid: (line: number) =>
    `This subtitle file cannot be read (line ${line}): each caption needs a time like 00:00:01,000 --> 00:00:03,500 and some text.`,
  captionsEmpty: 'This subtitle file has no captions.',
  tooManyCaptions: (limit: number) => `A subtitle file can have at most ${limit} captions.`,
} as const;

export const CAPTION_FORMATS = ['srt', 'vtt'] as const;
export type CaptionFormat = (typeof CAPTION_FORMATS)[number];
export const MAX_CAPTIONS_BYTES = 256 * 1024;
export const MAX_CAPTION_CUES = 2000;

export interface CaptionCue {
  start: number;
  end: number;
  text: string;
}

export type ParsedCaptions = { ok: true; cues: CaptionCue[] } | { ok: false; message: string };

/** The format a file name says, or null for anything else. */
export function captionFormatOf(name: string): CaptionFormat | null {
  const extension = name.toLowerCase().split('.').at(-1);
  return extension === 'srt' || extension === 'vtt' ? extension : null;
}

/** "00:01:02,500" (SRT), "01:02.500" or "00:01:02.500" (WebVTT) as seconds; null when it is not a time. */
function timeOf(text: string): number | null {
  const match = /^(?:(\d{1,2}):)?(\d{2}):(\d{2})[,.](\d{3})$/.exec(text.trim());
  if (!match) return null;
  const [, hours, minutes, secs, millis] = match;
  if (Number(minutes) > 59 || Number(secs) > 59) return null;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000;
}

/**
 * Parses SRT or WebVTT into cues (times in seconds of the output, text without markup tags). Strict on times
 * (each cue's start before its end), lenient on numbering and WebVTT cue settings; refuses with the line of the
 * first cue it cannot read.
 */
export function parseCaptions(text: string, format: CaptionFormat): ParsedCaptions {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let index = 0;
  if (format === 'vtt') {
    if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) {
      return { ok: false, message: CAPTION_MESSAGES.captionsInvalid(1) };
    }
    // The header block (and any NOTE, STYLE or REGION block) ends at the first blank line.
    while (index < lines.length && lines[index]!.trim() !== '') index += 1;
  }
  const cues: CaptionCue[] = [];
  while (index < lines.length) {
    while (index < lines.length && lines[index]!.trim() === '') index += 1;
    if (index >= lines.length) break;
    const blockStart = index;
    const block: string[] = [];
    while (index < lines.length && lines[index]!.trim() !== '') block.push(lines[index++]!);
    if (format === 'vtt' && /^(NOTE|STYLE|REGION)(\s|$)/.test(block[0]!)) continue;
    const timingAt = block.findIndex((line) => line.includes('-->'));
    // A cue is an optional identifier, the timing line, then text.
    if (timingAt < 0 || timingAt > 1)
      return { ok: false, message: CAPTION_MESSAGES.captionsInvalid(blockStart + 1) };
    const [from, rest = ''] = block[timingAt]!.split('-->');
    const start = timeOf(from ?? '');
    const end = timeOf(rest.trim().split(/\s+/)[0] ?? '');
    const cueText = block
      .slice(timingAt + 1)
      .join('\n')
      // `[^<>]`, not `[^>]`: a run of "<" with no ">" is read once, not once from each "<".
      .replace(/<[^<>]*>/g, '')
      .trim();
    if (start === null || end === null || end <= start || cueText === '') {
      return { ok: false, message: CAPTION_MESSAGES.captionsInvalid(blockStart + timingAt + 1) };
    }
    cues.push({ start, end, text: cueText });
    if (cues.length > MAX_CAPTION_CUES) {
      return { ok: false, message: CAPTION_MESSAGES.tooManyCaptions(MAX_CAPTION_CUES) };
    }
  }
  if (cues.length === 0) return { ok: false, message: CAPTION_MESSAGES.captionsEmpty };
  return { ok: true, cues };
}

/** The captions an export burns in: the subtitle file as the user chose it. */
export const captionsFileSchema = z.object({
  name: z.string().trim().min(1).max(255),
  text: z.string().max(MAX_CAPTIONS_BYTES, CAPTION_MESSAGES.captionsTooLarge('256 KB')),
});
export type CaptionsFile = z.infer<typeof captionsFileSchema>;

/** The cues of a subtitle file, or why it is refused. */
export function readCaptionsFile(file: CaptionsFile): ParsedCaptions {
  const format = captionFormatOf(file.name);
  if (!format) return { ok: false, message: CAPTION_MESSAGES.captionsWrongType };
  return parseCaptions(file.text, format);
}

/** Cues as SRT, the form the server hands to ffmpeg's `subtitles` filter. */
export function toSrt(cues: readonly CaptionCue[]): string {
  const stamp = (seconds: number) => {
    const millis = Math.round(seconds * 1000);
    const pad = (value: number, width = 2) => String(value).padStart(width, '0');
    return `${pad(Math.floor(millis / 3_600_000))}:${pad(Math.floor(millis / 60_000) % 60)}:${pad(Math.floor(millis / 1000) % 60)},${pad(millis % 1000, 3)}`;
  };
  return cues
    .map((cue, i) => `${i + 1}\n${stamp(cue.start)} --> ${stamp(cue.end)}\n${cue.text}\n`)
    .join('\n');
}
