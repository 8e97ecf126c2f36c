import { z } from 'zod';
import type { CaptionCue } from './video-editor-overlays';

/**
 * The transcript of a library video (docs/decisions/0050-clip-transcript.md): the words it speaks, in
 * utterances with their start and end (seconds of the video). The server makes it in a step of its own (speech
 * to text takes far longer than the highlight analysis) and keeps it with the video's analysis; the scorer turns
 * it into the clips' "speech" signal, and a clip's export burns in the utterances within the clip as captions.
 */

export const TRANSCRIPT_MESSAGES = {
  transcriptUnavailable:
    'Speech-to-text is not available on this server (the PocketSphinx English model is not installed).',
  transcriptFailed: 'The speech in this video could not be transcribed. Try again, or try another video.',
} as const;

/** Where a transcript came from: the server's own PocketSphinx (ffmpeg `asr`) or the AI provider's endpoint. */
export const TRANSCRIPT_SOURCES = ['local', 'ai'] as const;

export const utteranceSchema = z.object({
  start: z.number().min(0),
  end: z.number().min(0),
  text: z.string(),
});
export type Utterance = z.infer<typeof utteranceSchema>;

export const transcriptSchema = z.object({
  source: z.enum(TRANSCRIPT_SOURCES),
  /** Utterances in time order; empty when nothing was recognised. */
  utterances: z.array(utteranceSchema),
  createdAt: z.string(),
});
export type Transcript = z.infer<typeof transcriptSchema>;

/** At most this many words on screen at once: a longer utterance is shown in parts. */
export const MAX_CAPTION_WORDS = 7;

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * The captions of the clip from `clipStart` to `clipEnd`: the utterances that overlap it, cut into parts of at most
 * `MAX_CAPTION_WORDS` words (each part's time shared out by its letters), with times shifted to the clip's start
 * and kept within it. Parts entirely outside the clip are left out.
 */
export function clipCaptionCues(
  utterances: readonly Utterance[],
  clipStart: number,
  clipEnd: number,
): CaptionCue[] {
  const length = clipEnd - clipStart;
  const cues: CaptionCue[] = [];
  for (const utterance of utterances) {
    if (utterance.end <= clipStart || utterance.start >= clipEnd) continue;
    const words = utterance.text.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0 || utterance.end <= utterance.start) continue;
    const parts: string[][] = [];
    const count = Math.ceil(words.length / MAX_CAPTION_WORDS);
    const size = Math.ceil(words.length / count);
    for (let index = 0; index < words.length; index += size) parts.push(words.slice(index, index + size));
    const letters = words.join('').length;
    const duration = utterance.end - utterance.start;
    let at = utterance.start;
    for (const part of parts) {
      const partEnd = at + (duration * part.join('').length) / letters;
      const start = Math.max(0, at - clipStart);
      const end = Math.min(length, partEnd - clipStart);
      if (end - start >= 0.05) cues.push({ start: round(start), end: round(end), text: part.join(' ') });
      at = partEnd;
    }
  }
  return cues;
}
