import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MediaItem } from '@relaycast/shared/media';
import { forbiddenMessage } from '@relaycast/shared/roles';
import { WATERMARK_MESSAGES, type Watermark, type WatermarkApplyStatus } from '@relaycast/shared/watermarks';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { watermarkApplies, watermarkRenders } from '../../db/schema/index';
import { registerConnector } from '../../platforms/registry';
import type { PublishMedia } from '../../platforms/types';
import { joined } from '../approvals/approvals.test-support';
import { createPost, insertAccount, scriptedConnector } from '../publishing/publishing.test-support';
import {
  firstFrame,
  hasAudio,
  makeWatermarkFixtures,
  saveWatermark,
  upload,
  type WatermarkFixtures,
} from './watermarks.test-support';

/**
 * "Apply now" (docs/watermarks.md): the `watermark-apply` job renders each file's copy in the background, the
 * composer reads its state, applying twice renders once, the publish sends the very same copy without a second
 * render, an edited watermark makes the copy stale, and another workspace's watermark or files are not found.
 */

let t: TestApp;
let user: SignedInUser;
let other: SignedInUser;
let fixtures: WatermarkFixtures;
let gifBytes: Buffer;
let photo: MediaItem;
let video: MediaItem;
let gif: MediaItem;
let mark: MediaItem;
let wm: Watermark;
let account: string;
let received: PublishMedia[][] = [];
let restore: () => void;

function animatedGif(): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-gif-'));
  try {
    const file = path.join(dir, 'anim.gif');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=black:s=200x100:d=1:r=10'],
      ...['-vf', "drawbox=x='t*100':y=0:w=20:h=20:c=white:t=fill", '-loop', '0', file],
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function frameCount(bytes: Buffer): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-gif-count-'));
  try {
    const file = path.join(dir, 'in.gif');
    writeFileSync(file, bytes);
    const out = execFileSync('ffprobe', [
      ...['-v', 'error', '-count_frames', '-select_streams', 'v:0'],
      ...['-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file],
    ]);
    return Number(out.toString().trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  fixtures = makeWatermarkFixtures();
  gifBytes = animatedGif();
  t = await createTestApp({ publishing: { runWorkers: true } });
  await t.app.ready();
  user = await signInAsNewUser(t);
  other = await signInAsNewUser(t);
  photo = await upload(t, user, 'photo.png', fixtures.photo);
  video = await upload(t, user, 'clip.mp4', fixtures.video);
  gif = await upload(t, user, 'anim.gif', gifBytes);
  mark = await upload(t, user, 'logo.png', fixtures.mark);
  wm = await saveWatermark(user, { imageMediaId: mark.id, opacity: 50, size: 25, position: 'bottom-right' });
  account = await insertAccount(t, user.workspaceId, 'linkedin');
  restore = registerConnector(
    scriptedConnector(
      async (request) => {
        received.push(request.media);
        return { platformPostId: `p-${received.length}`, url: 'https://example.test/p' };
      },
      { media: true },
    ),
  );
}, 60_000);

afterAll(async () => {
  restore?.();
  await t?.close();
  fixtures?.cleanup();
});

const query = (watermarkId: string, ids: string[]) =>
  `/api/watermarks/apply?watermarkId=${watermarkId}&mediaIds=${ids.join(',')}`;

async function settled(ids: string[], watermarkId = wm.id): Promise<WatermarkApplyStatus> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await user.get(query(watermarkId, ids));
    expect(res.statusCode, res.body).toBe(200);
    const status = res.json() as WatermarkApplyStatus;
    if (status.files.every((file) => file.state !== 'queued' && file.state !== 'rendering')) return status;
    if (Date.now() > deadline) throw new Error(`still rendering: ${res.body}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const rendersOf = (ids: string[]) =>
  t.db.select().from(watermarkRenders).where(inArray(watermarkRenders.originalMediaId, ids));

const near = (value: number | undefined, expected: number, tolerance: number) =>
  expect(Math.abs((value ?? -1) - expected), `${value} ≈ ${expected}`).toBeLessThanOrEqual(tolerance);

describe('Apply now', () => {
  it('renders each file in the background: the mark at its corner with its opacity, the GIF still animated', async () => {
    const ids = [photo.id, video.id, gif.id];
    const res = await user.send('POST', '/api/watermarks/apply', { watermarkId: wm.id, mediaIds: ids });
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json() as WatermarkApplyStatus;
    expect(started.files.map((file) => file.mediaId)).toEqual(ids);
    for (const file of started.files) expect(['queued', 'rendering', 'done']).toContain(file.state);
    const status = await settled(ids);
    expect(status.files.map((file) => file.state)).toEqual(['done', 'done', 'done']);
    const [photoCopy, videoCopy, gifCopy] = status.files.map((file) => file.copy!);
    // 400×300 photo: a 100×50 mark at 5 % margins → x 280–380, y 235–285; 50 % of red on black.
    const photoBytes = (await user.get(photoCopy!.url)).rawPayload;
    const pixel = firstFrame(photoBytes, 400);
    near(pixel(330, 260)[0], 128, 3);
    expect(pixel(10, 10)).toEqual([0, 0, 0]);
    expect(videoCopy?.mimeType).toBe('video/mp4');
    const videoBytes = (await user.get(videoCopy!.url)).rawPayload;
    expect(hasAudio(videoBytes)).toBe(true);
    near(firstFrame(videoBytes, 320)(280, 210)[0], 128, 14);
    // 200×100 GIF: a 50×25 mark → x 140–190, y 70–95; the ten frames are all there.
    expect(gifCopy?.mimeType).toBe('image/gif');
    const gifCopyBytes = (await user.get(gifCopy!.url)).rawPayload;
    expect(frameCount(gifCopyBytes)).toBe(10);
    near(firstFrame(gifCopyBytes, 200)(165, 82)[0], 128, 6);
    expect(firstFrame(gifCopyBytes, 200)(100, 50)).toEqual([0, 0, 0]);
    expect(await rendersOf(ids)).toHaveLength(3);
    // The library keeps the originals.
    expect((await user.get(`/api/media/${photo.id}/file`)).rawPayload.equals(fixtures.photo)).toBe(true);
  });

  it('applying twice reuses the copies: no new render and no new job', async () => {
    const ids = [photo.id, video.id];
    const before = await t.db
      .select()
      .from(watermarkApplies)
      .where(inArray(watermarkApplies.originalMediaId, ids));
    const res = await user.send('POST', '/api/watermarks/apply', { watermarkId: wm.id, mediaIds: ids });
    expect(res.statusCode, res.body).toBe(202);
    expect((res.json() as WatermarkApplyStatus).files.map((file) => file.state)).toEqual(['done', 'done']);
    const after = await t.db
      .select()
      .from(watermarkApplies)
      .where(inArray(watermarkApplies.originalMediaId, ids));
    expect(after.map((row) => row.updatedAt.getTime())).toEqual(before.map((row) => row.updatedAt.getTime()));
    expect(await rendersOf(ids)).toHaveLength(2);
  });

  it('the publish sends the applied copy without rendering again', async () => {
    const applied = await settled([video.id]);
    received = [];
    await createPost(t, user, {
      content: 'Applied ahead',
      platforms: ['linkedin'],
      accountIds: [account],
      mediaIds: [video.id],
      action: 'now',
      watermark: { use: 'watermark', watermarkId: wm.id },
    });
    const deadline = Date.now() + 30_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(received[0]?.map((media) => media.id)).toEqual(applied.files.map((file) => file.copy?.id));
    expect(await rendersOf([photo.id, video.id])).toHaveLength(2);
  });

  it('says the copy is stale once the watermark changed, and applies the new settings', async () => {
    const put = await user.send('PUT', `/api/watermarks/${wm.id}`, {
      name: wm.name,
      imageMediaId: mark.id,
      opacity: 100,
      size: 25,
      position: 'top-left',
      margin: 5,
    });
    expect(put.statusCode, put.body).toBe(200);
    const stale = (await user.get(query(wm.id, [photo.id]))).json() as WatermarkApplyStatus;
    expect(stale.files[0]).toMatchObject({ state: 'stale', copy: null });
    await user.send('POST', '/api/watermarks/apply', { watermarkId: wm.id, mediaIds: [photo.id] });
    const fresh = await settled([photo.id]);
    expect(fresh.files[0]?.state).toBe('done');
    const pixel = firstFrame((await user.get(fresh.files[0]!.copy!.url)).rawPayload, 400);
    near(pixel(50, 30)[0], 255, 3);
    expect(await rendersOf([photo.id])).toHaveLength(2);
  });

  it('another workspace’s watermark or files are not found', async () => {
    const theirs = await upload(t, other, 'theirs.png', fixtures.mark);
    const theirMark = await saveWatermark(other, { imageMediaId: theirs.id });
    const withMyFile = await other.send('POST', '/api/watermarks/apply', {
      watermarkId: theirMark.id,
      mediaIds: [photo.id],
    });
    expect(withMyFile.statusCode).toBe(404);
    expect(withMyFile.json().message).toBe(WATERMARK_MESSAGES.mediaNotFound);
    const withMyMark = await other.send('POST', '/api/watermarks/apply', {
      watermarkId: wm.id,
      mediaIds: [theirs.id],
    });
    expect(withMyMark.statusCode).toBe(404);
    expect((await other.get(query(wm.id, [theirs.id]))).statusCode).toBe(404);
    expect((await other.get(query(theirMark.id, [photo.id]))).statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(watermarkApplies)
      .where(eq(watermarkApplies.workspaceId, other.workspaceId));
    expect(rows).toHaveLength(0);
  });

  it('needs what writing a post needs: a viewer reads the state but cannot apply', async () => {
    const viewer = await joined({ t, owner: user }, 'viewer', 'Vic Viewer');
    const refused = await viewer.send('POST', '/api/watermarks/apply', {
      watermarkId: wm.id,
      mediaIds: [gif.id],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(forbiddenMessage('viewer', 'write'));
    const read = await viewer.get(query(wm.id, [gif.id]));
    expect(read.statusCode, read.body).toBe(200);
  });

  it('refuses a malformed request with 400 and a clear message', async () => {
    const send = (body: unknown) => user.send('POST', '/api/watermarks/apply', body);
    const empty = await send({ watermarkId: wm.id, mediaIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(WATERMARK_MESSAGES.mediaRequired);
    const many = await send({ watermarkId: wm.id, mediaIds: Array.from({ length: 21 }, (_, i) => `m${i}`) });
    expect(many.statusCode).toBe(400);
    expect(many.body).toContain(WATERMARK_MESSAGES.tooManyFiles);
    expect((await send({ mediaIds: [photo.id] })).statusCode).toBe(400);
    expect((await send({ watermarkId: wm.id, mediaIds: [photo.id], extra: 1 })).statusCode).toBe(400);
    expect((await send('not json at all')).statusCode).toBe(400);
    expect((await user.get(`/api/watermarks/apply?watermarkId=${wm.id}`)).statusCode).toBe(400);
  });
});
