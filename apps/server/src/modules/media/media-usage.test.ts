import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/auth-requests';
import { created, insertMedia } from '../posts/posts.test-support';

const s = useTestApp({ ada: 'Ada', bob: 'Bob' });

describe('GET /api/media/:id/usage', () => {
  it('lists the posts that attach the file, not deleted ones, and nothing for an unused file', async () => {
    const image = await insertMedia(s.t, s.ada.workspaceId, {
      name: 'a.jpg',
      mimeType: 'image/jpeg',
      sizeBytes: 10,
    });
    const unused = await insertMedia(s.t, s.ada.workspaceId, {
      name: 'b.jpg',
      mimeType: 'image/jpeg',
      sizeBytes: 10,
    });
    const first = await created(s.ada, {
      content: `Launch day\nsecond line ${'x'.repeat(100)}`,
      platforms: ['facebook'],
      mediaIds: [image],
      action: 'draft',
      timezone: 'UTC',
    });
    const second = await created(s.ada, {
      content: 'x'.repeat(120),
      platforms: ['facebook'],
      mediaIds: [image],
      action: 'draft',
      timezone: 'UTC',
    });
    const res = await s.ada.get(`/api/media/${image}/usage`);
    expect(res.statusCode, res.body).toBe(200);
    const posts = res.json().posts;
    expect(posts.map((post: { id: string }) => post.id).sort()).toEqual([first.id, second.id].sort());
    expect(posts.find((post: { id: string }) => post.id === first.id)).toMatchObject({
      excerpt: 'Launch day',
      status: 'draft',
      scheduledAt: null,
    });
    expect(posts.find((post: { id: string }) => post.id === second.id).excerpt).toBe(`${'x'.repeat(79)}…`);

    expect((await s.ada.send('DELETE', `/api/posts/${second.id}`)).statusCode).toBe(200);
    expect((await s.ada.get(`/api/media/${image}/usage`)).json().posts).toHaveLength(1);
    expect((await s.ada.get(`/api/media/${unused}/usage`)).json()).toEqual({ posts: [] });
  });

  it('refuses another workspace’s file and unknown ids with 404', async () => {
    const image = await insertMedia(s.t, s.ada.workspaceId, {
      name: 'c.jpg',
      mimeType: 'image/jpeg',
      sizeBytes: 10,
    });
    for (const url of [`/api/media/${image}/usage`, '/api/media/no-such-id/usage']) {
      const res = await s.bob.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await s.t.app.inject({ method: 'GET', url: `/api/media/${image}/usage` })).statusCode).toBe(401);
  });
});
