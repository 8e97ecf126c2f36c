import { addDaysToDate, instantToZoned, moveToDate } from '@relaycast/shared/calendar';
import { POST_MESSAGES, type Post } from '@relaycast/shared/posts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { postMedia, posts } from '../../db/schema/index';
import { created, hoursFromNow, insertMedia } from './posts.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setStatus(postId: string, status: Post['status']) {
  await t.db.update(posts).set({ status }).where(eq(posts.id, postId));
}

describe('changing posts', () => {
  it('updates content, platforms, overrides and media, schedules and unschedules', async () => {
    const ada = await signInAsNewUser(t);
    const photo = await insertMedia(t, ada.workspaceId, {
      name: 'a.jpg',
      mimeType: 'image/jpeg',
      sizeBytes: 10,
    });
    const post = await created(ada, {
      content: 'v1',
      platforms: ['twitter'],
      mediaIds: [photo],
      action: 'draft',
    });

    const at = hoursFromNow(48);
    const res = await ada.send('PUT', `/api/posts/${post.id}`, {
      content: 'v2',
      platforms: ['instagram', 'threads'],
      overrides: { threads: 'v2 for Threads' },
      mediaIds: [photo],
      action: 'schedule',
      scheduledAt: at,
      timezone: 'Europe/Berlin',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: post.id,
      content: 'v2',
      platforms: ['instagram', 'threads'],
      overrides: { threads: 'v2 for Threads' },
      status: 'scheduled',
      scheduledAt: at,
      timezone: 'Europe/Berlin',
      createdAt: post.createdAt,
    });
    expect(res.json().media.map((m: { id: string }) => m.id)).toEqual([photo]);

    const back = await ada.send('PUT', `/api/posts/${post.id}`, {
      content: 'v3',
      platforms: ['facebook'],
      action: 'draft',
    });
    expect(back.json()).toMatchObject({ status: 'draft', scheduledAt: null, media: [], overrides: {} });
    expect(await t.db.select().from(postMedia).where(eq(postMedia.postId, post.id))).toEqual([]);
  });

  it('moves a scheduled post to another day at the same local time', async () => {
    const ada = await signInAsNewUser(t);
    const zone = 'Europe/Paris';
    const post = await created(ada, {
      content: 'Drag me',
      platforms: ['facebook'],
      action: 'schedule',
      scheduledAt: hoursFromNow(24),
      timezone: zone,
    });
    const target = addDaysToDate(instantToZoned(post.scheduledAt!, zone).date, 3);
    const moved = moveToDate(post.scheduledAt!, target, zone).toISOString();
    const res = await ada.send('PATCH', `/api/posts/${post.id}/schedule`, { scheduledAt: moved });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'scheduled', scheduledAt: moved, timezone: zone });
    expect(instantToZoned(res.json().scheduledAt, zone)).toEqual({
      date: target,
      time: instantToZoned(post.scheduledAt!, zone).time,
    });

    const past = await ada.send('PATCH', `/api/posts/${post.id}/schedule`, { scheduledAt: hoursFromNow(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: POST_MESSAGES.scheduleInPast,
    });
    expect((await ada.get(`/api/posts/${post.id}`)).json().scheduledAt).toBe(moved);

    const other = await ada.send('PATCH', `/api/posts/${post.id}/schedule`, {
      scheduledAt: moved,
      timezone: 'Asia/Tokyo',
    });
    expect(other.json().timezone).toBe('Asia/Tokyo');
  });

  it('schedules a draft moved onto the calendar only when every platform rule holds', async () => {
    const ada = await signInAsNewUser(t);
    const draft = await created(ada, { content: 'Text only', platforms: ['instagram'], action: 'draft' });
    const res = await ada.send('PATCH', `/api/posts/${draft.id}/schedule`, { scheduledAt: hoursFromNow(3) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Instagram needs at least one image or video.');
    expect((await ada.get(`/api/posts/${draft.id}`)).json().status).toBe('draft');
  });

  it('refuses to change, move or delete a post that is being or was published', async () => {
    const ada = await signInAsNewUser(t);
    const post = await created(ada, {
      content: 'Going out',
      platforms: ['twitter'],
      action: 'schedule',
      scheduledAt: hoursFromNow(2),
    });
    for (const status of ['publishing', 'published', 'partially_published'] as const) {
      await setStatus(post.id, status);
      const edit = await ada.send('PUT', `/api/posts/${post.id}`, {
        content: 'Changed',
        platforms: ['twitter'],
        action: 'draft',
      });
      expect(edit.statusCode).toBe(409);
      expect(edit.json()).toEqual({ code: 'POST_NOT_EDITABLE', message: POST_MESSAGES.notEditable });
      const move = await ada.send('PATCH', `/api/posts/${post.id}/schedule`, {
        scheduledAt: hoursFromNow(9),
      });
      expect(move.statusCode).toBe(409);
    }
    await setStatus(post.id, 'publishing');
    expect((await ada.send('DELETE', `/api/posts/${post.id}`)).statusCode).toBe(409);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({ content: 'Going out', deletedAt: null });
    expect(row?.scheduledAt?.toISOString()).toBe(post.scheduledAt);

    // A published post can be duplicated into a new draft and removed from the list.
    await setStatus(post.id, 'published');
    expect((await ada.send('POST', `/api/posts/${post.id}/duplicate`)).statusCode).toBe(201);
    expect((await ada.send('DELETE', `/api/posts/${post.id}`)).statusCode).toBe(200);
  });

  it('duplicates a post as a new draft with the same content, overrides and media', async () => {
    const ada = await signInAsNewUser(t);
    const photo = await insertMedia(t, ada.workspaceId, {
      name: 'p.jpg',
      mimeType: 'image/jpeg',
      sizeBytes: 10,
    });
    const source = await created(ada, {
      content: 'Original',
      platforms: ['instagram', 'twitter'],
      overrides: { twitter: 'Short' },
      mediaIds: [photo],
      action: 'schedule',
      scheduledAt: hoursFromNow(6),
      timezone: 'Europe/Madrid',
    });
    const res = await ada.send('POST', `/api/posts/${source.id}/duplicate`);
    expect(res.statusCode).toBe(201);
    const copy: Post = res.json();
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      content: 'Original',
      platforms: ['instagram', 'twitter'],
      overrides: { twitter: 'Short' },
      status: 'draft',
      scheduledAt: null,
      timezone: 'Europe/Madrid',
      authorId: ada.userId,
    });
    expect(copy.media).toEqual(source.media);
    expect((await ada.get(`/api/posts/${source.id}`)).json()).toEqual(source);
  });

  it('deletes softly, restores within the window, and not after it', async () => {
    const ada = await signInAsNewUser(t);
    const post = await created(ada, { content: 'Oops', platforms: ['threads'], action: 'draft' });

    const del = await ada.send('DELETE', `/api/posts/${post.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual(post);
    expect((await ada.get(`/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await ada.get('/api/posts?status=draft')).json().posts).toEqual([]);
    expect((await ada.send('DELETE', `/api/posts/${post.id}`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);

    const restored = await ada.send('POST', `/api/posts/${post.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual(post);
    expect((await ada.get('/api/posts?status=draft')).json().posts).toEqual([post]);
    // Restoring a live post changes nothing.
    expect((await ada.send('POST', `/api/posts/${post.id}/restore`)).json()).toEqual(post);

    await ada.send('DELETE', `/api/posts/${post.id}`);
    await t.db
      .update(posts)
      .set({ deletedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(posts.id, post.id));
    const late = await ada.send('POST', `/api/posts/${post.id}/restore`);
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({ code: 'NOT_FOUND', message: POST_MESSAGES.notFound });
  });

  it('brings back a scheduled post whose time passed while deleted as a draft', async () => {
    const ada = await signInAsNewUser(t);
    const post = await created(ada, {
      content: 'Missed',
      platforms: ['twitter'],
      action: 'schedule',
      scheduledAt: hoursFromNow(1),
    });
    await ada.send('DELETE', `/api/posts/${post.id}`);
    await t.db
      .update(posts)
      .set({ scheduledAt: new Date(Date.now() - 60_000) })
      .where(and(eq(posts.id, post.id), eq(posts.workspaceId, ada.workspaceId)));
    const res = await ada.send('POST', `/api/posts/${post.id}/restore`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'draft', scheduledAt: null, content: 'Missed' });
  });
});
