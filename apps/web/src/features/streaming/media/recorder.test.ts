import { describe, expect, it } from 'vitest';
import { pickRecorderMimeType, recorderOptions } from './recorder';

describe('pickRecorderMimeType', () => {
  it('prefers WebM with H.264 and Opus', () => {
    expect(pickRecorderMimeType(() => true)).toBe('video/webm;codecs=h264,opus');
  });

  it('falls back to VP8 when H.264 cannot be recorded', () => {
    expect(pickRecorderMimeType((type) => !type.includes('h264'))).toBe('video/webm;codecs=vp8,opus');
  });

  it('says so when the browser can record none of them', () => {
    expect(pickRecorderMimeType(() => false)).toBeNull();
  });
});

describe('recorderOptions', () => {
  it('asks for 2-second keyframes and the configured bitrate (the server copies the video as it is)', () => {
    expect(recorderOptions('video/webm;codecs=h264,opus', 4500)).toEqual({
      mimeType: 'video/webm;codecs=h264,opus',
      videoBitsPerSecond: 4_500_000,
      audioBitsPerSecond: 128_000,
      videoKeyFrameIntervalDuration: 2000,
    });
  });
});
