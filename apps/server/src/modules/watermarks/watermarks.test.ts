import { randomUUID } from 'node:crypto';
import type { MediaItem } from '@relaycast/shared/media';
import { WATERMARK_MESSAGES, type WatermarkList } from '@relaycast/shared/watermarks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createPost, insertAccount } from '../publishing/publishing.test-support';
import {
  makeWatermarkFixtures,
  saveWatermark,
  upload,
  type WatermarkFixtures,
} from './watermarks.test-support';

/** Saved watermarks (docs/watermarks.md): CRUD, account defaults, a post's choice, and what an attacker tries. */

let t: TestApp;
let ada: SignedInUser;
let eve: SignedInUser;
let fixtures: WatermarkFixtures;
let adaMark: MediaItem;
let adaVideo: MediaItem;
let eveMark: MediaItem;

beforeAll(async () => {
  fixtures = makeWatermarkFixtures();
  t = await createTestApp();
  ada = await signInAsNewUser(t, { name: 'Ada' });
  eve = await signInAsNewUser(t, { name: 'Eve' });
  adaMark = await upload(t, ada, 'logo.png', fixtures.mark);
  adaVideo = await upload(t, ada, 'clip.mp4', fixtures.video);
  eveMark = await upload(t, eve, 'eve.png', fixtures.mark);
}, 60_000);

afterAll(async () => {
  await t?.close();
  fixtures?.cleanup();
});

const list = async (user: SignedInUser) => (await user.get('/api/watermarks')).json() as WatermarkList;

describe('saved watermarks', () => {
  it('creates, lists, updates and deletes a watermark', async () => {
    const created = await saveWatermark(ada, { imageMediaId: adaMark.id, name: 'Corner logo' });
    expect(created).toMatchObject({ name: 'Corner logo', opacity: 50, size: 25, position: 'bottom-right' });
    expect(created.imageUrl).toBe(`/api/media/${adaMark.id}/file`);
    expect((await list(ada)).watermarks.map((w) => w.id)).toContain(created.id);
    const updated = await ada.send('PUT', `/api/watermarks/${created.id}`, {
      name: 'Centre',
      imageMediaId: adaMark.id,
      opacity: 100,
      size: 40,
      position: 'center',
      margin: 0,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ position: 'center', opacity: 100 });
    expect((await ada.send('DELETE', `/api/watermarks/${created.id}`)).statusCode).toBe(204);
    expect((await list(ada)).watermarks.map((w) => w.id)).not.toContain(created.id);
  });

  it('keeps one default per account and removes it with null', async () => {
    const wm = await saveWatermark(ada, { imageMediaId: adaMark.id });
    const account = await insertAccount(t, ada.workspaceId, 'linkedin');
    const set = await ada.send('PUT', `/api/watermarks/defaults/${account}`, { watermarkId: wm.id });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().defaults).toEqual([{ accountId: account, watermarkId: wm.id }]);
    const cleared = await ada.send('PUT', `/api/watermarks/defaults/${account}`, { watermarkId: null });
    expect(cleared.json().defaults).toEqual([]);
  });

  it('stores a post’s choice with the post, reads it back and keeps it in a duplicate', async () => {
    const wm = await saveWatermark(ada, { imageMediaId: adaMark.id });
    const post = await createPost(t, ada, {
      content: 'Draft',
      platforms: ['mastodon'],
      action: 'draft',
      watermark: { use: 'watermark', watermarkId: wm.id },
    });
    expect((await ada.get(`/api/watermarks/posts/${post.id}`)).json()).toEqual({
      use: 'watermark',
      watermarkId: wm.id,
    });
    const copy = await ada.send('POST', `/api/posts/${post.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect((await ada.get(`/api/watermarks/posts/${copy.json().id}`)).json()).toEqual({
      use: 'watermark',
      watermarkId: wm.id,
    });
    await ada.send('DELETE', `/api/watermarks/${wm.id}`);
    // A deleted watermark leaves the post without one, never with an account's default instead.
    expect((await ada.get(`/api/watermarks/posts/${post.id}`)).json()).toEqual({ use: 'none' });
  });
});

describe('what an attacker tries', () => {
  it('answers another workspace’s watermark, account and post with 404, changing nothing', async () => {
    const wm = await saveWatermark(ada, { imageMediaId: adaMark.id, name: 'Ada only' });
    const account = await insertAccount(t, ada.workspaceId, 'linkedin');
    const body = { name: 'Taken', imageMediaId: eveMark.id, opacity: 1, size: 1, position: 'top', margin: 0 };
    expect((await eve.send('PUT', `/api/watermarks/${wm.id}`, body)).statusCode).toBe(404);
    expect((await eve.send('DELETE', `/api/watermarks/${wm.id}`)).statusCode).toBe(404);
    const eveOwn = await saveWatermark(eve, { imageMediaId: eveMark.id });
    const onAda = await eve.send('PUT', `/api/watermarks/defaults/${account}`, { watermarkId: eveOwn.id });
    expect(onAda.statusCode).toBe(404);
    const adaWmOnEve = await eve.send('PUT', `/api/watermarks/defaults/${randomUUID()}`, {
      watermarkId: wm.id,
    });
    expect(adaWmOnEve.statusCode).toBe(404);
    const post = await createPost(t, ada, { content: 'Mine', platforms: ['mastodon'], action: 'draft' });
    expect((await eve.get(`/api/watermarks/posts/${post.id}`)).statusCode).toBe(404);
    expect((await list(eve)).watermarks.map((w) => w.id)).toEqual([eveOwn.id]);
    expect((await list(ada)).watermarks.find((w) => w.id === wm.id)?.name).toBe('Ada only');
  });

  it('refuses a watermark image from another workspace, or a video, with a clear 400', async () => {
    const foreign = await ada.send('POST', '/api/watermarks', {
      name: 'Stolen',
      imageMediaId: eveMark.id,
      opacity: 50,
      size: 20,
      position: 'top-left',
      margin: 2,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(WATERMARK_MESSAGES.imageNotFound);
    const video = await ada.send('POST', '/api/watermarks', {
      name: 'Moving',
      imageMediaId: adaVideo.id,
      opacity: 50,
      size: 20,
      position: 'top-left',
      margin: 2,
    });
    expect(video.statusCode).toBe(400);
    expect(video.json().message).toBe(WATERMARK_MESSAGES.imageNotImage);
  });

  it('refuses a post that names another workspace’s watermark', async () => {
    const eveOwn = await saveWatermark(eve, { imageMediaId: eveMark.id });
    const res = await ada.send('POST', '/api/posts', {
      content: 'Sneaky',
      platforms: ['mastodon'],
      action: 'draft',
      watermark: { use: 'watermark', watermarkId: eveOwn.id },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(WATERMARK_MESSAGES.notFound);
  });

  it('answers malformed bodies with 400 and a clear message, never a 500', async () => {
    const base = { name: 'X', imageMediaId: adaMark.id, opacity: 50, size: 20, position: 'top', margin: 2 };
    const cases: [unknown, string][] = [
      [{ ...base, opacity: 101 }, WATERMARK_MESSAGES.opacityRange],
      [{ ...base, opacity: 12.5 }, WATERMARK_MESSAGES.opacityRange],
      [{ ...base, size: 0 }, WATERMARK_MESSAGES.sizeRange],
      [{ ...base, margin: 26 }, WATERMARK_MESSAGES.marginRange],
      [{ ...base, position: 'upper-left' }, WATERMARK_MESSAGES.positionInvalid],
      [{ ...base, name: '   ' }, WATERMARK_MESSAGES.nameRequired],
      [{ ...base, opacity: '50' }, WATERMARK_MESSAGES.opacityRange],
    ];
    for (const [body, message] of cases) {
      const res = await ada.send('POST', '/api/watermarks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    const extra = await ada.send('POST', '/api/watermarks', { ...base, workspaceId: eve.workspaceId });
    expect(extra.statusCode).toBe(400);
    const badDefault = await ada.send('PUT', `/api/watermarks/defaults/${randomUUID()}`, { watermarkId: 7 });
    expect(badDefault.statusCode).toBe(400);
  });
});
