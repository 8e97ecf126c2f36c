import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { MEDIA_MESSAGES } from '@relaycast/shared/media';
import { PLANS } from '@relaycast/shared/plans';
import { type ExportJob, VIDEO_EDITOR_MESSAGES } from '@relaycast/shared/video-editor';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mediaFiles } from '../../db/schema/index';
import { addressPolicy } from '../../lib/address-policy';
import { createSafeFetch } from '../../lib/safe-fetch';
import {
  filesUnder,
  type MediaFixtures,
  makeMediaFixtures,
  signedInUser,
  uploadFile,
} from '../media/media.test-support';
import { downloadVideo } from './video-editor.import';

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

async function rowCount(workspaceId: string) {
  return (await t.db.select().from(mediaFiles).where(eq(mediaFiles.workspaceId, workspaceId))).length;
}

describe('loading a video from a URL', () => {
  it('fetches it into the media library', async () => {
    const { cookie, workspaceId } = await signedInUser(t.app);
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
    const { cookie, workspaceId } = await signedInUser(t.app);
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
    const { cookie, workspaceId } = await signedInUser(t.app);
    const res = await postJson(
      t.app,
      '/api/video-editor/imports',
      { url: `${siteUrl}/huge.mp4` },
      { cookie },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MEDIA_MESSAGES.fileTooLarge('huge.mp4', STANDARD));
    expect(await rowCount(workspaceId)).toBe(0);
  });

  it('never connects to a loopback address under the default policy', async () => {
    const before = served.length;
    const doFetch = createSafeFetch(addressPolicy(false));
    const target = path.join(fx.dir, 'blocked.mp4');
    await expect(
      downloadVideo(doFetch, `${siteUrl}/clip.mp4`, target, {
        plan: STANDARD,
        usedBytes: 0,
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
    ({ cookie, workspaceId } = await signedInUser(t.app));
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

  it('crops to a centred 9:16 frame', async () => {
    const { probe } = await exportToFile(
      cookie,
      { mediaId, start: 0, end: 1, format: 'mp4', crop: '9:16' },
      'vertical.mp4',
    );
    const video = probe.streams.find((stream) => stream.codec_type === 'video')!;
    expect([video.width, video.height]).toEqual([134, 240]);
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

describe('workspaces and plans', () => {
  it("refuses another workspace's media and jobs as not found", async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
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
    const { cookie, workspaceId } = await signedInUser(t.app);
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
    const { cookie, workspaceId } = await signedInUser(t.app);
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
