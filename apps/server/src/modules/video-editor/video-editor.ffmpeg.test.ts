import { describe, expect, it } from 'vitest';
import {
  canStreamCopy,
  cropFilter,
  croppedSize,
  exportArgs,
  parseCodecs,
  progressSecondsOf,
} from './video-editor.ffmpeg';

const plan = {
  input: '/tmp/in',
  output: '/tmp/out.mp4',
  start: 1.25,
  end: 4,
  format: 'mp4' as const,
  mode: 'accurate' as const,
  crop: 'original' as const,
  maxBytes: 2_000_000,
};

describe('exportArgs', () => {
  it('seeks before the input, cuts the duration, re-encodes and reports progress (accurate)', () => {
    const args = exportArgs(plan);
    expect(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 4)).toEqual([
      '-ss',
      '1.250',
      '-i',
      '/tmp/in',
    ]);
    expect(args[args.indexOf('-t') + 1]).toBe('2.750');
    expect(args[args.indexOf('-c:v') + 1]).toBe('libx264');
    expect(args[args.indexOf('-fs') + 1]).toBe('2000000');
    expect(args[args.indexOf('-progress') + 1]).toBe('pipe:1');
    expect(args.at(-1)).toBe('/tmp/out.mp4');
    expect(args).not.toContain('copy');
  });

  it('copies the streams in fast mode and starts the output at zero', () => {
    const args = exportArgs({ ...plan, mode: 'fast' });
    expect(args[args.indexOf('-c') + 1]).toBe('copy');
    expect(args[args.indexOf('-avoid_negative_ts') + 1]).toBe('make_zero');
    expect(args).not.toContain('-c:v');
  });

  it('encodes WebM as VP9 and Opus, and crops when asked', () => {
    const args = exportArgs({ ...plan, format: 'webm', crop: '1:1', output: '/tmp/out.webm' });
    expect(args[args.indexOf('-c:v') + 1]).toBe('libvpx-vp9');
    expect(args[args.indexOf('-c:a') + 1]).toBe('libopus');
    expect(args[args.indexOf('-vf') + 1]).toBe(cropFilter('1:1'));
    expect(args[args.indexOf('-f') + 1]).toBe('webm');
  });
});

describe('crop', () => {
  it('keeps the largest centred frame of the aspect, with even sides', () => {
    expect(croppedSize(1920, 1080, '9:16')).toEqual({ width: 606, height: 1080 });
    expect(croppedSize(1920, 1080, '1:1')).toEqual({ width: 1080, height: 1080 });
    expect(croppedSize(1920, 1080, '4:5')).toEqual({ width: 864, height: 1080 });
    expect(croppedSize(1080, 1920, '16:9')).toEqual({ width: 1080, height: 606 });
    expect(croppedSize(320, 240, 'original')).toEqual({ width: 320, height: 240 });
    expect(cropFilter('original')).toBeNull();
  });
});

describe('progress and codecs', () => {
  it('reads the latest output time of ffmpeg -progress', () => {
    const text =
      'frame=10\nout_time_us=400000\nprogress=continue\nframe=20\nout_time_ms=800000\nprogress=continue\n';
    expect(progressSecondsOf(text)).toBe(0.8);
    expect(progressSecondsOf('frame=1\n')).toBeNull();
  });

  it('allows a stream copy only into a container that holds every codec', () => {
    const codecs = parseCodecs(
      JSON.stringify({
        streams: [
          { codec_type: 'video', codec_name: 'h264' },
          { codec_type: 'audio', codec_name: 'aac' },
          { codec_type: 'data', codec_name: 'bin_data' },
        ],
      }),
    );
    expect(codecs).toEqual(['h264', 'aac']);
    expect(canStreamCopy(codecs, 'mp4')).toBe(true);
    expect(canStreamCopy(codecs, 'mov')).toBe(true);
    expect(canStreamCopy(codecs, 'webm')).toBe(false);
    expect(canStreamCopy(['vp9', 'opus'], 'webm')).toBe(true);
    expect(canStreamCopy([], 'mp4')).toBe(false);
  });
});
