import { describe, expect, it } from 'vitest';
import {
  aspectName,
  clampTrim,
  draftPlatformsFor,
  exportAspect,
  exportWarnings,
  formatSeconds,
  importVideoSchema,
  previewPositionAfter,
  startExportSchema,
  VIDEO_EDITOR_MESSAGES,
} from './video-editor';

describe('video editor rules', () => {
  it('keeps the trim inside the video: start in [0, duration], end in [start, duration]', () => {
    expect(clampTrim({ start: -3, end: 50 }, 12)).toEqual({ start: 0, end: 12 });
    expect(clampTrim({ start: 8, end: 5 }, 12)).toEqual({ start: 8, end: 8 });
    expect(clampTrim({ start: 20, end: 30 }, 12)).toEqual({ start: 12, end: 12 });
    expect(clampTrim({ start: 2, end: 7 }, 12)).toEqual({ start: 2, end: 7 });
  });

  it('sends the preview back to the start, paused, once it passes the end', () => {
    expect(previewPositionAfter(4.99, { start: 2, end: 5 })).toBeNull();
    expect(previewPositionAfter(5, { start: 2, end: 5 })).toEqual({ seekTo: 2, pause: true });
    expect(previewPositionAfter(7, { start: 2, end: 5 })).toEqual({ seekTo: 2, pause: true });
  });

  it('drafts a vertical cut for the short-video networks and anything else for YouTube', () => {
    expect(draftPlatformsFor('9:16')).toEqual(['tiktok', 'instagram', 'youtube']);
    expect(draftPlatformsFor('original')).toEqual(['youtube']);
    expect(draftPlatformsFor('1:1')).toEqual(['youtube']);
  });

  it("warns about the chosen platforms' formats and durations before an export", () => {
    expect(
      exportWarnings(['youtube', 'tiktok'], { name: 'cut.webm', format: 'webm', durationSeconds: 30 }),
    ).toEqual([]);
    expect(
      exportWarnings(['instagram', 'tiktok'], { name: 'cut.webm', format: 'webm', durationSeconds: 2 }).map(
        (issue) => issue.message,
      ),
    ).toEqual([
      'Instagram takes videos as MP4, MOV; "cut.webm" is WebM.',
      'Instagram needs videos of at least 3 seconds; "cut.webm" lasts 2 seconds.',
      'TikTok needs videos of at least 3 seconds; "cut.webm" lasts 2 seconds.',
    ]);
    expect(
      exportWarnings(['twitter'], { name: 'cut.mp4', format: 'mp4', durationSeconds: 200 }).map(
        (issue) => issue.message,
      ),
    ).toEqual(['X (Twitter) takes videos up to 140 seconds; "cut.mp4" lasts 200 seconds.']);
  });

  it("names an export's frame: the crop's, else the source's own", () => {
    expect(exportAspect('9:16', { width: 1920, height: 1080 })).toBe('9:16');
    expect(exportAspect('original', { width: 1920, height: 1080 })).toBe('16:9');
    expect(exportAspect('original', { width: 1280, height: 718 })).toBe('16:9');
    expect(exportAspect('original', { width: 0, height: 0 })).toBeNull();
    expect(aspectName(640, 480)).toBe('4:3');
    expect(aspectName(2350, 1000)).toBe('2.35:1');
    expect(aspectName(1000, 2500)).toBe('1:2.5');
  });

  it('advises the frame Instagram and TikTok show videos in, and nothing for the other platforms', () => {
    const planned = { name: 'cut.mp4', format: 'mp4' as const, durationSeconds: 30 };
    expect(exportWarnings(['instagram', 'tiktok', 'youtube'], { ...planned, aspect: '9:16' })).toEqual([]);
    expect(
      exportWarnings(['instagram', 'tiktok', 'youtube', 'twitter'], { ...planned, aspect: '16:9' }).map(
        (issue) => issue.message,
      ),
    ).toEqual([
      'Instagram shows videos at 9:16; this export is 16:9 and will show with bars. Crop it to 9:16.',
    ]);
    expect(exportWarnings(['tiktok'], { ...planned, aspect: '1:1' }).map((issue) => issue.message)).toEqual([
      'TikTok takes videos at 9:16 or 16:9; this export is 1:1. Crop it to 9:16.',
    ]);
    // An unknown frame (the player has not read the size yet) gives no advice.
    expect(exportWarnings(['instagram'], { ...planned, aspect: null })).toEqual([]);
  });

  it('writes times as minutes and seconds', () => {
    expect(formatSeconds(0)).toBe('0:00');
    expect(formatSeconds(65.5)).toBe('1:05.5');
    expect(formatSeconds(3.7)).toBe('0:03.7');
  });

  it('gives the spec message for an empty URL and checks an export request', () => {
    expect(importVideoSchema.safeParse({ url: '   ' }).error?.issues[0]?.message).toBe(
      VIDEO_EDITOR_MESSAGES.urlRequired,
    );
    const parsed = startExportSchema.parse({ mediaId: 'm', start: 0, end: 2, format: 'mp4' });
    expect(parsed).toMatchObject({ mode: 'accurate', crop: 'original' });
    expect(
      startExportSchema.safeParse({ mediaId: 'm', start: 2, end: 2, format: 'mp4' }).error?.issues[0]
        ?.message,
    ).toBe(VIDEO_EDITOR_MESSAGES.endBeforeStart);
    expect(startExportSchema.safeParse({ mediaId: 'm', start: 0, end: 2, format: 'avi' }).success).toBe(
      false,
    );
  });
});

describe('an export of an edit list', () => {
  const base = { mediaId: 'm', start: 1, end: 8, format: 'mp4' };
  const segments = [
    { start: 1, end: 3 },
    { start: 5, end: 8 },
  ];

  it('takes kept sections between the start and the end', () => {
    expect(startExportSchema.parse({ ...base, segments }).segments).toEqual(segments);
    expect(startExportSchema.parse(base).segments).toBeUndefined();
  });

  it('refuses sections outside the trim, and several sections in fast mode', () => {
    const message = (value: unknown) => startExportSchema.safeParse(value).error?.issues[0]?.message;
    expect(message({ ...base, end: 6, segments })).toBe(VIDEO_EDITOR_MESSAGES.segmentsOutsideTrim);
    expect(message({ ...base, mode: 'fast', segments })).toBe(VIDEO_EDITOR_MESSAGES.fastOneSegment);
    expect(startExportSchema.safeParse({ ...base, mode: 'fast', segments: [segments[1]] }).success).toBe(
      true,
    );
    // Moved sections play in the list's order; they still may not share a moment of the source.
    expect(startExportSchema.safeParse({ ...base, segments: [segments[1], segments[0]] }).success).toBe(true);
    expect(
      message({
        ...base,
        segments: [segments[1], { start: segments[0]!.start, end: segments[1]!.start + 0.5 }],
      }),
    ).toBe(VIDEO_EDITOR_MESSAGES.segmentsOverlap);
  });
});
