import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { MEDIA_MESSAGES } from '@relaycast/shared/media';
import { PLANS, planMediaLimits } from '@relaycast/shared/plans';
import { type ExportJob, VIDEO_EDITOR_MESSAGES } from '@relaycast/shared/video-editor';
import { croppedSize, layoutOverlayText } from '@relaycast/shared/video-editor-text-layout';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mediaFiles } from '../../db/schema/index';
import { addressPolicy } from '../../lib/address-policy';
import { createSafeFetch } from '../../lib/safe-fetch';
import { filesUnder, type MediaFixtures, makeMediaFixtures, uploadFile } from '../media/media.test-support';
import { downloadVideo } from './video-editor-import';
import { OVERLAY_FONT } from './video-editor-text';

const STANDARD = PLANS.find((plan) => plan.id === 'standard')!;
const FRAME = 1 / 25;

let t: TestApp;
let fx: MediaFixtures;
/** 6 s of testsrc at 320×240, 25 fps, a keyframe every 2 s (0, 2, 4), with a 440 Hz tone. */
let clip: Buffer;
let site: http.Server;
let siteUrl: string;
const served: string[] = [];

function ffprobe(file: string) {
  const json = execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=format_name,duration:stream=codec_type,codec_name,width,height,duration',
    '-of',
    'json',
    file,
  ]).toString();
  return JSON.parse(json) as {
    format: { format_name: string; duration: string };
    streams: { codec_type: string; codec_name: string; width?: number; height?: number; duration?: string }[];
  };
}

beforeAll(async () => {
  fx = makeMediaFixtures();
  const clipPath = path.join(fx.dir, 'keyframes.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=duration=6:size=320x240:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=6'],
    ...['-c:v', 'libx264', '-g', '50', '-keyint_min', '50', '-sc_threshold', '0', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', '-movflags', '+faststart', clipPath],
  ]);
  clip = readFileSync(clipPath);
  site = http.createServer((request, response) => {
    served.push(request.url ?? '');
    if (request.url === '/clip.mp4') response.writeHead(200, { 'content-type': 'video/mp4' }).end(clip);
    else if (request.url === '/page.html')
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
    else if (request.url === '/huge.mp4') {
      response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(50 * 1024 * 1024) });
      response.write(clip);
      // The rest never comes: the declared size alone must refuse it.
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  // The test site is on loopback: this app lets users reach it, as an administrator may (decision 0014).
  t = await createTestApp({ config: { allowPrivateAddresses: true } });
});
afterAll(async () => {
  await t?.close();
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  fx.cleanup();
});

async function uploadClip(cookie: string): Promise<string> {
  const res = await uploadFile(t.app, cookie, 'holiday.mp4', clip);
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

function startExport(cookie: string, body: Record<string, unknown>) {
  return postJson(t.app, '/api/video-editor/exports', body, { cookie });
}

async function waitForJob(cookie: string, id: string): Promise<ExportJob> {
  for (let i = 0; i < 600; i += 1) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/video-editor/exports/${id}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const job = res.json() as ExportJob;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the export did not finish');
}

/** Runs an export to the end and writes the result to a file for ffprobe. */
async function exportToFile(cookie: string, body: Record<string, unknown>, name: string) {
  const started = await startExport(cookie, body);
  expect(started.statusCode).toBe(202);
  const job = await waitForJob(cookie, started.json().id);
  expect(job.error).toBeNull();
  expect(job.status).toBe('succeeded');
  expect(job.progress).toBe(1);
  const file = await t.app.inject({ method: 'GET', url: job.result!.url, headers: { cookie } });
  expect(file.statusCode).toBe(200);
  const target = path.join(fx.dir, name);
  writeFileSync(target, file.rawPayload);
  return { job, probe: ffprobe(target) };
}

/**
 * How much a 20-pixel-high band of the picture (from row `top`) differs between two files at one time, as the
 * mean absolute difference of its grey levels (0 to 255).
 */
function bandDifference(a: string, b: string, at: number, top: number): number {
  const band = (file: string) =>
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-ss', String(at), '-i', file],
      ...['-frames:v', '1', '-vf', `crop=320:20:0:${top}`, '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    ]);
  const first = band(a);
  const second = band(b);
  return first.reduce((sum, value, index) => sum + Math.abs(value - (second[index] ?? 0)), 0) / first.length;
}

/** One frame of a file as grey levels, row after row. */
function greyFrame(
  file: string,
  at: number,
  width: number,
): { pixel(x: number, y: number): number; height: number } {
  const data = execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-ss', String(at), '-i', file],
    ...['-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
  ]);
  return { pixel: (x, y) => data[y * width + x]!, height: data.length / width };
}

async function rowCount(workspaceId: string) {
  return (await t.db.select().from(mediaFiles).where(eq(mediaFiles.workspaceId, workspaceId))).length;
}

describe('loading a video from a URL', () => {
  it('fetches it into the media library', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(t);
    const res = await postJson(
      t.app,
      '/api/video-editor/imports',
      { url: `${siteUrl}/clip.mp4` },
      { cookie },
    );
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({
      name: 'clip.mp4',
      kind: 'video',
      mimeType: 'video/mp4',
      width: 320,
      height: 240,
    });
    expect(item.durationSeconds).toBeCloseTo(6, 1);
    expect(item.thumbnailUrl).toBeTruthy();
    expect(await rowCount(workspaceId)).toBe(1);
  });

  it('says to enter a URL when there is none, and that it failed when it is not a video', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(t);
    const empty = await postJson(t.app, '/api/video-editor/imports', { url: '  ' }, { cookie });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(VIDEO_EDITOR_MESSAGES.urlRequired);
    for (const url of [
      `${siteUrl}/page.html`,
      `${siteUrl}/missing.mp4`,
      'not a url',
      'ftp://example.com/a.mp4',
    ]) {
      const res = await postJson(t.app, '/api/video-editor/imports', { url }, { cookie });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(VIDEO_EDITOR_MESSAGES.loadFailed);
    }
    expect(await rowCount(workspaceId)).toBe(0);
    expect(filesUnder(path.join(t.config.dataDir, 'tmp', 'video-editor'))).toEqual([]);
  });

  it("refuses a file over the plan's size limit from its declared length", async () => {
    const { cookie, workspaceId } = await signInAsNewUser(t);
    const res = await postJson(
      t.app,
      '/api/video-editor/imports',
      { url: `${siteUrl}/huge.mp4` },
      { cookie },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MEDIA_MESSAGES.fileTooLarge('huge.mp4', planMediaLimits(STANDARD)));
    expect(await rowCount(workspaceId)).toBe(0);
  });

  it('never connects to a loopback address under the default policy', async () => {
    const before = served.length;
    const doFetch = createSafeFetch(addressPolicy(false));
    const target = path.join(fx.dir, 'blocked.mp4');
    await expect(
      downloadVideo(doFetch, `${siteUrl}/clip.mp4`, target, {
        limits: planMediaLimits(STANDARD),
        usedBytes: 0,
        disk: { room: async () => Number.MAX_SAFE_INTEGER, assertRoom: async () => {} },
        name: 'clip.mp4',
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: VIDEO_EDITOR_MESSAGES.loadFailed });
    expect(served.length).toBe(before);
  });
});

describe('trimming and exporting', () => {
  let cookie: string;
  let workspaceId: string;
  let mediaId: string;
  beforeAll(async () => {
    ({ cookie, workspaceId } = await signInAsNewUser(t));
    mediaId = await uploadClip(cookie);
  });

  it('cuts accurately to within one frame (re-encoded) and stores the result in the library', async () => {
    const { job, probe } = await exportToFile(
      cookie,
      { mediaId, start: 1.3, end: 3.7, format: 'mp4', mode: 'accurate' },
      'accurate.mp4',
    );
    const video = probe.streams.find((stream) => stream.codec_type === 'video')!;
    expect(Math.abs(Number(video.duration) - 2.4)).toBeLessThanOrEqual(FRAME);
    expect(probe.streams.map((stream) => stream.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(job.result).toMatchObject({ name: 'holiday (0:01.3–0:03.7).mp4', mimeType: 'video/mp4' });
    expect(job.result!.durationSeconds).toBeCloseTo(2.4, 1);
  });

  it('cuts fast on the keyframe at or before the start (stream copy)', async () => {
    const { probe } = await exportToFile(
      cookie,
      { mediaId, start: 2.5, end: 5, format: 'mp4', mode: 'fast' },
      'fast.mp4',
    );
    const video = probe.streams.find((stream) => stream.codec_type === 'video')!;
    // The keyframe before 2.5 s is at 2 s: the copy holds 2 s to 5 s, not 2.5 s to 5 s.
    expect(Number(video.duration)).toBeGreaterThanOrEqual(3 - FRAME);
    expect(Number(video.duration)).toBeLessThanOrEqual(3 + 3 * FRAME);
    expect(video.codec_name).toBe('h264');
  });

  it('exports MOV and WebM that probe as such', async () => {
    const mov = await exportToFile(cookie, { mediaId, start: 0, end: 1, format: 'mov' }, 'out.mov');
    expect(mov.probe.format.format_name).toContain('mov');
    expect(mov.job.result?.mimeType).toBe('video/quicktime');
    const webm = await exportToFile(cookie, { mediaId, start: 0, end: 1, format: 'webm' }, 'out.webm');
    expect(webm.probe.format.format_name).toContain('webm');
    expect(webm.probe.streams.map((stream) => stream.codec_name).sort()).toEqual(['opus', 'vp9']);
    expect(webm.job.result?.mimeType).toBe('video/webm');
  });

  it('keeps two sections of an edit list and joins them: the output lasts their sum, within one frame', async () => {
    const segments = [
      { start: 0.5, end: 2 },
      { start: 3, end: 4.2 },
    ];
    const { job, probe } = await exportToFile(
      cookie,
      { mediaId, start: 0.5, end: 4.2, format: 'mp4', segments },
      'joined.mp4',
    );
    const video = probe.streams.find((stream) => stream.codec_type === 'video')!;
    const audio = probe.streams.find((stream) => stream.codec_type === 'audio')!;
    expect(Math.abs(Number(video.duration) - 2.7)).toBeLessThanOrEqual(FRAME);
    expect(Math.abs(Number(audio.duration) - 2.7)).toBeLessThanOrEqual(2 * FRAME);
    expect(job.segments).toEqual(segments);
    expect(job.result).toMatchObject({ name: 'holiday (0:00.5–0:04.2, 2 sections).mp4' });
  });

  it('joins the sections of a video without sound, cropped', async () => {
    const silentPath = path.join(fx.dir, 'silent.mp4');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=duration=3:size=320x240:rate=25'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', silentPath],
    ]);
    const upload = await uploadFile(t.app, cookie, 'silent.mp4', readFileSync(silentPath));
    const { probe } = await exportToFile(
      cookie,
      {
        mediaId: upload.json().id,
        start: 0,
        end: 3,
        format: 'mp4',
        crop: '1:1',
        segments: [
          { start: 0, end: 1 },
          { start: 2, end: 2.6 },
        ],
      },
      'silent-joined.mp4',
    );
    expect(probe.streams.map((stream) => stream.codec_type)).toEqual(['video']);
    const video = probe.streams[0]!;
    expect([video.width, video.height]).toEqual([240, 240]);
    expect(Math.abs(Number(video.duration) - 1.6)).toBeLessThanOrEqual(FRAME);
  });

  it('draws a text overlay in its region while it is shown, and only then', async () => {
    // Filter syntax and drawtext expansions in the text are drawn as written, never read.
    const text = "Hi: 'there' %{pts} ;[x],\\";
    const { job } = await exportToFile(
      cookie,
      {
        mediaId,
        start: 0,
        end: 2,
        format: 'mp4',
        overlays: [{ text, position: 'center', start: 0.5, end: 1.5 }],
      },
      'overlay.mp4',
    );
    expect(job.overlayCount).toBe(1);
    const output = path.join(fx.dir, 'overlay.mp4');
    const source = path.join(fx.dir, 'keyframes.mp4');
    // The middle band of the picture, where a centred overlay sits.
    expect(bandDifference(output, source, 1, 110)).toBeGreaterThan(10);
    expect(bandDifference(output, source, 1.8, 110)).toBeLessThan(4);
    expect(filesUnder(path.join(t.config.dataDir, 'tmp', 'video-editor'))).toEqual([]);
  });

  it('wraps a bottom overlay of a 9:16 export inside the frame, each line where the shared layout puts it', async () => {
    // A flat grey picture: the boxes darken it, the text is white, everything else stays grey.
    const greyPath = path.join(fx.dir, 'grey.mp4');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'color=c=0x808080:size=1280x720:rate=25:duration=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', greyPath],
    ]);
    const upload = await uploadFile(t.app, cookie, 'grey.mp4', readFileSync(greyPath));
    const text = 'Spring sale! 20% off everything';
    const { probe } = await exportToFile(
      cookie,
      {
        mediaId: upload.json().id,
        start: 0,
        end: 2,
        format: 'mp4',
        crop: '9:16',
        overlays: [{ text, position: 'bottom', start: 0, end: 2 }],
      },
      'sale.mp4',
    );
    const frame = croppedSize(1280, 720, '9:16');
    const video = probe.streams.find((stream) => stream.codec_type === 'video')!;
    expect([video.width, video.height]).toEqual([frame.width, frame.height]);
    const layout = layoutOverlayText(text, 'bottom', frame);
    expect(layout.lines.map((line) => line.text).join(' ')).toBe(text);
    const picture = greyFrame(path.join(fx.dir, 'sale.mp4'), 1, frame.width);
    const boxOf = (x: number, y: number) =>
      layout.lines.findIndex(
        ({ box }) =>
          box && x >= box.left && x < box.left + box.width && y >= box.top && y < box.top + box.height,
      );
    const whiteIn = layout.lines.map(() => 0);
    let strayPixels = 0;
    for (let y = 0; y < frame.height; y += 1) {
      for (let x = 0; x < frame.width; x += 1) {
        const value = picture.pixel(x, y);
        const box = boxOf(x, y);
        if (box < 0) {
          // Outside every box the picture is untouched (allowing for the encoder's ringing at a box's edge).
          if (Math.abs(value - 128) > 24) strayPixels += 1;
        } else if (value > 200) whiteIn[box]! += 1;
      }
    }
    expect(strayPixels).toBeLessThan(40);
    // Every line is drawn in its own box; the frame's left and right margins stay grey from top to bottom.
    for (const count of whiteIn) expect(count).toBeGreaterThan(50);
    const margin = Math.floor(frame.width / 20);
    for (let y = 0; y < frame.height; y += 1) {
      for (const x of [0, margin - 2, frame.width - margin + 1, frame.width - 1]) {
        expect(Math.abs(picture.pixel(x, y) - 128)).toBeLessThan(24);
      }
    }
  });

  it('burns the captions of a subtitle file in, while each is shown', async () => {
    const srt = '1\n00:00:00,500 --> 00:00:01,500\nHELLO CAPTIONS\n';
    const { job } = await exportToFile(
      cookie,
      { mediaId, start: 0, end: 2, format: 'mp4', captions: { name: 'talk.srt', text: srt } },
      'captions.mp4',
    );
    expect(job.captionCount).toBe(1);
    const output = path.join(fx.dir, 'captions.mp4');
    const source = path.join(fx.dir, 'keyframes.mp4');
    // libass puts them at the bottom.
    expect(bandDifference(output, source, 1, 212)).toBeGreaterThan(8);
    expect(bandDifference(output, source, 1.8, 212)).toBeLessThan(4);
    expect(filesUnder(path.join(t.config.dataDir, 'tmp', 'video-editor'))).toEqual([]);
  });

  it('refuses a subtitle file it cannot read with a clear message, and starts nothing', async () => {
    const rowsBefore = await rowCount(workspaceId);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'talk.srt', text: 'not subtitles at all' }, VIDEO_EDITOR_MESSAGES.captionsInvalid(1)],
      [
        { name: 'talk.vtt', text: '1\n00:00:01,000 --> 00:00:02,000\nHi\n' },
        VIDEO_EDITOR_MESSAGES.captionsInvalid(1),
      ],
      [{ name: 'talk.docx', text: 'x' }, VIDEO_EDITOR_MESSAGES.captionsWrongType],
      [{ name: 'talk.srt', text: 'x'.repeat(300 * 1024) }, VIDEO_EDITOR_MESSAGES.captionsTooLarge('256 KB')],
    ];
    for (const [captions, message] of cases) {
      const res = await startExport(cookie, { mediaId, start: 0, end: 2, format: 'mp4', captions });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await rowCount(workspaceId)).toBe(rowsBefore);
    expect(filesUnder(path.join(t.config.dataDir, 'tmp', 'video-editor'))).toEqual([]);
  });

  it('crops to a centred 9:16 frame', async () => {
    const { probe } = await exportToFile(
      cookie,
      { mediaId, start: 0, end: 1, format: 'mp4', crop: '9:16' },
      'vertical.mp4',
    );
    const video = probe.streams.find((stream) => stream.codec_type === 'video')!;
    expect([video.width, video.height]).toEqual([134, 240]);
  });

  it('moves the crop frame where the user put it: the left edge, the right edge and the centre differ', async () => {
    const firstFrame = (file: string) =>
      execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-frames:v', '1', '-f', 'md5', '-'], {
        encoding: 'utf8',
      });
    const frames: string[] = [];
    for (const cropPosition of [0, 0.5, 1]) {
      const { probe } = await exportToFile(
        cookie,
        { mediaId, start: 0, end: 1, format: 'mp4', crop: '9:16', cropPosition },
        `vertical-${cropPosition}.mp4`,
      );
      const video = probe.streams.find((stream) => stream.codec_type === 'video')!;
      expect([video.width, video.height]).toEqual([134, 240]);
      frames.push(firstFrame(path.join(fx.dir, `vertical-${cropPosition}.mp4`)));
    }
    expect(new Set(frames).size).toBe(3);
    const outside = await startExport(cookie, {
      mediaId,
      start: 0,
      end: 1,
      format: 'mp4',
      crop: '9:16',
      cropPosition: 2,
    });
    expect(outside.statusCode).toBe(400);
  });

  it('refuses what it cannot do with a clear message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ mediaId, start: 3, end: 2, format: 'mp4' }, VIDEO_EDITOR_MESSAGES.endBeforeStart],
      [{ mediaId, start: 0, end: 60, format: 'mp4' }, VIDEO_EDITOR_MESSAGES.pastDuration(6)],
      [
        { mediaId, start: 0, end: 2, format: 'webm', mode: 'fast' },
        VIDEO_EDITOR_MESSAGES.fastNeedsSameCodecs('webm'),
      ],
      [
        { mediaId, start: 0, end: 2, format: 'mp4', mode: 'fast', crop: '1:1' },
        VIDEO_EDITOR_MESSAGES.fastCannotCrop,
      ],
      [
        {
          mediaId,
          start: 0,
          end: 3,
          format: 'mp4',
          segments: [
            { start: 0, end: 1 },
            { start: 2, end: 4 },
          ],
        },
        VIDEO_EDITOR_MESSAGES.segmentsOutsideTrim,
      ],
      [
        {
          mediaId,
          start: 0,
          end: 4,
          format: 'mp4',
          mode: 'fast',
          segments: [
            { start: 0, end: 1 },
            { start: 2, end: 4 },
          ],
        },
        VIDEO_EDITOR_MESSAGES.fastOneSegment,
      ],
      [
        {
          mediaId,
          start: 0,
          end: 4,
          format: 'mp4',
          segments: [
            { start: 2, end: 4 },
            { start: 0, end: 2.5 },
          ],
        },
        VIDEO_EDITOR_MESSAGES.segmentsOverlap,
      ],
      [
        { mediaId, start: 0, end: 60, format: 'mp4', segments: [{ start: 50, end: 60 }] },
        VIDEO_EDITOR_MESSAGES.pastDuration(6),
      ],
      [
        {
          mediaId,
          start: 0,
          end: 2,
          format: 'mp4',
          mode: 'fast',
          overlays: [{ text: 'Hi', position: 'top', start: 0, end: 1 }],
        },
        VIDEO_EDITOR_MESSAGES.fastCannotOverlay,
      ],
      [
        {
          mediaId,
          start: 0,
          end: 2,
          format: 'mp4',
          overlays: [{ text: '  ', position: 'top', start: 0, end: 1 }],
        },
        VIDEO_EDITOR_MESSAGES.overlayTextRequired,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await startExport(cookie, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const image = await uploadFile(t.app, cookie, 'red.png', fx.png);
    const res = await startExport(cookie, { mediaId: image.json().id, start: 0, end: 1, format: 'mp4' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(VIDEO_EDITOR_MESSAGES.notAVideo);
  });

  it('leaves no file and no row when cancelled', async () => {
    const rowsBefore = await rowCount(workspaceId);
    const objectsBefore = filesUnder(t.config.mediaDir).length;
    const started = await startExport(cookie, { mediaId, start: 0, end: 6, format: 'webm' });
    expect(started.statusCode).toBe(202);
    const cancel = await postJson(
      t.app,
      `/api/video-editor/exports/${started.json().id}/cancel`,
      {},
      { cookie },
    );
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      status: 'cancelled',
      result: null,
      error: VIDEO_EDITOR_MESSAGES.cancelled,
    });
    expect(await rowCount(workspaceId)).toBe(rowsBefore);
    expect(filesUnder(t.config.mediaDir).length).toBe(objectsBefore);
    expect(filesUnder(path.join(t.config.dataDir, 'tmp', 'video-editor'))).toEqual([]);
  });

  it('stops ffmpeg mid-encode on Cancel, after progress was reported', async () => {
    const longPath = path.join(fx.dir, 'long.mp4');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=duration=40:size=320x240:rate=25'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', longPath],
    ]);
    const upload = await uploadFile(t.app, cookie, 'long.mp4', readFileSync(longPath));
    expect(upload.statusCode).toBe(201);
    const rowsBefore = await rowCount(workspaceId);
    const objectsBefore = filesUnder(t.config.mediaDir).length;
    const started = await startExport(cookie, {
      mediaId: upload.json().id,
      start: 0,
      end: 40,
      format: 'webm',
    });
    const id = started.json().id as string;
    let job: ExportJob = started.json();
    while (job.progress === 0 && job.status !== 'failed' && job.status !== 'succeeded') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = (
        await t.app.inject({ method: 'GET', url: `/api/video-editor/exports/${id}`, headers: { cookie } })
      ).json();
    }
    expect(job.status).toBe('running');
    expect(job.progress).toBeGreaterThan(0);
    expect(job.progress).toBeLessThan(1);
    const cancel = await postJson(t.app, `/api/video-editor/exports/${id}/cancel`, {}, { cookie });
    expect(cancel.json().status).toBe('cancelled');
    expect(await rowCount(workspaceId)).toBe(rowsBefore);
    expect(filesUnder(t.config.mediaDir).length).toBe(objectsBefore);
    expect(filesUnder(path.join(t.config.dataDir, 'tmp', 'video-editor'))).toEqual([]);
  });
});

describe('timeline pictures', () => {
  function timeline(cookie: string, id: string, kind: string) {
    return t.app.inject({
      method: 'GET',
      url: `/api/video-editor/media/${id}/timeline/${kind}`,
      headers: { cookie },
    });
  }

  function pngSize(bytes: Buffer) {
    const target = path.join(fx.dir, `timeline-${Math.random().toString(36).slice(2)}.png`);
    writeFileSync(target, bytes);
    const stream = ffprobe(target).streams[0]!;
    return [stream.width, stream.height];
  }

  it('makes a strip of ten frames and the waveform once, then serves them from the cache', async () => {
    const { cookie } = await signInAsNewUser(t);
    const mediaId = await uploadClip(cookie);
    const strip = await timeline(cookie, mediaId, 'thumbnails');
    expect(strip.statusCode).toBe(200);
    expect(strip.headers['content-type']).toBe('image/png');
    expect(pngSize(strip.rawPayload)).toEqual([1600, 120]);
    const wave = await timeline(cookie, mediaId, 'waveform');
    expect(wave.statusCode).toBe(200);
    expect(pngSize(wave.rawPayload)).toEqual([1600, 120]);
    const cache = path.join(t.config.dataDir, 'cache', 'video-editor');
    expect(filesUnder(cache).filter((file) => file.includes(mediaId))).toHaveLength(2);
    const again = await timeline(cookie, mediaId, 'thumbnails');
    expect(again.rawPayload.equals(strip.rawPayload)).toBe(true);
    expect(filesUnder(path.join(t.config.dataDir, 'tmp', 'video-editor'))).toEqual([]);
  });

  it("says a silent video has no waveform, and refuses images, unknown kinds and another workspace's media", async () => {
    const owner = await signInAsNewUser(t);
    const other = await signInAsNewUser(t);
    const silentPath = path.join(fx.dir, 'silent-timeline.mp4');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', silentPath],
    ]);
    const silent = (await uploadFile(t.app, owner.cookie, 'silent.mp4', readFileSync(silentPath))).json().id;
    const wave = await timeline(owner.cookie, silent, 'waveform');
    expect(wave.statusCode).toBe(404);
    expect(wave.json().message).toBe(VIDEO_EDITOR_MESSAGES.noSound);
    const image = (await uploadFile(t.app, owner.cookie, 'red.png', fx.png)).json().id;
    const refused = await timeline(owner.cookie, image, 'thumbnails');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(VIDEO_EDITOR_MESSAGES.notAVideo);
    expect((await timeline(owner.cookie, silent, 'spectrum')).statusCode).toBe(400);
    expect((await timeline(other.cookie, silent, 'thumbnails')).statusCode).toBe(404);
    const cache = path.join(t.config.dataDir, 'cache', 'video-editor');
    expect(filesUnder(cache).filter((file) => file.includes(silent))).toEqual([]);
  });
});

describe('the overlay font', () => {
  it('serves the font file ffmpeg draws text with to a signed-in user, and to nobody else', async () => {
    const { cookie } = await signInAsNewUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/video-editor/overlay-font',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('font/ttf');
    expect(res.rawPayload.equals(readFileSync(OVERLAY_FONT))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/video-editor/overlay-font' })).statusCode).toBe(
      401,
    );
  });
});

describe('workspaces and plans', () => {
  it("refuses another workspace's media and jobs as not found", async () => {
    const owner = await signInAsNewUser(t);
    const other = await signInAsNewUser(t);
    const mediaId = await uploadClip(owner.cookie);
    const res = await startExport(other.cookie, { mediaId, start: 0, end: 1, format: 'mp4' });
    expect(res.statusCode).toBe(404);
    const started = await startExport(owner.cookie, { mediaId, start: 0, end: 1, format: 'mp4' });
    const jobId = started.json().id as string;
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/video-editor/exports/${jobId}`,
      headers: { cookie: other.cookie },
    });
    expect(read.statusCode).toBe(404);
    const cancel = await postJson(
      t.app,
      `/api/video-editor/exports/${jobId}/cancel`,
      {},
      { cookie: other.cookie },
    );
    expect(cancel.statusCode).toBe(404);
    expect((await waitForJob(owner.cookie, jobId)).status).toBe('succeeded');
  });

  it('checks the storage quota before the job starts', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(t);
    const mediaId = await uploadClip(cookie);
    await t.db.insert(mediaFiles).values({
      id: `filler-${workspaceId}`,
      workspaceId,
      name: 'filler.mp4',
      mimeType: 'video/mp4',
      kind: 'video',
      sizeBytes: STANDARD.storageBytes - clip.length,
      storageKey: `${workspaceId}/filler.mp4`,
    });
    const res = await startExport(cookie, { mediaId, start: 0, end: 1, format: 'mp4' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('would go over the 100 MB of storage of the Standard plan');
    expect(await rowCount(workspaceId)).toBe(2);
  });

  it('stops ffmpeg at the room the plan leaves and stores nothing when the export does not fit', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(t);
    const mediaId = await uploadClip(cookie);
    await t.db.insert(mediaFiles).values({
      id: `filler-${workspaceId}`,
      workspaceId,
      name: 'filler.mp4',
      mimeType: 'video/mp4',
      kind: 'video',
      sizeBytes: STANDARD.storageBytes - clip.length - 5000,
      storageKey: `${workspaceId}/filler.mp4`,
    });
    const started = await startExport(cookie, { mediaId, start: 0, end: 6, format: 'mp4' });
    expect(started.statusCode).toBe(202);
    const job = await waitForJob(cookie, started.json().id);
    expect(job).toMatchObject({
      status: 'failed',
      result: null,
      error: VIDEO_EDITOR_MESSAGES.exportTooLarge('5 KB'),
    });
    expect(await rowCount(workspaceId)).toBe(2);
    expect(filesUnder(path.join(t.config.dataDir, 'tmp', 'video-editor'))).toEqual([]);
  });
});
