/**
 * The recurring posts API (docs/recurring-posts.md, decision 0108): a weekly series in Paris makes its window of
 * posts, a bad rule or an unscheduled first post answers 400, "this and following" replaces only the occurrences
 * not yet published, "this post only" detaches one, deleting "this and following" ends the series, and another
 * workspace's series answers 404 to every route.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/auth-requests';
import { createTestApp } from '../../../test/test-app';
import { postSeries, posts, postTargets } from '../../db/schema/index';
import { DRIVEN_PUBLISHING, insertAccount } from '../publishing/publishing.test-support';
import {
  type CreatedSeries,
  createdSeries,
  seriesRows,
  tomorrowAt,
  weekdayOf,
} from './post-series.test-support';

const s = useTestApp({ ada: 'Ada', bob: 'Bob' }, () => createTestApp({ publishing: DRIVEN_PUBLISHING }));
let account: string;
let made: CreatedSeries;
const PARIS = 'Europe/Paris';

beforeAll(async () => {
  account = await insertAccount(s.t, s.ada.workspaceId, 'linkedin');
  const first = tomorrowAt('08:00');
  const weekdays = [weekdayOf(first, PARIS), (weekdayOf(first, PARIS) + 3) % 7];
  made = await createdSeries(
    s.ada,
    account,
    'Weekly tip',
    first,
    { frequency: 'weekly', interval: 1, weekdays, ends: { kind: 'after', count: 10 } },
    PARIS,
  );
});

const input = (overrides: Record<string, unknown> = {}) => ({
  content: 'Edited tip',
  platforms: ['linkedin'],
  accountIds: [account],
  action: 'schedule',
  timezone: PARIS,
  ...overrides,
});

describe('a series through the API', () => {
  it('makes the occurrences of the next 30 days, at the same local time, each a scheduled post', async () => {
    // Two days a week for 30 days: 8 or 9 occurrences, fewer than the count of 10.
    expect(made.posts.length).toBeGreaterThanOrEqual(8);
    expect(made.posts.length).toBeLessThanOrEqual(9);
    const times = made.posts.map((post) =>
      new Date(post.scheduledAt).toLocaleTimeString('en-GB', {
        timeZone: PARIS,
        hour: '2-digit',
        minute: '2-digit',
      }),
    );
    expect(new Set(times).size).toBe(1);
    const list = await s.ada.get('/api/post-series');
    expect(list.statusCode).toBe(200);
    const listed = list.json().series.find((series: { id: string }) => series.id === made.series.id);
    expect(listed).toMatchObject({
      rule: { frequency: 'weekly', interval: 1, ends: { kind: 'after', count: 10 } },
      timezone: PARIS,
      missedCount: 0,
      postIds: made.posts.map((post) => post.id),
    });
  });

  it('refuses a weekly rule without days, a draft and a first occurrence in the past, with the reason', async () => {
    const weeklyNoDays = await s.ada.send('POST', '/api/post-series', {
      post: input({ scheduledAt: tomorrowAt('09:00') }),
      rule: { frequency: 'weekly', interval: 1, weekdays: [], ends: { kind: 'never' } },
    });
    expect(weeklyNoDays.statusCode).toBe(400);
    expect(weeklyNoDays.json().message).toBe('Choose at least one day of the week.');
    const draft = await s.ada.send('POST', '/api/post-series', {
      post: input({ action: 'draft' }),
      rule: { frequency: 'daily', interval: 1, ends: { kind: 'never' } },
    });
    expect(draft.statusCode).toBe(400);
    expect(draft.json().message).toBe('A repeating post needs a date and time for its first occurrence.');
    const past = await s.ada.send('POST', '/api/post-series', {
      post: input({ scheduledAt: new Date(Date.now() - 60_000).toISOString() }),
      rule: { frequency: 'daily', interval: 1, ends: { kind: 'never' } },
    });
    expect(past.statusCode).toBe(400);
    expect((await s.t.db.select().from(postSeries)).length).toBe(1);
  });

  it("answers 404 to another workspace's series on every route", async () => {
    const { id } = made.series;
    const postId = made.posts[3]!.id;
    const body = { post: input({ scheduledAt: made.posts[3]!.scheduledAt }), rule: made.series };
    expect((await s.bob.get(`/api/post-series/${id}`)).statusCode).toBe(404);
    expect((await s.bob.send('POST', `/api/post-series/${id}/detach/${postId}`)).statusCode).toBe(404);
    expect((await s.bob.send('DELETE', `/api/post-series/${id}/from/${postId}`)).statusCode).toBe(404);
    const put = await s.bob.send('PUT', `/api/post-series/${id}/from/${postId}`, {
      ...body,
      rule: { frequency: 'daily', interval: 1, ends: { kind: 'never' } },
    });
    expect(put.statusCode).toBe(404);
    expect((await s.bob.get('/api/post-series')).json().series).toEqual([]);
  });

  it('edits "this and following": published and earlier posts stay, later unpublished ones are replaced', async () => {
    const [p0, p1, p2] = made.posts;
    // The first occurrence went out already.
    await s.t.db.update(posts).set({ status: 'published' }).where(eq(posts.id, p0!.id));
    await s.t.db.update(postTargets).set({ status: 'published' }).where(eq(postTargets.postId, p0!.id));
    const rule = { frequency: 'weekly', interval: 1, weekdays: [1], ends: { kind: 'after', count: 3 } };
    const refused = await s.ada.send('PUT', `/api/post-series/${made.series.id}/from/${p0!.id}`, {
      post: input({ scheduledAt: p0!.scheduledAt }),
      rule,
    });
    expect(refused.statusCode).toBe(409);
    const res = await s.ada.send('PUT', `/api/post-series/${made.series.id}/from/${p2!.id}`, {
      post: input({ scheduledAt: p2!.scheduledAt }),
      rule: { ...rule, weekdays: [weekdayOf(p2!.scheduledAt, PARIS)] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json();
    expect(edited.posts.map((post: { content: string }) => post.content)).toEqual(
      Array(3).fill('Edited tip'),
    );
    expect(edited.posts[0].scheduledAt).toBe(p2!.scheduledAt);
    const old = await seriesRows(s.t, made.series.id);
    expect(old.posts.map((post) => [post.id, post.content, post.status])).toEqual([
      [p0!.id, 'Weekly tip', 'published'],
      [p1!.id, 'Weekly tip', 'scheduled'],
    ]);
    expect((await s.ada.get(`/api/posts/${p2!.id}`)).statusCode).toBe(404);
    expect((await s.ada.get(`/api/post-series/${made.series.id}`)).json().endedAt).not.toBeNull();
    made = edited;
  });

  it('detaches "this post only", then deletes "this and following" without touching the detached post', async () => {
    const [q0, q1, q2] = made.posts;
    const detached = await s.ada.send('POST', `/api/post-series/${made.series.id}/detach/${q1!.id}`);
    expect(detached.statusCode, detached.body).toBe(200);
    expect(detached.json().id).toBe(q1!.id);
    const again = await s.ada.send('DELETE', `/api/post-series/${made.series.id}/from/${q1!.id}`);
    expect(again.statusCode).toBe(404);
    const removed = await s.ada.send('DELETE', `/api/post-series/${made.series.id}/from/${q0!.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().deletedPostIds.sort()).toEqual([q0!.id, q2!.id].sort());
    const [kept] = await s.t.db
      .select({ deletedAt: posts.deletedAt, status: posts.status })
      .from(posts)
      .where(and(eq(posts.id, q1!.id)));
    expect(kept).toEqual({ deletedAt: null, status: 'scheduled' });
    expect((await s.ada.get(`/api/post-series/${made.series.id}`)).json().postIds).toEqual([]);
  });
});
