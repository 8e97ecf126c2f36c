import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { MEDIA_MESSAGES } from '@relaycast/shared/media';
import { MEGABYTE, PLANS, planMediaLimits } from '@relaycast/shared/plans';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../test/test-app';
import { mediaFiles, workspaces } from '../../db/schema/index';
import type { MediaStorage } from '../../lib/media/storage';
import { newMediaId, storeMedia } from './media.service';
import {
  filesUnder,
  type MediaFixtures,
  makeMediaFixtures,
  multipartFile,
  pngOfSize,
  uploadFile,
} from './media.test-support';

const STANDARD = PLANS.find((plan) => plan.id === 'standard')!;
const PREMIUM = PLANS.find((plan) => plan.id === 'premium')!;

let t: TestApp;
let fx: MediaFixtures;
beforeAll(async () => {
  fx = makeMediaFixtures();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  fx.cleanup();
});

const tempDir = () => path.join(t.config.dataDir, 'tmp', 'media');

async function rowsOf(workspaceId: string) {
  return t.db.select().from(mediaFiles).where(eq(mediaFiles.workspaceId, workspaceId));
}

/** Pretends the workspace already stores `bytes` (a row with no object behind it), to reach quotas fast. */
async function fillStorage(workspaceId: string, bytes: number) {
  const id = `filler-${Math.random().toString(36).slice(2)}`;
  await t.db.insert(mediaFiles).values({
    id,
    workspaceId,
    name: 'filler.mp4',
    mimeType: 'video/mp4',
    kind: 'video',
    sizeBytes: bytes,
    storageKey: `${workspaceId}/${id}.mp4`,
  });
  return id;
}

function ffprobeSize(file: Buffer, name: string) {
  const target = path.join(fx.dir, name);
  writeFileSync(target, file);
  const out = execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', target]);
  const stream = JSON.parse(out.toString()).streams[0];
  return { width: stream.width as number, height: stream.height as number };
}

describe('uploading media', () => {
  it('stores an image with its size and serves it and a 480 px wide thumbnail', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(t);
    const res = await uploadFile(t.app, cookie, 'Holiday photo.jpg', fx.jpeg);
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({
      name: 'Holiday photo.jpg',
      mimeType: 'image/jpeg',
      kind: 'image',
      sizeBytes: fx.jpeg.length,
      width: 640,
      height: 480,
      durationSeconds: null,
      url: `/api/media/${item.id}/file`,
      thumbnailUrl: `/api/media/${item.id}/thumbnail`,
    });

    const file = await t.app.inject({ method: 'GET', url: item.url, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="Holiday photo.jpg"; filename*=UTF-8''Holiday%20photo.jpg`,
    );
    expect(file.rawPayload.equals(fx.jpeg)).toBe(true);

    const thumb = await t.app.inject({ method: 'GET', url: item.thumbnailUrl, headers: { cookie } });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(ffprobeSize(thumb.rawPayload, 'thumb.webp')).toEqual({ width: 480, height: 360 });

    const stored = filesUnder(t.config.mediaDir);
    expect(stored).toContain(path.join(workspaceId, `${item.id}.jpg`));
    expect(stored).toContain(path.join(workspaceId, `${item.id}.thumb.webp`));
    expect(filesUnder(tempDir())).toEqual([]);
  });

  it('keeps a small image at its own size in the thumbnail', async () => {
    const { cookie } = await signInAsNewUser(t);
    const item = (await uploadFile(t.app, cookie, 'red.png', fx.png)).json();
    expect(item).toMatchObject({ kind: 'image', mimeType: 'image/png', width: 64, height: 64 });
    const thumb = await t.app.inject({ method: 'GET', url: item.thumbnailUrl, headers: { cookie } });
    expect(ffprobeSize(thumb.rawPayload, 'small-thumb.webp')).toEqual({ width: 64, height: 64 });
  });

  it('reads a video’s duration and makes a poster frame, and serves byte ranges for seeking', async () => {
    const { cookie } = await signInAsNewUser(t);
    const res = await uploadFile(t.app, cookie, 'clip.mp4', fx.mp4);
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({ kind: 'video', mimeType: 'video/mp4', width: 320, height: 240 });
    expect(item.durationSeconds).toBeCloseTo(2, 1);
    const poster = await t.app.inject({ method: 'GET', url: item.thumbnailUrl, headers: { cookie } });
    expect(poster.statusCode).toBe(200);
    expect(ffprobeSize(poster.rawPayload, 'poster.webp')).toEqual({ width: 320, height: 240 });

    const part = await t.app.inject({
      method: 'GET',
      url: item.url,
      headers: { cookie, range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${fx.mp4.length}`);
    expect(part.headers['accept-ranges']).toBe('bytes');
    expect(part.rawPayload.equals(fx.mp4.subarray(10, 20))).toBe(true);

    const tail = await t.app.inject({ method: 'GET', url: item.url, headers: { cookie, range: 'bytes=-5' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(fx.mp4.subarray(fx.mp4.length - 5))).toBe(true);

    const outside = await t.app.inject({
      method: 'GET',
      url: item.url,
      headers: { cookie, range: `bytes=${fx.mp4.length}-` },
    });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${fx.mp4.length}`);
  });

  it('recognises the type from the content, not the name', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(t);
    const text = await uploadFile(t.app, cookie, 'photo.png', Buffer.from('just some text, not a picture\n'));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: MEDIA_MESSAGES.unsupportedType('photo.png'),
    });
    expect(await rowsOf(workspaceId)).toHaveLength(0);
    expect(filesUnder(path.join(t.config.mediaDir, workspaceId))).toEqual([]);
    expect(filesUnder(tempDir())).toEqual([]);

    const disguised = await uploadFile(t.app, cookie, 'clip.mp4', fx.png);
    expect(disguised.statusCode).toBe(201);
    expect(disguised.json()).toMatchObject({ name: 'clip.mp4', mimeType: 'image/png', kind: 'image' });
  });

  it('refuses a video cut to its first 4 KB and a header-only PNG, storing nothing', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(t);
    const truncated = await uploadFile(t.app, cookie, 'cut.mp4', fx.mp4.subarray(0, 4096));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual({
      code: 'UNREADABLE_MEDIA',
      message: MEDIA_MESSAGES.unreadable('cut.mp4', 'video'),
    });
    // PNG signature and IHDR only: the size is there, the pixels are not.
    const headerOnly = await uploadFile(t.app, cookie, 'empty.png', fx.png.subarray(0, 33));
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json()).toEqual({
      code: 'UNREADABLE_MEDIA',
      message: MEDIA_MESSAGES.unreadable('empty.png', 'image'),
    });
    expect(await rowsOf(workspaceId)).toHaveLength(0);
    expect(filesUnder(path.join(t.config.mediaDir, workspaceId))).toEqual([]);
    expect(filesUnder(tempDir())).toEqual([]);

    const whole = await uploadFile(t.app, cookie, 'whole.mp4', fx.mp4);
    expect(whole.statusCode).toBe(201);
    expect(whole.json()).toMatchObject({ kind: 'video', width: 320, height: 240 });
    expect(whole.json().thumbnailUrl).not.toBeNull();
  });

  it('refuses a request without a file', async () => {
    const { cookie } = await signInAsNewUser(t);
    const empty = await uploadFile(t.app, cookie, 'empty.png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ code: 'NO_FILE', message: MEDIA_MESSAGES.noFile });

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: { file: 'x' },
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(MEDIA_MESSAGES.noFile);
  });

  it('keeps only the last part of a file name and never uses it as a path', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(t);
    const res = await uploadFile(t.app, cookie, '../../etc/passwd.png', fx.png);
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('passwd.png');
    expect(filesUnder(path.join(t.config.mediaDir, workspaceId))).toEqual(
      [`${res.json().id}.png`, `${res.json().id}.thumb.webp`].sort(),
    );
  });

  it('refuses uploads and deletes sent from another site', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(t);
    const body = multipartFile('red.png', fx.png);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: body.payload,
      headers: { cookie, origin: 'https://evil.example', 'content-type': body.contentType },
    });
    expect(upload.statusCode).toBe(403);
    expect(await rowsOf(workspaceId)).toHaveLength(0);
    const item = (await uploadFile(t.app, cookie, 'red.png', fx.png)).json();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${item.id}`,
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(del.statusCode).toBe(403);
    expect(await rowsOf(workspaceId)).toHaveLength(1);
  });

  it('needs a signed-in user', async () => {
    const res = await uploadFile(t.app, '', 'red.png', fx.png);
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/media' })).statusCode).toBe(401);
  });
});

describe('plan limits', () => {
  it('accepts a file exactly at the Standard limit during the trial and refuses one byte more, storing nothing', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(t);
    const atLimit = await uploadFile(
      t.app,
      cookie,
      'at-limit.png',
      pngOfSize(fx.png, STANDARD.maxFileSizeBytes),
    );
    expect(atLimit.statusCode).toBe(201);
    expect(atLimit.json().sizeBytes).toBe(2 * MEGABYTE);

    const before = filesUnder(t.config.mediaDir);
    const over = await uploadFile(
      t.app,
      cookie,
      'over.png',
      pngOfSize(fx.png, STANDARD.maxFileSizeBytes + 1),
    );
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      code: 'FILE_TOO_LARGE',
      message: '"over.png" is larger than 2 MB, the file size limit of the Standard plan.',
    });
    expect(over.json().message).toBe(MEDIA_MESSAGES.fileTooLarge('over.png', planMediaLimits(STANDARD)));
    expect((await rowsOf(workspaceId)).map((row) => row.name)).toEqual(['at-limit.png']);
    expect(filesUnder(t.config.mediaDir)).toEqual(before);
    expect(filesUnder(tempDir())).toEqual([]);
  });

  it('refuses a far larger file from its Content-Length alone', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(t);
    const res = await uploadFile(t.app, cookie, 'huge.png', pngOfSize(fx.png, 3 * MEGABYTE));
    expect(res.statusCode).toBe(413);
    expect(res.headers.connection).toBe('close');
    expect(res.json().message).toBe(MEDIA_MESSAGES.fileTooLarge('huge.png', planMediaLimits(STANDARD)));
    expect(await rowsOf(workspaceId)).toHaveLength(0);
    expect(filesUnder(tempDir())).toEqual([]);
  });

  it('applies the limits of the plan chosen at sign-up', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(t, { plan: 'premium' });
    const res = await uploadFile(t.app, cookie, 'three-mb.png', pngOfSize(fx.png, 3 * MEGABYTE));
    expect(res.statusCode).toBe(201);
    const over = await uploadFile(
      t.app,
      cookie,
      'six-mb.png',
      pngOfSize(fx.png, PREMIUM.maxFileSizeBytes + 1),
    );
    expect(over.json().message).toBe(
      '"six-mb.png" is larger than 5 MB, the file size limit of the Premium plan.',
    );
    const list = await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie } });
    expect(list.json().usage).toEqual({
      usedBytes: 3 * MEGABYTE,
      storageBytes: 500 * MEGABYTE,
      maxFileSizeBytes: 5 * MEGABYTE,
      plan: 'Premium',
      diskFreeBytes: null,
    });
    await t.db.update(workspaces).set({ plan: 'entrepreneur' }).where(eq(workspaces.id, workspaceId));
    const bigger = await uploadFile(
      t.app,
      cookie,
      'six-mb.png',
      pngOfSize(fx.png, PREMIUM.maxFileSizeBytes + 1),
    );
    expect(bigger.statusCode).toBe(201);
  });

  it('counts storage across uploads and frees it on delete', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(t);
    await fillStorage(workspaceId, STANDARD.storageBytes - 2 * fx.png.length);
    const first = await uploadFile(t.app, cookie, 'one.png', fx.png);
    const second = await uploadFile(t.app, cookie, 'two.png', fx.png);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);

    const storedBefore = filesUnder(t.config.mediaDir);
    const third = await uploadFile(t.app, cookie, 'three.png', fx.png);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({
      code: 'STORAGE_FULL',
      message: MEDIA_MESSAGES.storageFull('three.png', planMediaLimits(STANDARD), STANDARD.storageBytes),
    });
    expect(third.json().message).toBe(
      'Uploading "three.png" would go over the 100 MB of storage of the Standard plan (100 MB used). Delete files or choose a bigger plan.',
    );
    expect(filesUnder(t.config.mediaDir)).toEqual(storedBefore);
    expect(filesUnder(tempDir())).toEqual([]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${first.json().id}`,
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(removed.statusCode).toBe(204);
    const again = await uploadFile(t.app, cookie, 'three.png', fx.png);
    expect(again.statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie } });
    expect(list.json().usage.usedBytes).toBe(STANDARD.storageBytes);
  });

  it('lets concurrent uploads fill the quota but never overshoot it', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(t);
    const room = 2 * fx.png.length + Math.floor(fx.png.length / 2);
    await fillStorage(workspaceId, STANDARD.storageBytes - room);
    const results = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((name) => uploadFile(t.app, cookie, `${name}.png`, fx.png)),
    );
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409]);
    const list = await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie } });
    expect(list.json().usage.usedBytes).toBeLessThanOrEqual(STANDARD.storageBytes);
    expect(await rowsOf(workspaceId)).toHaveLength(3);
    expect(filesUnder(path.join(t.config.mediaDir, workspaceId))).toHaveLength(4);
    expect(filesUnder(tempDir())).toEqual([]);
  });
});

describe('the quota lock', () => {
  it('serialises the final check even when storing is slow, so racing uploads never overshoot', async () => {
    const { workspaceId } = await signInAsNewUser(t);
    await fillStorage(workspaceId, STANDARD.storageBytes - 2500);
    const stored: string[] = [];
    const slowStorage: MediaStorage = {
      kind: 'local',
      async put(key) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        stored.push(key);
      },
      get: () => Promise.reject(new Error('unused')),
      async delete(key) {
        if (stored.includes(key)) stored.splice(stored.indexOf(key), 1);
      },
    };
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map((n) =>
        storeMedia(t.db, slowStorage, {
          workspaceId,
          userId: null,
          limits: planMediaLimits(STANDARD),
          file: {
            id: newMediaId(),
            name: `${n}.png`,
            mimeType: 'image/png',
            kind: 'image',
            sizeBytes: 1000,
            width: null,
            height: null,
            durationSeconds: null,
            path: '/nonexistent',
            thumbnail: null,
            extension: 'png',
          },
        }),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
    ]);
    expect(stored).toHaveLength(2);
    expect(await rowsOf(workspaceId)).toHaveLength(3);
  });
});

describe('listing and deleting', () => {
  it('lists newest first, searches by name and filters by kind', async () => {
    const { cookie } = await signInAsNewUser(t);
    await uploadFile(t.app, cookie, 'Beach 100%.png', fx.png);
    await uploadFile(t.app, cookie, 'beach_video.mp4', fx.mp4);
    await uploadFile(t.app, cookie, 'mountain.jpg', fx.jpeg);
    const get = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/media${query}`, headers: { cookie } })).json();

    const all = await get('');
    expect(all.items.map((item: { name: string }) => item.name)).toEqual([
      'mountain.jpg',
      'beach_video.mp4',
      'Beach 100%.png',
    ]);
    expect(all.thumbnailsAvailable).toBe(true);
    expect(all.usage).toEqual({
      usedBytes: fx.png.length + fx.mp4.length + fx.jpeg.length,
      storageBytes: 100 * MEGABYTE,
      maxFileSizeBytes: 2 * MEGABYTE,
      plan: 'Standard',
      diskFreeBytes: null,
    });
    expect((await get('?q=BEACH')).items.map((item: { name: string }) => item.name)).toEqual([
      'beach_video.mp4',
      'Beach 100%.png',
    ]);
    // LIKE wildcards in the search are literal characters.
    expect((await get('?q=100%25')).items.map((item: { name: string }) => item.name)).toEqual([
      'Beach 100%.png',
    ]);
    expect((await get('?q=h_v')).items.map((item: { name: string }) => item.name)).toEqual([
      'beach_video.mp4',
    ]);
    expect((await get('?kind=video')).items.map((item: { name: string }) => item.name)).toEqual([
      'beach_video.mp4',
    ]);
    expect((await get('?q=beach&kind=image')).items).toHaveLength(1);
    const bad = await t.app.inject({ method: 'GET', url: '/api/media?kind=audio', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes the row, the file and the thumbnail', async () => {
    const { cookie, workspaceId } = await signInAsNewUser(t);
    const item = (await uploadFile(t.app, cookie, 'clip.mp4', fx.mp4)).json();
    expect(filesUnder(path.join(t.config.mediaDir, workspaceId))).toHaveLength(2);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${item.id}`,
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(204);
    expect(filesUnder(path.join(t.config.mediaDir, workspaceId))).toEqual([]);
    expect(await rowsOf(workspaceId)).toHaveLength(0);
    for (const url of [`/api/media/${item.id}`, item.url, item.thumbnailUrl]) {
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(404);
    }
    const twice = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${item.id}`,
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe(MEDIA_MESSAGES.notFound);
  });

  it('keeps each workspace’s files to itself', async () => {
    const a = await signInAsNewUser(t);
    const b = await signInAsNewUser(t);
    const item = (await uploadFile(t.app, a.cookie, 'private.jpg', fx.jpeg)).json();

    const listB = await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie: b.cookie } });
    expect(listB.json().items).toEqual([]);
    expect(listB.json().usage.usedBytes).toBe(0);
    for (const url of [`/api/media/${item.id}`, item.url, item.thumbnailUrl]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: b.cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: MEDIA_MESSAGES.notFound });
    }
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${item.id}`,
      headers: { cookie: b.cookie, origin: TEST_ORIGIN },
    });
    expect(del.statusCode).toBe(404);
    expect(await rowsOf(a.workspaceId)).toHaveLength(1);
    expect(filesUnder(path.join(t.config.mediaDir, a.workspaceId))).toHaveLength(2);
    const stillThere = await t.app.inject({ method: 'GET', url: item.url, headers: { cookie: a.cookie } });
    expect(stillThere.statusCode).toBe(200);
  });
});

describe('without ffmpeg', () => {
  it('still stores uploads, without thumbnails or dimensions, and says thumbnails are unavailable', async () => {
    const bare = await createTestApp({
      config: { ffmpegPath: '/nonexistent/ffmpeg', ffprobePath: '/nonexistent/ffprobe' },
    });
    try {
      const { cookie } = await signInAsNewUser(bare);
      const res = await uploadFile(bare.app, cookie, 'clip.mp4', fx.mp4);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        kind: 'video',
        width: null,
        height: null,
        durationSeconds: null,
        thumbnailUrl: null,
      });
      const list = await bare.app.inject({ method: 'GET', url: '/api/media', headers: { cookie } });
      expect(list.json().thumbnailsAvailable).toBe(false);
      const file = await bare.app.inject({ method: 'GET', url: res.json().url, headers: { cookie } });
      expect(file.rawPayload.equals(fx.mp4)).toBe(true);
    } finally {
      await bare.close();
    }
  });
});
