import type { MediaItem } from '@relaycast/shared/media';
import { type ExportJob, VIDEO_EDITOR_MESSAGES } from '@relaycast/shared/video-editor';
import { WATERMARK_MESSAGES } from '@relaycast/shared/watermarks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  firstFrame,
  hasAudio,
  makeWatermarkFixtures,
  saveWatermark,
  upload,
  type WatermarkFixtures,
} from '../watermarks/watermarks.test-support';

/**
 * A clip exported from the video editor with a saved watermark (docs/watermarks.md): the mark is laid over the
 * cut (after the crop) in the export's one encode, at its corner with its opacity; fast mode and another
 * workspace's watermark are refused.
 */

let t: TestApp;
let user: SignedInUser;
let other: SignedInUser;
let fixtures: WatermarkFixtures;
let video: MediaItem;
let mark: MediaItem;

beforeAll(async () => {
  fixtures = makeWatermarkFixtures();
  t = await createTestApp();
  await t.app.ready();
  user = await signInAsNewUser(t);
  other = await signInAsNewUser(t);
  video = await upload(t, user, 'clip.mp4', fixtures.video);
  mark = await upload(t, user, 'logo.png', fixtures.mark);
}, 60_000);

afterAll(async () => {
  await t?.close();
  fixtures?.cleanup();
});

async function waitForJob(who: SignedInUser, id: string): Promise<ExportJob> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = (await who.get(`/api/video-editor/exports/${id}`)).json() as ExportJob;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    if (Date.now() > deadline) throw new Error('the export did not finish');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const near = (value: number | undefined, expected: number, tolerance = 16) =>
  expect(Math.abs((value ?? -1) - expected), `${value} ≈ ${expected}`).toBeLessThanOrEqual(tolerance);

describe('a video editor export with a watermark', () => {
  it('lays the mark over the cropped cut in one encode, with its opacity, audio kept', async () => {
    const wm = await saveWatermark(user, {
      imageMediaId: mark.id,
      opacity: 80,
      size: 50,
      position: 'top-left',
      margin: 5,
    });
    const started = await user.send('POST', '/api/video-editor/exports', {
      mediaId: video.id,
      start: 1,
      end: 3,
      format: 'mp4',
      mode: 'accurate',
      crop: '1:1',
      watermarkId: wm.id,
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = await waitForJob(user, started.json().id);
    expect(job.error).toBeNull();
    expect(job.status).toBe('succeeded');
    const bytes = (await user.get(job.result!.url)).rawPayload;
    expect(hasAudio(bytes)).toBe(true);
    // 320×240 cropped to 240×240: a 120×60 mark (50 % of the cut's width), 5 % margins → x 12–132, y 12–72.
    const pixel = firstFrame(bytes, 240);
    near(pixel(70, 40)[0], 204);
    near(pixel(70, 40)[1], 0, 24);
    expect(Math.max(...pixel(200, 200))).toBeLessThan(24);
    expect(Math.max(...pixel(140, 40))).toBeLessThan(24);
  });

  it('refuses a watermark in fast mode and another workspace’s watermark', async () => {
    const wm = await saveWatermark(user, { imageMediaId: mark.id });
    const fast = await user.send('POST', '/api/video-editor/exports', {
      mediaId: video.id,
      start: 0,
      end: 2,
      format: 'mp4',
      mode: 'fast',
      watermarkId: wm.id,
    });
    expect(fast.statusCode).toBe(400);
    expect(fast.body).toContain(VIDEO_EDITOR_MESSAGES.fastCannotWatermark);
    const theirs = await upload(t, other, 'theirs.mp4', fixtures.video);
    const foreign = await other.send('POST', '/api/video-editor/exports', {
      mediaId: theirs.id,
      start: 0,
      end: 2,
      format: 'mp4',
      mode: 'accurate',
      watermarkId: wm.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(WATERMARK_MESSAGES.notFound);
  });
});
