import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMediaProcessor, ProcessError, parseProbe, posterTimeOf, runProcess } from './ffmpeg';

describe('parseProbe', () => {
  it('reads the video stream size and, for videos, the duration', () => {
    const json = JSON.stringify({
      streams: [
        { codec_type: 'audio', duration: '9.9' },
        { codec_type: 'video', width: 1920, height: 1080 },
      ],
      format: { duration: '12.3456' },
    });
    expect(parseProbe(json, 'video')).toEqual({ width: 1920, height: 1080, durationSeconds: 12.346 });
    expect(parseProbe(json, 'gif')).toEqual({ width: 1920, height: 1080, durationSeconds: null });
  });

  it('swaps width and height of a video recorded in portrait (rotation metadata)', () => {
    const sideData = JSON.stringify({
      streams: [{ codec_type: 'video', width: 1920, height: 1080, side_data_list: [{ rotation: -90 }] }],
      format: { duration: '3' },
    });
    expect(parseProbe(sideData, 'video')).toMatchObject({ width: 1080, height: 1920 });
    const tag = JSON.stringify({
      streams: [{ codec_type: 'video', width: 640, height: 480, tags: { rotate: '270' } }],
    });
    expect(parseProbe(tag, 'video')).toMatchObject({ width: 480, height: 640, durationSeconds: null });
  });

  it('gives nulls for what ffprobe did not report', () => {
    expect(parseProbe('{}', 'image')).toEqual({ width: null, height: null, durationSeconds: null });
  });
});

describe('posterTimeOf', () => {
  it('takes 10% of the duration, at most 5 s, and 0 when the duration is unknown', () => {
    expect(posterTimeOf(2)).toBe(0.2);
    expect(posterTimeOf(30)).toBe(3);
    expect(posterTimeOf(3600)).toBe(5);
    expect(posterTimeOf(null)).toBe(0);
  });
});

describe('runProcess', () => {
  it('returns the output of a program', async () => {
    expect(
      (await runProcess('node', ['-e', 'process.stdout.write("ok")'], { timeoutMs: 10_000 })).stdout,
    ).toBe('ok');
  });

  it('kills a program that runs past its timeout', async () => {
    const started = Date.now();
    const error = await runProcess('node', ['-e', 'setTimeout(() => {}, 60000)'], { timeoutMs: 300 }).catch(
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(ProcessError);
    expect((error as ProcessError).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('kills a program when the caller aborts', async () => {
    const controller = new AbortController();
    const running = runProcess('node', ['-e', 'setTimeout(() => {}, 60000)'], {
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    await expect(running).rejects.toMatchObject({ reason: 'aborted' });
  });

  it('says when the program does not exist and when it fails', async () => {
    await expect(runProcess('/nonexistent/ffmpeg', [], { timeoutMs: 1000 })).rejects.toMatchObject({
      reason: 'missing',
    });
    await expect(runProcess('node', ['-e', 'process.exit(3)'], { timeoutMs: 10_000 })).rejects.toMatchObject({
      reason: 'failed',
    });
  });
});

describe('media processor', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'relaycast-ffmpeg-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('warns once and makes nothing when ffmpeg is missing', async () => {
    const log = { warn: vi.fn() };
    const processor = createMediaProcessor({
      ffmpegPath: '/nonexistent/ffmpeg',
      ffprobePath: '/nonexistent/ffprobe',
      log,
    });
    expect(await processor.isAvailable()).toBe(false);
    expect(await processor.probe('/any', 'image')).toBeNull();
    expect(
      await processor.makeThumbnail('/any', path.join(dir, 'x'), { kind: 'image', durationSeconds: null }),
    ).toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('makes a poster of a tall video within 480×960 and falls back to the first frame past the end', async () => {
    const video = path.join(dir, 'tall.mp4');
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=360x1280:rate=10',
      '-pix_fmt',
      'yuv420p',
      video,
    ]);
    const log = { warn: vi.fn() };
    const processor = createMediaProcessor({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', log });
    const facts = await processor.probe(video, 'video');
    expect(facts).toMatchObject({ width: 360, height: 1280 });
    // A duration claiming 100 s puts the seek (5 s) past the end: the first frame is used instead.
    const thumb = await processor.makeThumbnail(video, path.join(dir, 'tall-thumb'), {
      kind: 'video',
      durationSeconds: 100,
    });
    expect(thumb?.mimeType).toBe('image/webp');
    expect(existsSync(thumb?.path ?? '')).toBe(true);
    const probe = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_streams',
        thumb?.path ?? '',
      ]).toString(),
    );
    expect(probe.streams[0].height).toBe(960);
    expect(probe.streams[0].width).toBe(270);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('returns null (and logs) for a file ffmpeg cannot read', async () => {
    const junk = path.join(dir, 'junk.mp4');
    writeFileSync(junk, 'not a video');
    const log = { warn: vi.fn() };
    const processor = createMediaProcessor({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', log });
    expect(await processor.probe(junk, 'video')).toBeNull();
    expect(
      await processor.makeThumbnail(junk, path.join(dir, 'junk-thumb'), {
        kind: 'video',
        durationSeconds: null,
      }),
    ).toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(2);
  });
});
