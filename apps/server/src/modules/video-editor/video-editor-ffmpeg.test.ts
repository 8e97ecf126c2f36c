import { layoutOverlayText } from '@relaycast/shared/video-editor-text-layout';
import { describe, expect, it } from 'vitest';
import { progressSecondsOf } from '../../lib/media/ffmpeg';
import {
  canStreamCopy,
  cropFilter,
  exportArgs,
  hasAudioStream,
  joinFilter,
  parseCodecs,
  videoSizeOf,
} from './video-editor-ffmpeg';
import { OVERLAY_FONT, overlayFilters } from './video-editor-text';

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
  it('lays a watermark (input 1, looped) over the cropped cut last, in the one filter graph', () => {
    const args = exportArgs({
      ...plan,
      crop: '1:1',
      hasAudio: true,
      watermark: { file: '/tmp/mark', placement: { opacity: 50, size: 20, position: 'top-left', margin: 2 } },
    });
    expect(args.slice(args.indexOf('-loop'), args.indexOf('-loop') + 4)).toEqual([
      '-loop',
      '1',
      '-i',
      '/tmp/mark',
    ]);
    const graph = args[args.indexOf('-filter_complex') + 1] ?? '';
    expect(graph).toContain('trim=start=1.250:end=4.000');
    expect(graph.indexOf('crop=')).toBeLessThan(graph.indexOf('[1:v][unmarked]scale2ref'));
    expect(graph).toContain("overlay=x='W*0.02':y='H*0.02':shortest=1,format=yuv420p[vout]");
    expect(args.slice(args.indexOf('[vout]') - 1, args.indexOf('[vout]') + 3)).toEqual([
      '-map',
      '[vout]',
      '-map',
      '[aout]',
    ]);
  });

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

describe('joining the kept sections of an edit list', () => {
  const segments = [
    { start: 1, end: 2.5 },
    { start: 4, end: 5 },
  ];

  it('cuts each section with trim/atrim and joins them with concat in one pass', () => {
    const args = exportArgs({ ...plan, segments, hasAudio: true });
    expect(args).not.toContain('-ss');
    expect(args).not.toContain('-t');
    expect(args[args.indexOf('-filter_complex') + 1]).toBe(
      '[0:v:0]trim=start=1.000:end=2.500,setpts=PTS-STARTPTS[v0];' +
        '[0:a:0]atrim=start=1.000:end=2.500,asetpts=PTS-STARTPTS[a0];' +
        '[0:v:0]trim=start=4.000:end=5.000,setpts=PTS-STARTPTS[v1];' +
        '[0:a:0]atrim=start=4.000:end=5.000,asetpts=PTS-STARTPTS[a1];' +
        '[v0][a0][v1][a1]concat=n=2:v=1:a=1[vout][aout]',
    );
    expect(args.filter((arg) => arg === '-map')).toHaveLength(2);
    expect(args[args.indexOf('-c:v') + 1]).toBe('libx264');
  });

  it('joins video alone when there is no audio, and crops the joined picture', () => {
    expect(joinFilter(segments, false, cropFilter('1:1'))).toBe(
      '[0:v:0]trim=start=1.000:end=2.500,setpts=PTS-STARTPTS[v0];' +
        '[0:v:0]trim=start=4.000:end=5.000,setpts=PTS-STARTPTS[v1];' +
        `[v0][v1]concat=n=2:v=1:a=0[joined];[joined]${cropFilter('1:1')}[vout]`,
    );
    const args = exportArgs({ ...plan, segments, hasAudio: false });
    expect(args.filter((arg) => arg === '-map')).toHaveLength(1);
    expect(args).not.toContain('[aout]');
  });

  it('joins moved sections in their play order, not the source order', () => {
    expect(joinFilter([segments[1]!, segments[0]!], false, null)).toBe(
      '[0:v:0]trim=start=4.000:end=5.000,setpts=PTS-STARTPTS[v0];' +
        '[0:v:0]trim=start=1.000:end=2.500,setpts=PTS-STARTPTS[v1];' +
        '[v0][v1]concat=n=2:v=1:a=0[vout]',
    );
  });

  it('cuts a single section as a plain trim, from its own start and end', () => {
    const args = exportArgs({ ...plan, start: 0, end: 6, segments: [{ start: 2, end: 3.5 }] });
    expect(args[args.indexOf('-ss') + 1]).toBe('2.000');
    expect(args[args.indexOf('-t') + 1]).toBe('1.500');
  });

  it('sees whether the source has audio', () => {
    expect(hasAudioStream(JSON.stringify({ streams: [{ codec_type: 'video' }] }))).toBe(false);
    expect(hasAudioStream(JSON.stringify({ streams: [{ codec_type: 'audio' }] }))).toBe(true);
  });
});

describe('text overlays', () => {
  // Three lines of a 9:16 frame's layout, each line's text in its own file.
  const layout = layoutOverlayText('Spring sale! 20% off everything', 'bottom', { width: 606, height: 1080 });
  const overlay = {
    layout,
    lineFiles: layout.lines.map((_, index) => `/tmp/job-text-0-${index}.txt`),
    start: 1,
    end: 2.5,
  };

  it("draws each line's box and text where the shared layout puts them, between the output times, after the crop", () => {
    expect(layout.lines.length).toBe(3);
    const filters = overlayFilters([overlay]);
    const enable = "enable='between(t,1.000,2.500)'";
    expect(filters).toEqual(
      layout.lines.flatMap((line, index) => [
        `drawbox=x=${line.box!.left}:y=${line.box!.top}:w=${line.box!.width}:h=${line.box!.height}:color=black@0.5:t=fill:${enable}`,
        `drawtext=fontfile=${OVERLAY_FONT}:textfile=/tmp/job-text-0-${index}.txt:expansion=none:fontsize=${layout.fontSize}:` +
          `fontcolor=white:x=(w-text_w)/2:y=${line.baseline}-ascent:${enable}`,
      ]),
    );
    const filter = filters.join(',');
    const args = exportArgs({ ...plan, crop: '1:1', overlays: [overlay] });
    expect(args[args.indexOf('-vf') + 1]).toBe(`${cropFilter('1:1')},${filter}`);
    const joined = exportArgs({
      ...plan,
      segments: [
        { start: 0, end: 1 },
        { start: 2, end: 3 },
      ],
      overlays: [overlay],
    });
    expect(joined[joined.indexOf('-filter_complex') + 1]).toContain(`[joined]${filter}[vout]`);
  });

  it('refuses a path the filter parser would read as syntax', () => {
    expect(() => overlayFilters([{ ...overlay, lineFiles: ["/tmp/a:b'c.txt", null] }])).toThrow();
  });

  it('draws nothing for an empty line', () => {
    const blank = layoutOverlayText('One\n\nTwo', 'top', { width: 1920, height: 1080 });
    expect(blank.lines.map((line) => line.text)).toEqual(['One', '', 'Two']);
    const files = blank.lines.map((line, index) => (line.box ? `/tmp/t-${index}.txt` : null));
    expect(overlayFilters([{ ...overlay, layout: blank, lineFiles: files }])).toHaveLength(4);
  });
});

describe('crop', () => {
  it('keeps the largest centred frame of the aspect, with even sides', () => {
    expect(cropFilter('original')).toBeNull();
    // Moved by the user: along the side with room (the other offset is then 0 whatever the factor).
    expect(cropFilter('9:16', 0)).toBe(`${cropFilter('9:16')}:(iw-ow)*0.0000:(ih-oh)*0.0000`);
    expect(cropFilter('9:16', 1)).toBe(`${cropFilter('9:16')}:(iw-ow)*1.0000:(ih-oh)*1.0000`);
    expect(cropFilter('9:16', 0.5)).toBe(cropFilter('9:16'));
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

  it("reads the first video stream's size", () => {
    const probe = { streams: [{ codec_type: 'audio' }, { codec_type: 'video', width: 1080, height: 1920 }] };
    expect(videoSizeOf(JSON.stringify(probe))).toEqual({ width: 1080, height: 1920 });
    expect(videoSizeOf(JSON.stringify({ streams: [{ codec_type: 'audio' }] }))).toBeNull();
  });
});
