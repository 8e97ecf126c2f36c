import { POST_MESSAGES, type Post, type PostInput } from '@relaycast/shared/posts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { postMedia, posts } from '../../db/schema/index';
import { hoursFromNow, insertMedia } from './posts.test-support';

let t: TestApp;
let ada: SignedInUser;
let bob: SignedInUser;
let adaPost: Post;
let adaPhoto: string;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signInAsNewUser(t, { name: 'Ada' });
  bob = await signInAsNewUser(t, { name: 'Bob' });
  adaPhoto = await insertMedia(t, ada.workspaceId, {
    name: 'ada.jpg',
    mimeType: 'image/jpeg',
    sizeBytes: 100,
  });
  const res = await ada.send('POST', '/api/posts', {
    content: "Ada's launch",
    platforms: ['instagram'],
    mediaIds: [adaPhoto],
    action: 'schedule',
    scheduledAt: hoursFromNow(10),
  });
  expect(res.statusCode).toBe(201);
  adaPost = res.json();
});
afterAll(() => t.close());

const notFound = { code: 'NOT_FOUND', message: POST_MESSAGES.notFound };

async function adaPostIsUntouched() {
  const res = await ada.get(`/api/posts/${adaPost.id}`);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual(adaPost);
}

describe('workspace isolation', () => {
  it("keeps another workspace's posts out of reads and lists", async () => {
    const read = await bob.get(`/api/posts/${adaPost.id}`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual(notFound);

    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 30 * 86_400_000).toISOString();
    for (const url of ['/api/posts', `/api/posts?from=${from}&to=${to}`, "/api/posts?q=Ada's"]) {
      const res = await bob.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json().posts).toEqual([]);
    }
    expect((await ada.get(`/api/posts?from=${from}&to=${to}`)).json().posts).toEqual([adaPost]);
  });

  it("answers 404 to every change of another workspace's post and changes nothing", async () => {
    const attempts = [
      bob.send('PUT', `/api/posts/${adaPost.id}`, {
        content: 'Hijacked',
        platforms: ['twitter'],
        action: 'draft',
      }),
      bob.send('PATCH', `/api/posts/${adaPost.id}/schedule`, { scheduledAt: hoursFromNow(20) }),
      bob.send('POST', `/api/posts/${adaPost.id}/duplicate`),
      bob.send('DELETE', `/api/posts/${adaPost.id}`),
      bob.send('POST', `/api/posts/${adaPost.id}/restore`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    await adaPostIsUntouched();
    expect(await t.db.select().from(posts).where(eq(posts.workspaceId, bob.workspaceId))).toEqual([]);
  });

  it("cannot restore another workspace's deleted post", async () => {
    const res = await ada.send('POST', '/api/posts', {
      content: 'To delete',
      platforms: ['facebook'],
      action: 'draft',
    });
    const post: Post = res.json();
    expect((await ada.send('DELETE', `/api/posts/${post.id}`)).statusCode).toBe(200);
    const restore = await bob.send('POST', `/api/posts/${post.id}/restore`);
    expect(restore.statusCode).toBe(404);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
  });

  it("cannot attach another workspace's file, which reads exactly like a missing one", async () => {
    const input: PostInput = {
      content: 'Borrowed photo',
      platforms: ['instagram'],
      mediaIds: [adaPhoto],
      action: 'schedule',
      scheduledAt: hoursFromNow(4),
    };
    const create = await bob.send('POST', '/api/posts', input);
    expect(create.statusCode).toBe(400);
    expect(create.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: POST_MESSAGES.mediaNotFound,
      issues: [{ path: 'mediaIds', message: POST_MESSAGES.mediaNotFound }],
    });
    const missing = await bob.send('POST', '/api/posts', { ...input, mediaIds: ['does-not-exist'] });
    expect(missing.json()).toEqual(create.json());

    const own = await bob.send('POST', '/api/posts', {
      content: 'Mine',
      platforms: ['facebook'],
      action: 'draft',
    });
    const update = await bob.send('PUT', `/api/posts/${own.json().id}`, { ...input, action: 'draft' });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe(POST_MESSAGES.mediaNotFound);
    expect(await t.db.select().from(postMedia).where(eq(postMedia.mediaId, adaPhoto))).toEqual([
      { postId: adaPost.id, mediaId: adaPhoto, position: 0, altText: '' },
    ]);
  });
});
