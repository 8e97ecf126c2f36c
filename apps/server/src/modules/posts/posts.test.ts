import {
  addDaysToDate,
  calendarWeeks,
  instantToZoned,
  nextFreeSlot,
  rangeOfDates,
  todayIn,
  zonedToInstant,
} from '@relaycast/shared/calendar';
import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { POST_MESSAGES, type Post, postListSchema } from '@relaycast/shared/posts';
import { decodePostsPage, POSTS_PAGE_MEDIA_TYPE } from '@relaycast/shared/posts-page';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { posts } from '../../db/schema/index';
import { buildBestTimeModel, planSlots } from '../best-time/best-time-model';
import { type ListPostsFilter, selectPosts } from './posts.queries';
import { created, hoursFromNow, insertMedia } from './posts.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('creating and reading posts', () => {
  it('saves a draft with its media in order, links to the files and their sizes, and reads it back', async () => {
    const ada = await signInAsNewUser(t);
    const first = await insertMedia(t, ada.workspaceId, {
      name: 'first.jpg',
      mimeType: 'image/jpeg',
      sizeBytes: 1000,
      thumbnailKey: 'thumbs/first.webp',
      width: 1080,
      height: 1350,
    });
    const second = await insertMedia(t, ada.workspaceId, {
      name: 'second.mp4',
      mimeType: 'video/mp4',
      sizeBytes: 5000,
      durationSeconds: 12.5,
    });
    const post = await created(ada, {
      content: 'Hello world',
      platforms: ['facebook', 'twitter'],
      overrides: { twitter: 'Hello X' },
      mediaIds: [second, first],
      action: 'draft',
      timezone: 'Europe/Paris',
    });
    expect(post).toMatchObject({
      content: 'Hello world',
      platforms: ['facebook', 'twitter'],
      overrides: { twitter: 'Hello X' },
      status: 'draft',
      scheduledAt: null,
      timezone: 'Europe/Paris',
      authorId: ada.userId,
    });
    expect(post.media).toEqual([
      {
        id: second,
        name: 'second.mp4',
        mimeType: 'video/mp4',
        sizeBytes: 5000,
        url: `/api/media/${second}/file`,
        thumbnailUrl: null,
        durationSeconds: 12.5,
        width: null,
        height: null,
        altText: '',
      },
      {
        id: first,
        name: 'first.jpg',
        mimeType: 'image/jpeg',
        sizeBytes: 1000,
        url: `/api/media/${first}/file`,
        thumbnailUrl: `/api/media/${first}/thumbnail`,
        durationSeconds: null,
        width: 1080,
        height: 1350,
        altText: '',
      },
    ]);
    const read = await ada.get(`/api/posts/${post.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(post);
    expect(Object.keys(read.json())).not.toContain('workspaceId');
  });

  it('schedules a post at the chosen instant in its time zone', async () => {
    const ada = await signInAsNewUser(t);
    const at = hoursFromNow(30);
    const post = await created(ada, {
      content: 'Launch day',
      platforms: ['linkedin'],
      action: 'schedule',
      scheduledAt: at,
      timezone: 'America/New_York',
    });
    expect(post).toMatchObject({ status: 'scheduled', scheduledAt: at, timezone: 'America/New_York' });
  });

  it('keeps 09:00 Europe/Paris on the day the clocks go forward', async () => {
    const ada = await signInAsNewUser(t);
    // The last Sunday of March after today: Paris moves from UTC+1 to UTC+2 at 02:00 that night.
    const year = new Date().getUTCFullYear() + 1;
    const lastOfMarch = new Date(Date.UTC(year, 2, 31));
    const day = `${year}-03-${String(31 - lastOfMarch.getUTCDay()).padStart(2, '0')}`;
    expect(zonedToInstant(day, '12:00', 'Europe/Paris').getTime()).toBe(
      zonedToInstant(day, '00:00', 'Europe/Paris').getTime() + 11 * 3_600_000,
    );

    const at = zonedToInstant(day, '09:00', 'Europe/Paris');
    expect(at.toISOString()).toBe(`${day}T07:00:00.000Z`);
    const post = await created(ada, {
      content: 'Summer time',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: at.toISOString(),
      timezone: 'Europe/Paris',
    });
    const read: Post = (await ada.get(`/api/posts/${post.id}`)).json();
    expect(read.scheduledAt).toBe(at.toISOString());
    expect(instantToZoned(read.scheduledAt!, read.timezone)).toEqual({ date: day, time: '09:00' });
  });

  it('queues into the next free slot and skips the slots already taken', async () => {
    const ada = await signInAsNewUser(t);
    const zone = 'Asia/Tokyo';
    const queue = () =>
      created(ada, { content: 'Queued', platforms: ['bluesky'], action: 'queue', timezone: zone });

    const before = new Date();
    const first = await queue();
    const after = new Date();
    // The slot after "now": computed on either side of the request, in case a slot boundary passed during it.
    const expected = [nextFreeSlot(before, zone, []), nextFreeSlot(after, zone, [])].map((d) =>
      d?.toISOString(),
    );
    expect(expected).toContain(first.scheduledAt);
    expect(first.status).toBe('scheduled');
    expect(first.timezone).toBe(zone);

    const second = await queue();
    expect(second.scheduledAt).toBe(
      nextFreeSlot(new Date(first.scheduledAt!), zone, [first.scheduledAt!])?.toISOString(),
    );

    // Take the slot after `second` by hand: the queue must go past it.
    const taken = nextFreeSlot(new Date(second.scheduledAt!), zone, [])!;
    await created(ada, {
      content: 'By hand',
      platforms: ['bluesky'],
      action: 'schedule',
      scheduledAt: taken.toISOString(),
      timezone: zone,
    });
    const third = await queue();
    expect(third.scheduledAt).toBe(nextFreeSlot(taken, zone, [])?.toISOString());
    expect(new Set([first, second, third].map((p) => p.scheduledAt)).size).toBe(3);
    expect(instantToZoned(third.scheduledAt!, zone).time).toMatch(/^(09:00|12:00|17:00)$/);
  });

  it('refuses a queue with every slot taken', async () => {
    const ada = await signInAsNewUser(t);
    const zone = 'UTC';
    // Fill every slot the queue may pick in its horizon (the X prior's: no account, so no history) with a
    // scheduled post, straight into the table. The queue picks the best-time model's slots (docs/best-time.md).
    const now = new Date();
    const model = buildBestTimeModel({ timeZone: zone, histories: [{ platform: 'twitter', posts: [] }] });
    const slots = planSlots(model, {
      from: now,
      to: new Date(now.getTime() + 62 * 86_400_000),
      seed: '',
    }).map((slot) => new Date(slot.at));
    expect(slots.length).toBeGreaterThan(150);
    await t.db.insert(posts).values(
      slots.map((slot, index) => ({
        id: `full-${ada.workspaceId}-${index}`,
        workspaceId: ada.workspaceId,
        content: 'Taken',
        platforms: ['twitter'],
        status: 'scheduled' as const,
        scheduledAt: slot,
        timezone: zone,
      })),
    );
    const res = await ada.send('POST', '/api/posts', {
      content: 'One more',
      platforms: ['twitter'],
      action: 'queue',
      timezone: zone,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: POST_MESSAGES.queueFull });
  });
});

describe('listing posts', () => {
  it('returns exactly the posts scheduled inside the three weeks, from inclusive and to exclusive', async () => {
    const ada = await signInAsNewUser(t);
    const zone = 'America/Los_Angeles';
    const weeks = calendarWeeks(addDaysToDate(todayIn(zone), 28));
    const { from, to } = rangeOfDates(weeks[0]![0]!, weeks[2]![6]!, zone);
    const minute = 60_000;
    const schedule = (at: Date, content: string) =>
      created(ada, {
        content,
        platforms: ['twitter'],
        action: 'schedule',
        scheduledAt: at.toISOString(),
        timezone: zone,
      });
    await schedule(new Date(from.getTime() - minute), 'just before');
    await schedule(new Date(to.getTime() - minute), 'last minute');
    await schedule(from, 'first instant');
    await schedule(new Date((from.getTime() + to.getTime()) / 2), 'middle');
    await schedule(to, 'first instant after');
    await created(ada, { content: 'a draft', platforms: ['twitter'], action: 'draft' });
    const gone = await schedule(new Date(from.getTime() + 60 * minute), 'deleted');
    expect((await ada.send('DELETE', `/api/posts/${gone.id}`)).statusCode).toBe(200);

    const url = `/api/posts?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
    const res = await ada.get(url);
    expect(res.statusCode).toBe(200);
    const list: Post[] = res.json().posts;
    expect(list.map((post) => post.content)).toEqual(['first instant', 'middle', 'last minute']);
    // The list is written without the schema check (for speed): it must still be exactly what the schema allows
    // (parsing strips unknown keys), and each post what GET /api/posts/:id answers through the schema.
    expect(postListSchema.parse(res.json())).toEqual(res.json());
    for (const post of list) expect((await ada.get(`/api/posts/${post.id}`)).json()).toEqual(post);

    const failedOnly = await ada.get(`${url}&status=failed`);
    expect(failedOnly.json().posts).toEqual([]);
    const limited = await ada.get(`${url}&limit=2`);
    expect(limited.json().posts.map((post: Post) => post.content)).toEqual(['first instant', 'middle']);
  });

  it('sends the page as the database wrote it to a client that asks, and it decodes to the same posts', async () => {
    const ada = await signInAsNewUser(t);
    const image = await insertMedia(t, ada.workspaceId, {
      name: 'cover.jpg',
      mimeType: 'image/jpeg',
      sizeBytes: 2000,
      thumbnailKey: 'thumbs/secret-storage-key.webp',
      width: 800,
      height: 600,
    });
    const from = hoursFromNow(1);
    const to = hoursFromNow(100);
    await created(ada, {
      content: 'First with media',
      platforms: ['twitter', 'facebook'],
      mediaIds: [image],
      action: 'schedule',
      scheduledAt: hoursFromNow(3),
    });
    await created(ada, {
      content: 'Second',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: hoursFromNow(2),
    });
    await created(ada, { content: 'A draft', platforms: ['twitter'], action: 'draft' });
    const page = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: ada.cookie, accept: POSTS_PAGE_MEDIA_TYPE } });

    for (const url of [
      `/api/posts?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      '/api/posts?status=draft',
      '/api/posts?q=nothing-matches-this',
    ]) {
      const raw = await page(url);
      expect(raw.statusCode).toBe(200);
      expect(raw.headers['content-type']).toContain(POSTS_PAGE_MEDIA_TYPE);
      expect(raw.headers.vary).toContain('accept');
      const objects = await ada.get(url);
      expect(objects.headers['content-type']).toContain('application/json');
      expect(decodePostsPage(raw.json())).toEqual(objects.json().posts);
    }
    const calendar = await page(`/api/posts?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(decodePostsPage(calendar.json()).map((post) => post.content)).toEqual([
      'Second',
      'First with media',
    ]);
    expect(decodePostsPage(calendar.json())[1]?.media[0]?.thumbnailUrl).toBe(`/api/media/${image}/thumbnail`);
    // The page goes to the browser as it is: a file's storage keys never do.
    expect(calendar.body).not.toContain('secret-storage-key');
    expect((await page('/api/posts?q=nothing-matches-this')).json().posts).toEqual([]);
  });

  it('answers from the workspace indexes, with the media in the same statement', async () => {
    const ada = await signInAsNewUser(t);
    // A year of posts (a fifth drafts) so the planner has real choices to make.
    await t.db.execute(sql`
      insert into posts (id, workspace_id, content, platforms, status, scheduled_at, updated_at)
      select 'plan-' || g, ${ada.workspaceId}, 'Post ' || g, array['twitter'],
             case when g % 5 = 0 then 'draft' else 'scheduled' end,
             case when g % 5 = 0 then null else now() + g * interval '3 hours' end,
             now() - g * interval '1 minute'
      from generate_series(1, 3000) g`);
    await t.db.execute(sql`analyze posts`);
    const planOf = (filter: ListPostsFilter) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(sql`explain ${selectPosts(tx, ada.workspaceId, filter).getSQL()}`);
        return (result as unknown as { rows: Record<string, string>[] }).rows
          .map((row) => Object.values(row)[0])
          .join('\n');
      });
    const range = await planOf({ from: hoursFromNow(100), to: hoursFromNow(604), limit: 200 });
    expect(range, range).toMatch(
      /Index Scan using posts_workspace_scheduled_idx on posts|Bitmap Index Scan on posts_workspace_scheduled_idx/,
    );
    // The page's media, targets, thread media and labels: each read once for the page, in the same statement.
    expect(range, range).toMatch(/InitPlan/);
    const drafts = await planOf({ status: ['draft'], limit: 200 });
    expect(drafts, drafts).toContain('posts_workspace_status_updated_idx');

    const listed: Post[] = (
      await ada.get(
        `/api/posts?from=${encodeURIComponent(hoursFromNow(100))}&to=${encodeURIComponent(hoursFromNow(604))}`,
      )
    ).json().posts;
    expect(listed.length).toBeGreaterThan(100);
  });

  it('lists drafts newest first and searches their content without regard to case', async () => {
    const ada = await signInAsNewUser(t);
    const older = await created(ada, {
      content: 'Spring SALE starts',
      platforms: ['facebook'],
      action: 'draft',
    });
    const newer = await created(ada, { content: 'Team photo', platforms: ['facebook'], action: 'draft' });
    await created(ada, {
      content: 'Scheduled sale',
      platforms: ['facebook'],
      action: 'schedule',
      scheduledAt: hoursFromNow(5),
    });
    const percent = await created(ada, { content: '100% off', platforms: ['facebook'], action: 'draft' });

    const drafts: Post[] = (await ada.get('/api/posts?status=draft')).json().posts;
    expect(drafts.map((post) => post.id)).toEqual([percent.id, newer.id, older.id]);

    // Editing a draft moves it to the top.
    const edit = await ada.send('PUT', `/api/posts/${older.id}`, {
      content: 'Spring SALE starts Monday',
      platforms: ['facebook'],
      action: 'draft',
    });
    expect(edit.statusCode).toBe(200);
    const reordered: Post[] = (await ada.get('/api/posts?status=draft')).json().posts;
    expect(reordered[0]?.id).toBe(older.id);

    const found: Post[] = (await ada.get('/api/posts?status=draft&q=sale')).json().posts;
    expect(found.map((post) => post.content)).toEqual(['Spring SALE starts Monday']);
    const anyStatus: Post[] = (await ada.get('/api/posts?q=SALE')).json().posts;
    expect(anyStatus).toHaveLength(2);
    // % is a character to find, not a wildcard.
    expect((await ada.get('/api/posts?q=0%25')).json().posts.map((p: Post) => p.id)).toEqual([percent.id]);
    expect((await ada.get('/api/posts?q=%25%25')).json().posts).toEqual([]);
  });

  it('refuses a range that ends before it starts and an unknown status', async () => {
    const ada = await signInAsNewUser(t);
    const range = await ada.get('/api/posts?from=2027-01-02T00:00:00Z&to=2027-01-01T00:00:00Z');
    expect(range.statusCode).toBe(400);
    expect(range.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: POST_MESSAGES.rangeOrder });
    expect((await ada.get('/api/posts?status=lost')).statusCode).toBe(400);
  });
});

describe('access', () => {
  it('asks for sign-in without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/posts'],
      ['GET', '/api/posts/x'],
      ['POST', '/api/posts/x/duplicate'],
      ['DELETE', '/api/posts/x'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('refuses a change sent from another site, and stores nothing', async () => {
    const ada = await signInAsNewUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie: ada.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ content: 'Hi', platforms: ['twitter'], action: 'draft' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'CROSS_SITE_REQUEST',
      message: expect.stringContaining(AUTH_MESSAGES.crossSiteRefused),
    });
    expect(await t.db.select().from(posts).where(eq(posts.workspaceId, ada.workspaceId))).toEqual([]);
  });
});
