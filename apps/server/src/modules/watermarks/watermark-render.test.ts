import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MediaItem } from '@relaycast/shared/media';
import { WATERMARK_MESSAGES } from '@relaycast/shared/watermarks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mediaFiles, watermarkRenders } from '../../db/schema/index';
import { createLocalStorage } from '../../lib/media/local-storage';
import { registerConnector } from '../../platforms/registry';
import type { PublishMedia } from '../../platforms/types';
import {
  createPost,
  insertAccount,
  scriptedConnector,
  targetsOf,
} from '../publishing/publishing.test-support';
import {
  firstFrame,
  hasAudio,
  makeWatermarkFixtures,
  readAll,
  saveWatermark,
  upload,
  type WatermarkFixtures,
} from './watermarks.test-support';

/**
 * Watermarks burned in at publish time (docs/watermarks.md): a scripted connector receives the post's media and
 * the test decodes its first frame to raw RGB, reading the pixels where the mark must be and where it must not.
 */

let t: TestApp;
let user: SignedInUser;
let fixtures: WatermarkFixtures;
let photo: MediaItem;
let video: MediaItem;
let mark: MediaItem;
let account: string;
let received: PublishMedia[][] = [];
let restore: () => void;

const scripted = scriptedConnector(
  async (request) => {
    received.push(request.media);
    return { platformPostId: `p-${received.length}`, url: 'https://example.test/p' };
  },
  { media: true },
);

beforeAll(async () => {
  fixtures = makeWatermarkFixtures();
  t = await createTestApp({ publishing: { runWorkers: false } });
  await t.app.ready();
  user = await signInAsNewUser(t);
  photo = await upload(t, user, 'photo.png', fixtures.photo);
  video = await upload(t, user, 'clip.mp4', fixtures.video);
  mark = await upload(t, user, 'logo.png', fixtures.mark);
  account = await insertAccount(t, user.workspaceId, 'linkedin');
  restore = registerConnector(scripted);
}, 60_000);

afterAll(async () => {
  restore?.();
  await t?.close();
  fixtures?.cleanup();
});

async function publishNow(mediaIds: string[], watermark?: unknown) {
  received = [];
  const post = await createPost(t, user, {
    content: 'With our logo',
    platforms: ['linkedin'],
    accountIds: [account],
    mediaIds,
    action: 'now',
    ...(watermark ? { watermark } : {}),
  } as Parameters<typeof createPost>[2]);
  await t.app.publishing.engine.publishTarget(post.targets[0]!.id);
  expect(received).toHaveLength(1);
  return received[0]!;
}

async function writeTemp(content: string): Promise<string> {
  const file = path.join(t.config.dataDir, `temp-${Date.now()}`);
  writeFileSync(file, content);
  return file;
}

const near = (value: number | undefined, expected: number, tolerance = 14) =>
  expect(Math.abs((value ?? -1) - expected), `${value} ≈ ${expected}`).toBeLessThanOrEqual(tolerance);

describe('burning a watermark in at publish time', () => {
  it('puts the account default at its corner with its opacity on an image; the original is untouched', async () => {
    const wm = await saveWatermark(user, {
      imageMediaId: mark.id,
      opacity: 50,
      size: 25,
      position: 'bottom-right',
    });
    const set = await user.send('PUT', `/api/watermarks/defaults/${account}`, { watermarkId: wm.id });
    expect(set.statusCode, set.body).toBe(200);
    const [sent] = await publishNow([photo.id]);
    expect(sent?.id).not.toBe(photo.id);
    // 400×300 photo: a 100×50 mark, 5 % margins → x 280–380, y 235–285.
    const pixel = firstFrame(await readAll(await sent!.open()), 400);
    const [r, g, b] = pixel(330, 260);
    near(r, 128, 3);
    near(g, 0, 3);
    near(b, 0, 3);
    expect(pixel(270, 260)).toEqual([0, 0, 0]);
    expect(pixel(10, 10)).toEqual([0, 0, 0]);
    const original = await user.get(`/api/media/${photo.id}/file`);
    expect(original.rawPayload.equals(fixtures.photo)).toBe(true);
  });

  it('renders once: the next publish reuses the cached copy, and the library lists only the originals', async () => {
    const [again] = await publishNow([photo.id]);
    const renders = await t.db
      .select()
      .from(watermarkRenders)
      .where(eq(watermarkRenders.originalMediaId, photo.id));
    expect(renders).toHaveLength(1);
    expect(again?.id).toBe(renders[0]!.renderedMediaId);
    const library = (await user.get('/api/media')).json() as { items: MediaItem[] };
    const ids = library.items.map((item) => item.id).sort();
    expect(ids).toEqual([photo.id, video.id, mark.id].sort());
  });

  it('burns a chosen watermark into a video with one encode, top-left, audio kept', async () => {
    const wm = await saveWatermark(user, {
      imageMediaId: mark.id,
      opacity: 80,
      size: 25,
      position: 'top-left',
    });
    const [sent] = await publishNow([video.id], { use: 'watermark', watermarkId: wm.id });
    expect(sent?.mimeType).toBe('video/mp4');
    const bytes = await readAll(await sent!.open());
    expect(hasAudio(bytes)).toBe(true);
    // 320×240 video: an 80×40 mark, 5 % margins → x 16–96, y 12–52.
    const pixel = firstFrame(bytes, 320);
    const [r, g, b] = pixel(56, 32);
    near(r, 204);
    near(g, 0, 20);
    near(b, 0, 20);
    const [cr, cg, cb] = pixel(260, 200);
    expect(Math.max(cr, cg, cb)).toBeLessThan(20);
    const original = await user.get(`/api/media/${video.id}/file`);
    expect(original.rawPayload.equals(fixtures.video)).toBe(true);
  });

  it('sends the originals when the post chose none', async () => {
    const [sentPhoto] = await publishNow([photo.id], { use: 'none' });
    expect(sentPhoto?.id).toBe(photo.id);
    const [sentVideo] = await publishNow([video.id], { use: 'none' });
    expect(sentVideo?.id).toBe(video.id);
  });

  it('retries a post whose copy cannot be made, with the reason, and sends nothing', async () => {
    const wm = await saveWatermark(user, { imageMediaId: mark.id });
    const broken = await upload(t, user, 'broken.png', fixtures.photo);
    await createLocalStorage(t.config.mediaDir).put(
      (await t.db.select().from(mediaFiles).where(eq(mediaFiles.id, broken.id)))[0]!.storageKey,
      await writeTemp('not an image at all'),
      'image/png',
    );
    received = [];
    const post = await createPost(t, user, {
      content: 'Broken',
      platforms: ['linkedin'],
      accountIds: [account],
      mediaIds: [broken.id],
      action: 'now',
      watermark: { use: 'watermark', watermarkId: wm.id },
    });
    await t.app.publishing.engine.publishTarget(post.targets[0]!.id);
    expect(received).toHaveLength(0);
    const [target] = await targetsOf(t, post.id);
    expect(target).toMatchObject({ status: 'retrying', lastError: WATERMARK_MESSAGES.renderFailed });
  });

  it('deleting the original deletes its watermarked copies', async () => {
    const copies = await t.db
      .select({ id: watermarkRenders.renderedMediaId })
      .from(watermarkRenders)
      .where(eq(watermarkRenders.originalMediaId, photo.id));
    expect(copies.length).toBeGreaterThan(0);
    const res = await user.send('DELETE', `/api/media/${photo.id}`);
    expect(res.statusCode, res.body).toBe(204);
    const left = await t.db.select().from(mediaFiles).where(eq(mediaFiles.id, copies[0]!.id));
    expect(left).toHaveLength(0);
  });
});
