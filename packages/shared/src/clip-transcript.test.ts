import { describe, expect, it } from 'vitest';
import { clipCaptionCues } from './clip-transcript';
import { parseCaptions, toSrt } from './video-editor-overlays';

describe('clipCaptionCues', () => {
  it('shifts the utterances within the clip to its start and cuts long ones into parts', () => {
    const utterances = [
      { start: 2, end: 4, text: 'before the clip' },
      { start: 9, end: 11, text: 'hello  world' },
      { start: 12, end: 20, text: 'one two three four five six seven eight nine ten' },
      { start: 38, end: 42, text: 'over the end' },
      { start: 50, end: 52, text: 'after' },
    ];
    const cues = clipCaptionCues(utterances, 10, 40);
    expect(cues).toEqual([
      // Cut at the clip's start.
      { start: 0, end: 1, text: 'hello world' },
      // Ten words: two parts of five, the time shared by their letters (19 and 20 of 39).
      { start: 2, end: 5.897, text: 'one two three four five' },
      { start: 5.897, end: 10, text: 'six seven eight nine ten' },
      // Cut at the clip's end (30 s long).
      { start: 28, end: 30, text: 'over the end' },
    ]);
    // The SRT the export sends reads back as the same cues.
    const parsed = parseCaptions(toSrt(cues), 'srt');
    expect(parsed).toEqual({ ok: true, cues });
    expect(toSrt(cues).split('\n').slice(0, 3)).toEqual([
      '1',
      '00:00:00,000 --> 00:00:01,000',
      'hello world',
    ]);
  });

  it('gives nothing for a clip without speech', () => {
    expect(clipCaptionCues([{ start: 0, end: 2, text: 'hi' }], 5, 20)).toEqual([]);
    expect(clipCaptionCues([{ start: 6, end: 8, text: '  ' }], 5, 20)).toEqual([]);
  });
});
