import { describe, expect, it } from 'vitest';
import {
  buildEgressArgs,
  buildIngestArgs,
  buildNaiveEncodeArgs,
  buildRecorderArgs,
  buildRemuxArgs,
  buildSlateArgs,
  destinationUrlOf,
  encodeOutputArgs,
  x264PresetFor,
} from './ffmpeg-args';

function valueAfter(args: string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
}

describe('ffmpeg argument builders', () => {
  it('encodes to the chosen resolution, bitrate and fps with 2-second keyframes and AAC 48 kHz stereo', () => {
    const args = encodeOutputArgs({ resolution: '720p', bitrateKbps: 3000, fps: 30, encoder: 'x264' });
    expect(valueAfter(args, '-c:v')).toBe('libx264');
    expect(valueAfter(args, '-b:v')).toBe('3000k');
    expect(valueAfter(args, '-maxrate')).toBe('3000k');
    expect(valueAfter(args, '-bufsize')).toBe('6000k');
    expect(valueAfter(args, '-g')).toBe('60');
    expect(valueAfter(args, '-keyint_min')).toBe('60');
    expect(valueAfter(args, '-sc_threshold')).toBe('0');
    expect(valueAfter(args, '-vf')).toContain('scale=1280:720:force_original_aspect_ratio=decrease');
    expect(valueAfter(args, '-vf')).toContain('fps=30');
    expect(valueAfter(args, '-c:a')).toBe('aac');
    expect(valueAfter(args, '-ar')).toBe('48000');
    expect(valueAfter(args, '-ac')).toBe('2');
  });

  it.each([
    ['1080p', 60, 6000, 'scale=1920:1080', '120'],
    ['4K', 30, 8000, 'scale=3840:2160', '60'],
  ] as const)('maps %s at %i fps', (resolution, fps, bitrateKbps, scale, gop) => {
    const args = encodeOutputArgs({ resolution, bitrateKbps, fps, encoder: 'x264' });
    expect(valueAfter(args, '-vf')).toContain(scale);
    expect(valueAfter(args, '-g')).toBe(gop);
    expect(valueAfter(args, '-b:v')).toBe(`${bitrateKbps}k`);
  });

  it('picks a faster x264 preset for larger outputs so they still encode in real time', () => {
    expect(x264PresetFor({ resolution: '720p', fps: 30 })).toBe('veryfast');
    expect(x264PresetFor({ resolution: '1080p', fps: 30 })).toBe('veryfast');
    expect(x264PresetFor({ resolution: '1080p', fps: 60 })).toBe('superfast');
    expect(x264PresetFor({ resolution: '4K', fps: 30 })).toBe('ultrafast');
    const args = encodeOutputArgs({ resolution: '1080p', bitrateKbps: 6000, fps: 60, encoder: 'x264' });
    expect(valueAfter(args, '-preset')).toBe('superfast');
    expect(valueAfter(args, '-b:v')).toBe('6000k');
  });

  it('refuses an encoder it does not know', () => {
    expect(() =>
      encodeOutputArgs({ resolution: '720p', bitrateKbps: 3000, fps: 30, encoder: 'nvenc' }),
    ).toThrow();
  });

  it('reads the browser chunks from stdin and publishes FLV to the relay with progress on stdout', () => {
    const args = buildIngestArgs(
      { resolution: '720p', bitrateKbps: 3000, fps: 30, encoder: 'x264' },
      'rtmp://127.0.0.1:1935/live/b_x',
    );
    expect(valueAfter(args, '-i')).toBe('pipe:0');
    expect(valueAfter(args, '-f')).toBe('matroska');
    expect(valueAfter(args, '-progress')).toBe('pipe:1');
    expect(args.at(-1)).toBe('rtmp://127.0.0.1:1935/live/b_x');
    expect(args[args.indexOf('flv') - 1]).toBe('-f');
  });

  it('copies without re-encoding for each destination and for the recorder', () => {
    const egress = buildEgressArgs(
      'rtmp://127.0.0.1:1935/live/k',
      'rtmps://a.rtmps.youtube.com:443/live2/secret',
    );
    expect(valueAfter(egress, '-c')).toBe('copy');
    expect(egress).not.toContain('libx264');
    expect(egress).toContain('-nostdin');
    expect(egress.at(-1)).toBe('rtmps://a.rtmps.youtube.com:443/live2/secret');
    const recorder = buildRecorderArgs('rtmp://127.0.0.1:1935/live/k', '/tmp/r.flv');
    expect(valueAfter(recorder, '-c')).toBe('copy');
    expect(recorder.at(-1)).toBe('/tmp/r.flv');
    const remux = buildRemuxArgs('/tmp/r.flv', '/tmp/r.mp4');
    expect(valueAfter(remux, '-c')).toBe('copy');
    expect(valueAfter(remux, '-movflags')).toBe('+faststart');
    expect(remux.at(-1)).toBe('/tmp/r.mp4');
  });

  it('encodes in full for the naive comparison', () => {
    const args = buildNaiveEncodeArgs(
      { resolution: '720p', bitrateKbps: 3000, fps: 30, encoder: 'x264' },
      'in',
      'out',
    );
    expect(valueAfter(args, '-c:v')).toBe('libx264');
  });

  it('appends the key to the server URL like OBS does', () => {
    expect(destinationUrlOf('rtmp://live.twitch.tv/app', 'live_1')).toBe('rtmp://live.twitch.tv/app/live_1');
    expect(destinationUrlOf('rtmps://live-api-s.facebook.com:443/rtmp/', 'FB-1')).toBe(
      'rtmps://live-api-s.facebook.com:443/rtmp/FB-1',
    );
    expect(destinationUrlOf('rtmps://b.rtmps.youtube.com:443/live2?backup=1', 'yt')).toBe(
      'rtmps://b.rtmps.youtube.com:443/live2/yt?backup=1',
    );
  });
});

describe('the slate and the studio copy', () => {
  const format = { width: 1280, height: 720, fps: 30, sampleRate: 48_000, channels: 2 };

  it('draws "We’ll be right back" on the default card, and nothing over a chosen image', () => {
    const card = buildSlateArgs(format, null, '/usr/share/fonts/DejaVuSans.ttf');
    expect(card.join(' ')).toContain('color=c=0x1f2937:s=1280x720:r=30');
    expect(card.join(' ')).toContain('text=We’ll be right back');
    const image = buildSlateArgs(format, '/data/media/w1/brb.png', '/usr/share/fonts/DejaVuSans.ttf');
    expect(image.slice(image.indexOf('-loop'), image.indexOf('-loop') + 6)).toEqual([
      '-loop',
      '1',
      '-framerate',
      '30',
      '-i',
      '/data/media/w1/brb.png',
    ]);
    expect(image.join(' ')).not.toContain('drawtext');
  });

  it('copies the studio video and converts only its audio when asked', () => {
    const args = buildIngestArgs(
      { resolution: '720p', bitrateKbps: 3000, fps: 30, encoder: 'x264' },
      'rtmp://127.0.0.1/live/b_x',
      'copy',
    );
    expect(args.slice(args.indexOf('-c:v'), args.indexOf('-c:v') + 2)).toEqual(['-c:v', 'copy']);
    expect(args).not.toContain('libx264');
    expect(args).not.toContain('-vf');
    expect(args.slice(args.indexOf('-c:a'), args.indexOf('-c:a') + 2)).toEqual(['-c:a', 'aac']);
  });
});
