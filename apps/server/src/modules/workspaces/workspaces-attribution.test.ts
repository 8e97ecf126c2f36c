import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { plannedStreams, posts, workspaceMembers } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const draft = (content: string) => ({ content, platforms: ['bluesky'], action: 'draft' });

describe('shared calendar attribution', () => {
  it('records who created and who last changed a post, and the post and list APIs name them', async () => {
    const owner = await signInAsNewUser(t, { name: 'Olga Owner' });
    const editor = await signInAsNewUser(t, { name: 'Eddie Editor' });
    await t.db.insert(workspaceMembers).values({
      id: `e-${editor.userId}`,
      organizationId: owner.workspaceId,
      userId: editor.userId,
      role: 'editor',
    });
    expect((await editor.send('POST', `/api/workspaces/${owner.workspaceId}/switch`)).statusCode).toBe(204);

    const created = await owner.send('POST', '/api/posts', draft('First words'));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(created.json()).toMatchObject({ createdByName: 'Olga Owner', updatedByName: 'Olga Owner' });

    // The editor sees the owner's post (one shared calendar) and changes it.
    const updated = await editor.send('PUT', `/api/posts/${id}`, draft('Better words'));
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ createdByName: 'Olga Owner', updatedByName: 'Eddie Editor' });
    const [row] = await t.db.select().from(posts).where(eq(posts.id, id));
    expect(row).toMatchObject({ authorId: owner.userId, updatedBy: editor.userId });

    const list = await owner.send('GET', '/api/posts');
    const listed = list.json().posts.find((post: { id: string }) => post.id === id);
    expect(listed).toMatchObject({ createdByName: 'Olga Owner', updatedByName: 'Eddie Editor' });
  });

  it('shows nothing for rows written before the change was recorded', async () => {
    const owner = await signInAsNewUser(t, { name: 'Old Timer' });
    const id = (await owner.send('POST', '/api/posts', draft('Old'))).json().id as string;
    await t.db.update(posts).set({ updatedBy: null }).where(eq(posts.id, id));
    const got = await owner.send('GET', `/api/posts/${id}`);
    expect(got.json()).toMatchObject({ createdByName: 'Old Timer', updatedByName: null });
  });

  it('records who planned and who last changed a planned stream', async () => {
    const owner = await signInAsNewUser(t, { name: 'Stream Planner' });
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const res = await owner.send('POST', '/api/scheduled-streams', {
      title: 'Launch',
      scheduledAt: at,
      timezone: 'UTC',
      destinationIds: [],
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(plannedStreams).where(eq(plannedStreams.id, res.json().id));
    expect(row).toMatchObject({ userId: owner.userId, updatedBy: owner.userId });
  });

  it('shows every member’s planned streams on the shared calendar, with names; only the planner opens one', async () => {
    const owner = await signInAsNewUser(t, { name: 'Pat Planner' });
    const editor = await signInAsNewUser(t, { name: 'Sam Streamer' });
    await t.db.insert(workspaceMembers).values({
      id: `s-${editor.userId}`,
      organizationId: owner.workspaceId,
      userId: editor.userId,
      role: 'editor',
    });
    await editor.send('POST', `/api/workspaces/${owner.workspaceId}/switch`);
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const planned = await owner.send('POST', '/api/scheduled-streams', {
      title: 'Owner live',
      scheduledAt: at,
      timezone: 'UTC',
      destinationIds: [],
    });
    expect(planned.statusCode).toBe(201);
    const id = planned.json().id as string;
    const range = `from=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&to=${encodeURIComponent(
      new Date(Date.now() + 7 * 86_400_000).toISOString(),
    )}`;

    const seen = await editor.send('GET', `/api/scheduled-streams?${range}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().streams).toEqual([
      expect.objectContaining({
        id,
        title: 'Owner live',
        createdByName: 'Pat Planner',
        updatedByName: 'Pat Planner',
        isYours: false,
        destinationIds: [],
      }),
    ]);
    const own = await owner.send('GET', `/api/scheduled-streams?${range}`);
    expect(own.json().streams[0]).toMatchObject({ id, isYours: true });
    // Opening, changing or deleting it stays the planner's (it goes live with their destinations).
    expect((await editor.send('GET', `/api/scheduled-streams/${id}`)).statusCode).toBe(404);
    expect((await editor.send('DELETE', `/api/scheduled-streams/${id}`)).statusCode).toBe(404);
    // The Schedule Stream page's own list (no range) is the caller's only.
    expect((await editor.send('GET', '/api/scheduled-streams')).json().streams).toEqual([]);
  });
});
