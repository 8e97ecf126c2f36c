/**
 * An Instagram Reel's cover (docs/reel-covers.md), written with its post: a frame or a library image, read back
 * for the composer, refused for another workspace's file or a frame past the video's end, kept by a duplicate,
 * cleared with null, and handed to the Instagram connector as the signed JPEG URL or the moment.
 */
import { randomUUID } from 'node:crypto';
import { REEL_COVER_MESSAGES } from '@relaycast/shared/reel-covers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mediaFiles } from '../../db/schema/index';
import { reelCoverForPublish } from './reel-covers.service';

let t: TestApp;
let ada: SignedInUser;
let bob: SignedInUser;
let video: string;
let png: string;
let bobsImage: string;

async function addFile(workspaceId: string, kind: 'image' | 'video', mimeType: string): Promise<string> {
  const id = randomUUID();
  await t.db.insert(mediaFiles).values({
    id,
    workspaceId,
    name: `${kind}-${id.slice(0, 6)}`,
    mimeType,
    kind,
    sizeBytes: 1000,
    storageKey: `${workspaceId}/${id}`,
    width: 1080,
    height: 1920,
    ...(kind === 'video' ? { durationSeconds: 10 } : {}),
  });
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  ada = await signInAsNewUser(t, { name: 'Ada Reels' });
  bob = await signInAsNewUser(t, { name: 'Bob Reels' });
  video = await addFile(ada.workspaceId, 'video', 'video/mp4');
  png = await addFile(ada.workspaceId, 'image', 'image/png');
  bobsImage = await addFile(bob.workspaceId, 'image', 'image/jpeg');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const reel = (reelCover: unknown) => ({
  content: 'A Reel',
  platforms: ['instagram'],
  mediaIds: [video],
  action: 'draft',
  reelCover,
});

/** A publish target of Ada's that is a Reel: Instagram, one video. */
const reelOf = (workspaceId: string) => ({
  workspaceId,
  platform: 'instagram',
  media: [{ kind: 'video' as const }],
});

const coverOf = async (who: SignedInUser, postId: string) => who.get(`/api/reel-covers/posts/${postId}`);

describe('a Reel cover', () => {
  it('is saved with the post, read back, kept by a duplicate and cleared with null', async () => {
    const created = await ada.send('POST', '/api/posts', reel({ kind: 'frame', offsetMs: 2500 }));
    expect(created.statusCode, created.body).toBe(201);
    const postId = created.json().id as string;
    expect((await coverOf(ada, postId)).json()).toEqual({ reelCover: { kind: 'frame', offsetMs: 2500 } });
    expect(await reelCoverForPublish(t.db, t.config, reelOf(ada.workspaceId), postId)).toEqual({
      offsetMs: 2500,
    });
    // No Reel, no cover: another platform, or an image on Instagram.
    const photo = { ...reelOf(ada.workspaceId), media: [{ kind: 'image' as const }] };
    expect(await reelCoverForPublish(t.db, t.config, photo, postId)).toBeUndefined();
    const other = { ...reelOf(ada.workspaceId), platform: 'facebook' };
    expect(await reelCoverForPublish(t.db, t.config, other, postId)).toBeUndefined();

    const edited = await ada.send('PUT', `/api/posts/${postId}`, reel({ kind: 'image', mediaId: png }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await coverOf(ada, postId)).json()).toEqual({ reelCover: { kind: 'image', mediaId: png } });
    // A PNG goes to Instagram as a JPEG through the signed media URL.
    const sent = await reelCoverForPublish(t.db, t.config, reelOf(ada.workspaceId), postId);
    const url = new URL((sent as { imageUrl: string }).imageUrl);
    expect(url.pathname).toBe(`/api/media/public/${png}`);
    expect(url.searchParams.get('as')).toBe('jpeg');

    // An edit that leaves the cover out keeps it.
    const { reelCover: _left, ...withoutCover } = reel(null);
    await ada.send('PUT', `/api/posts/${postId}`, withoutCover);
    expect((await coverOf(ada, postId)).json().reelCover).toEqual({ kind: 'image', mediaId: png });

    const copy = await ada.send('POST', `/api/posts/${postId}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect((await coverOf(ada, copy.json().id)).json().reelCover).toEqual({ kind: 'image', mediaId: png });

    await ada.send('PUT', `/api/posts/${postId}`, reel(null));
    expect((await coverOf(ada, postId)).json()).toEqual({ reelCover: null });
    expect(await reelCoverForPublish(t.db, t.config, reelOf(ada.workspaceId), postId)).toBeUndefined();
  });

  it('refuses another workspace’s image, a video as the image, a frame past the end and a bad offset', async () => {
    for (const [cover, message] of [
      [{ kind: 'image', mediaId: bobsImage }, REEL_COVER_MESSAGES.imageNotFound],
      [{ kind: 'image', mediaId: video }, REEL_COVER_MESSAGES.imageNotFound],
      [{ kind: 'frame', offsetMs: 10_001 }, REEL_COVER_MESSAGES.frameAfterEnd],
      [{ kind: 'frame', offsetMs: -1 }, REEL_COVER_MESSAGES.offsetInvalid],
      [{ kind: 'frame', offsetMs: 1.5 }, REEL_COVER_MESSAGES.offsetInvalid],
    ] as const) {
      const res = await ada.send('POST', '/api/posts', reel(cover));
      expect(res.statusCode, JSON.stringify(cover)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const odd = await ada.send('POST', '/api/posts', reel({ kind: 'sticker' }));
    expect(odd.statusCode).toBe(400);
  });

  it('is read only from the caller’s workspace, and forgotten with its image', async () => {
    const created = await ada.send('POST', '/api/posts', reel({ kind: 'image', mediaId: png }));
    const postId = created.json().id as string;
    expect((await coverOf(bob, postId)).statusCode).toBe(404);
    expect((await coverOf(ada, randomUUID())).statusCode).toBe(404);
    await t.db.delete(mediaFiles).where(eq(mediaFiles.id, png));
    expect((await coverOf(ada, postId)).json()).toEqual({ reelCover: null });
  });
});
