import { describe, expect, it } from 'vitest';
import { buildMediaIngestArgs } from './ffmpeg-args';
import { mediaProgressOf } from './live-session';

const settings = { resolution: '720p', bitrateKbps: 3000, fps: 30, encoder: 'x264' } as const;
const valueAfter = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('pre-recorded stream ffmpeg arguments', () => {
  it('reads the file at real time, loops only when asked, and keeps 2 s keyframes', () => {
    const once = buildMediaIngestArgs(
      settings,
      { file: '/m/a.mp4', loop: false, hasAudio: true },
      'rtmp://r/live/m_x',
    );
    expect(once.indexOf('-re')).toBeLessThan(once.indexOf('-i'));
    expect(once).not.toContain('-stream_loop');
    expect(valueAfter(once, '-i')).toBe('/m/a.mp4');
    expect(valueAfter(once, '-g')).toBe('60');
    expect(valueAfter(once, '-keyint_min')).toBe('60');
    expect(once.at(-1)).toBe('rtmp://r/live/m_x');

    const looping = buildMediaIngestArgs(
      settings,
      { file: '/m/a.mp4', loop: true, hasAudio: true },
      'rtmp://r',
    );
    expect(valueAfter(looping, '-stream_loop')).toBe('-1');
    expect(looping.indexOf('-stream_loop')).toBeLessThan(looping.indexOf('-i'));
  });

  it('adds silence when the file has no audio, and ends with the video', () => {
    const args = buildMediaIngestArgs(
      settings,
      { file: '/m/a.mp4', loop: false, hasAudio: false },
      'rtmp://r',
    );
    expect(args).toContain('anullsrc=r=48000:cl=stereo');
    expect(args).toContain('1:a:0');
    expect(args).not.toContain('0:a:0?');
    expect(args).toContain('-shortest');
  });

  it('reports the position in the current pass and the passes finished', () => {
    const media = {
      mediaId: 'm',
      name: 'a.mp4',
      loop: true,
      durationSeconds: 10,
      file: '',
      tempFile: null,
      hasAudio: true,
    };
    expect(mediaProgressOf(media, 25_400_000)).toMatchObject({ positionSeconds: 5.4, loopsCompleted: 2 });
    expect(mediaProgressOf({ ...media, loop: false }, 9_950_000)).toMatchObject({
      positionSeconds: 10,
      loopsCompleted: 0,
    });
    expect(mediaProgressOf({ ...media, durationSeconds: null }, 3_000_000).positionSeconds).toBe(3);
  });
});
