import { describe, expect, it } from 'vitest';
import {
  CAPTION_MESSAGES,
  OVERLAY_MESSAGES,
  parseCaptions,
  readCaptionsFile,
  textOverlaySchema,
  toSrt,
} from './video-editor-overlays';

const SRT = `1
00:00:00,500 --> 00:00:01,500
Hello <i>there</i>

2
00:00:02,000 --> 00:00:03,250
Two
lines
`;

const VTT = `WEBVTT - a title

NOTE a comment

intro
00:00.500 --> 00:01.500 line:90%
Hello

00:00:02.000 --> 00:00:03.250
Again
`;

describe('text overlays', () => {
  it('takes text, a position and output times, and refuses empty or control characters', () => {
    expect(textOverlaySchema.parse({ text: ' Hi ', position: 'top', start: 0, end: 1 }).text).toBe('Hi');
    const message = (value: unknown) => textOverlaySchema.safeParse(value).error?.issues[0]?.message;
    expect(message({ text: '  ', position: 'top', start: 0, end: 1 })).toBe(
      OVERLAY_MESSAGES.overlayTextRequired,
    );
    expect(message({ text: 'a\u0007b', position: 'top', start: 0, end: 1 })).toBe(
      OVERLAY_MESSAGES.overlayTextRequired,
    );
    expect(message({ text: 'Hi', position: 'top', start: 2, end: 1 })).toBe(
      OVERLAY_MESSAGES.overlayEndBeforeStart,
    );
    expect(
      textOverlaySchema.safeParse({ text: 'two\nlines', position: 'center', start: 0, end: 1 }).success,
    ).toBe(true);
  });
});

describe('subtitle files', () => {
  it('reads SRT and WebVTT cues, without markup', () => {
    const cues = [
      { start: 0.5, end: 1.5, text: 'Hello there' },
      { start: 2, end: 3.25, text: 'Two\nlines' },
    ];
    expect(parseCaptions(SRT, 'srt')).toEqual({ ok: true, cues });
    expect(parseCaptions(SRT.replace(/\n/g, '\r\n'), 'srt')).toEqual({ ok: true, cues });
    expect(parseCaptions(VTT, 'vtt')).toEqual({
      ok: true,
      cues: [
        { start: 0.5, end: 1.5, text: 'Hello' },
        { start: 2, end: 3.25, text: 'Again' },
      ],
    });
  });

  it('drops tags in linear time, even from a cue of "<" with no ">"', () => {
    const text = `1\n00:00:00,000 --> 00:00:01,000\n<b>Hi</b> ${'<'.repeat(300_000)}\n`;
    const parsed = parseCaptions(text, 'srt');
    expect(parsed.ok && parsed.cues[0]?.text).toBe(`Hi ${'<'.repeat(300_000)}`);
  });

  it('refuses what it cannot read, saying where', () => {
    expect(parseCaptions('1\n00:00:02,000 --> 00:00:01,000\nBackwards\n', 'srt')).toEqual({
      ok: false,
      message: CAPTION_MESSAGES.captionsInvalid(2),
    });
    expect(parseCaptions('just some text\nand more', 'srt')).toEqual({
      ok: false,
      message: CAPTION_MESSAGES.captionsInvalid(1),
    });
    expect(parseCaptions('1\n00:00:01,000 --> 00:00:02,000\n\n', 'srt').ok).toBe(false);
    expect(parseCaptions(SRT, 'vtt')).toEqual({ ok: false, message: CAPTION_MESSAGES.captionsInvalid(1) });
    expect(parseCaptions('\n\n', 'srt')).toEqual({ ok: false, message: CAPTION_MESSAGES.captionsEmpty });
    expect(readCaptionsFile({ name: 'notes.txt', text: SRT })).toEqual({
      ok: false,
      message: CAPTION_MESSAGES.captionsWrongType,
    });
  });

  it('writes cues back as SRT that reads the same', () => {
    const parsed = parseCaptions(SRT, 'srt');
    if (!parsed.ok) throw new Error(parsed.message);
    expect(toSrt(parsed.cues).split('\n').slice(0, 3)).toEqual([
      '1',
      '00:00:00,500 --> 00:00:01,500',
      'Hello there',
    ]);
    expect(parseCaptions(toSrt(parsed.cues), 'srt')).toEqual(parsed);
  });
});
