import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mediaFiles, postMedia, posts } from '../../db/schema/index';
import { createLocalStorage } from '../../lib/media/local-storage';
import { loadPublishMedia } from './publishing-media';

/** A PNG on Instagram (JPEG only) is converted when published: the bytes and the signed URL are JPEG. */

let t: TestApp;
let workspaceId: string;
let mediaId: string;
const postId = randomUUID();

const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  t = await createTestApp();
  workspaceId = (await signInAsNewUser(t)).workspaceId;
  const source = path.join(t.config.dataDir, 'banner.png');
  execFileSync(t.config.ffmpegPath, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=320x180'],
    ...['-frames:v', '1', source],
  ]);
  mediaId = randomUUID();
  const key = `${workspaceId}/${mediaId}.png`;
  await createLocalStorage(t.config.mediaDir).put(key, source, 'image/png');
  await t.db.insert(mediaFiles).values({
    id: mediaId,
    workspaceId,
    name: 'banner.png',
    mimeType: 'image/png',
    kind: 'image',
    sizeBytes: 1000,
    storageKey: key,
  });
  await t.db.insert(posts).values({
    id: postId,
    workspaceId,
    content: 'Launch',
    platforms: ['instagram', 'facebook'],
    status: 'draft',
  });
  await t.db.insert(postMedia).values({ postId, mediaId, position: 0 });
});
afterAll(async () => {
  await t?.close();
});

describe('PNG to JPEG for a platform that takes JPEG only', () => {
  it('hands Instagram a JPEG, as bytes and through its signed URL', async () => {
    const storage = createLocalStorage(t.config.mediaDir);
    const [media] = await loadPublishMedia(t.db, t.config, storage, workspaceId, postId, 'instagram');
    expect(media?.mimeType).toBe('image/jpeg');
    expect(isJpeg(await readAll(await media!.open()))).toBe(true);
    const url = new URL(media!.publicUrl);
    expect(url.searchParams.get('as')).toBe('jpeg');
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(isJpeg(res.rawPayload)).toBe(true);
  });

  it('leaves the PNG alone for a platform that takes it', async () => {
    const storage = createLocalStorage(t.config.mediaDir);
    const [media] = await loadPublishMedia(t.db, t.config, storage, workspaceId, postId, 'facebook');
    expect(media?.mimeType).toBe('image/png');
    expect(new URL(media!.publicUrl).searchParams.get('as')).toBeNull();
    const bytes = await readAll(await media!.open());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  });

  it('answers a conversion that fails with a clear 422, never a 500', async () => {
    const brokenId = randomUUID();
    const key = `${workspaceId}/${brokenId}.png`;
    const source = path.join(t.config.dataDir, 'broken.png');
    execFileSync('sh', ['-c', `printf 'not an image' > '${source}'`]);
    await createLocalStorage(t.config.mediaDir).put(key, source, 'image/png');
    await t.db.insert(mediaFiles).values({
      id: brokenId,
      workspaceId,
      name: 'broken.png',
      mimeType: 'image/png',
      kind: 'image',
      sizeBytes: 12,
      storageKey: key,
    });
    await t.db.insert(postMedia).values({ postId, mediaId: brokenId, position: 1 });
    const storage = createLocalStorage(t.config.mediaDir);
    const list = await loadPublishMedia(t.db, t.config, storage, workspaceId, postId, 'instagram');
    const url = new URL(list[1]!.publicUrl);
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This image could not be converted to JPEG.');
    await expect(list[1]!.open()).rejects.toThrow(/could not convert/);
  });
});
