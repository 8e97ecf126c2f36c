/**
 * Materialising recurring posts (docs/recurring-posts.md, decision 0108) on a real database: two sweeps at once
 * (two apps on one database) and a sweep that crashes halfway make each occurrence once; a long outage records
 * the missed occurrences and makes none in the past; series posts that came due while nothing ran are held, not
 * published in a batch; and with two workers every occurrence is published exactly once.
 */
import { POST_SERIES_MESSAGES, SERIES_WINDOW_OCCURRENCES } from '@relaycast/shared/post-series';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTwoTestApps, type TestApp } from '../../../test/test-app';
import type { Db } from '../../db/client';
import { postSeries, postSeriesOccurrences, posts, postTargets } from '../../db/schema/index';
import { registerConnector } from '../../platforms/registry';
import { DRIVEN_PUBLISHING, insertAccount, scriptedConnector } from '../publishing/publishing.test-support';
import { createdSeries, expectEachOnce, seriesRows, tomorrowAt } from './post-series.test-support';
import { sweepPostSeries } from './post-series-materialise';

const DAY = 86_400_000;
let apps: Awaited<ReturnType<typeof createTwoTestApps>>;
let t: TestApp;
let ada: SignedInUser;
let account: string;
let restore: () => void;
const published: string[] = [];

beforeAll(async () => {
  // Posts that came due up to ten days ago would be published at start (PUBLISH_STALE_AFTER_HOURS): a series' must not.
  apps = await createTwoTestApps({ publishing: DRIVEN_PUBLISHING, config: { publishStaleAfterHours: 240 } });
  t = apps.first;
  ada = await signInAsNewUser(t, { name: 'Ada' });
  account = await insertAccount(t, ada.workspaceId, 'linkedin');
  restore = registerConnector(
    scriptedConnector(async (request) => {
      published.push(request.text);
      return { platformPostId: `p-${published.length}`, url: 'https://example.test/p' };
    }),
  );
}, 60_000);

afterAll(async () => {
  restore?.();
  await apps?.close();
});

const daily = { frequency: 'daily', interval: 1, ends: { kind: 'never' } } as const;
const noJobs = async () => {};

/** A `db` whose `nth` transaction does its work, then dies before committing (a process killed mid-sweep). */
function crashingAt(db: Db, nth: number): Db {
  let calls = 0;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return (work: (tx: unknown) => Promise<unknown>) => {
        calls += 1;
        if (calls !== nth) return target.transaction(work as never);
        return target.transaction(async (tx) => {
          await work(tx);
          throw new Error('killed before commit');
        });
      };
    },
  });
}

describe('materialising a series', () => {
  it('makes the window at once: the next 10 daily occurrences, none twice', async () => {
    const made = await createdSeries(ada, account, 'Daily window', tomorrowAt('09:00'), daily);
    expect(made.posts).toHaveLength(SERIES_WINDOW_OCCURRENCES);
    expect(made.series.postIds).toEqual(made.posts.map((post) => post.id));
    expect(made.posts.every((post) => post.status === 'scheduled' && post.content === 'Daily window')).toBe(
      true,
    );
    expect(
      new Date(made.posts[1]!.scheduledAt).getTime() - new Date(made.posts[0]!.scheduledAt).getTime(),
    ).toBe(DAY);
  });

  it('is idempotent with two sweeps at once on two apps of one database', async () => {
    const start = tomorrowAt('10:00');
    const made = await createdSeries(ada, account, 'Two sweeps', start, daily);
    // From the series' first occurrence, not from now: days 0 … 4 passed whatever the hour the test runs at.
    const later = new Date(Date.parse(start) + 4.5 * DAY);
    const scheduled: string[] = [];
    const record = async (ids: readonly string[]) => void scheduled.push(...ids);
    await Promise.all([
      sweepPostSeries({ db: apps.first.db, schedulePosts: record }, later),
      sweepPostSeries({ db: apps.second.db, schedulePosts: record }, later),
      sweepPostSeries({ db: apps.second.db, schedulePosts: record }, later),
    ]);
    const rows = await seriesRows(t, made.series.id);
    expectEachOnce(rows.posts.map((post) => post.scheduledAt));
    const ahead = rows.posts.filter((post) => post.scheduledAt!.getTime() > later.getTime());
    expect(ahead).toHaveLength(SERIES_WINDOW_OCCURRENCES);
    // Day 0 … 4 passed unpublished in this test (no worker ran), day 5 on are ahead: 15 posts, 5 new.
    expect(rows.posts).toHaveLength(15);
    const fresh = rows.posts.slice(10).map((post) => post.id);
    expect(scheduled.filter((id) => fresh.includes(id)).sort()).toEqual([...fresh].sort());
    expect(rows.occurrences.map((row) => row.occurrenceIndex)).toEqual([...Array(15).keys()]);
  });

  it('makes each occurrence once when a sweep dies halfway, and no occurrence row is left without its post', async () => {
    const start = tomorrowAt('11:00');
    const made = await createdSeries(ada, account, 'Crash', start, daily);
    const later = new Date(Date.parse(start) + 3.5 * DAY);
    const before = (await seriesRows(t, made.series.id)).posts.length;
    // Each occurrence is one transaction: the run dies in its third, whichever series that one belongs to (the
    // first test's series also has four days to add at this instant).
    await expect(sweepPostSeries({ db: crashingAt(t.db, 3), schedulePosts: noJobs }, later)).rejects.toThrow(
      'killed before commit',
    );
    const halfway = await t.db.select().from(postSeriesOccurrences);
    expect(halfway.filter((row) => row.status === 'created' && row.postId === null)).toEqual([]);
    await sweepPostSeries({ db: crashingAt(t.db, 2), schedulePosts: noJobs }, later).catch(() => undefined);
    await sweepPostSeries({ db: t.db, schedulePosts: noJobs }, later);
    for (const series of await t.db.select().from(postSeries)) {
      expectEachOnce((await seriesRows(t, series.id)).posts.map((post) => post.scheduledAt));
    }
    const rows = await seriesRows(t, made.series.id);
    expect(before).toBe(SERIES_WINDOW_OCCURRENCES);
    expect(rows.posts).toHaveLength(14);
    expect(rows.occurrences.map((row) => row.occurrenceIndex)).toEqual([...Array(14).keys()]);
  });

  it('after a long outage records the missed occurrences and makes none in the past', async () => {
    const start = tomorrowAt('12:00');
    const made = await createdSeries(ada, account, 'Outage', start, daily);
    const later = new Date(Date.parse(start) + 39.5 * DAY);
    await sweepPostSeries({ db: t.db, schedulePosts: noJobs }, later);
    const rows = await seriesRows(t, made.series.id);
    const missed = rows.occurrences.filter((row) => row.status === 'missed');
    // Days 0 … 9 were made before the outage; days 10 … 39 came due while nothing ran: missed, no post.
    expect(missed.map((row) => row.occurrenceIndex)).toEqual([...Array(30).keys()].map((i) => i + 10));
    expect(missed.every((row) => row.postId === null && row.scheduledAt.getTime() <= later.getTime())).toBe(
      true,
    );
    const madeNow = rows.posts.slice(SERIES_WINDOW_OCCURRENCES);
    expect(madeNow).toHaveLength(SERIES_WINDOW_OCCURRENCES);
    expect(madeNow.every((post) => post.scheduledAt!.getTime() > later.getTime())).toBe(true);
    const answer = await ada.get(`/api/post-series/${made.series.id}`);
    expect(answer.json().missedCount).toBe(30);
  });
});

describe('publishing the occurrences', () => {
  it('holds the posts that came due during an outage and publishes only the one still on time', async () => {
    const made = await createdSeries(ada, account, 'Held after outage', tomorrowAt('13:00'), daily);
    const ids = made.posts.map((post) => post.id);
    // As if the server had been down nine days: occurrences 0 … 8 came due days ago, 9 a minute ago.
    for (const [i, id] of ids.entries()) {
      const at = new Date(Date.now() - (i === 9 ? 60_000 : (9 - i) * DAY));
      await t.db.update(posts).set({ scheduledAt: at }).where(eq(posts.id, id));
      await t.db.update(postTargets).set({ dueAt: at }).where(eq(postTargets.postId, id));
    }
    const sent = published.length;
    await Promise.all([apps.first.app.publishing.engine.sweep(), apps.second.app.publishing.engine.sweep()]);
    const targets = await t.db.select().from(postTargets).where(inArray(postTargets.postId, ids));
    const byPost = new Map(targets.map((target) => [target.postId, target]));
    expect(ids.slice(0, 9).map((id) => byPost.get(id)?.status)).toEqual(Array(9).fill('held'));
    expect(byPost.get(ids[0]!)?.lastError).toBe(POST_SERIES_MESSAGES.late);
    expect(byPost.get(ids[9]!)?.status).toBe('published');
    expect(published.slice(sent)).toEqual(['Held after outage']);
  });

  it('publishes every occurrence exactly once when two workers race for each target', async () => {
    const made = await createdSeries(ada, account, 'Exactly once', tomorrowAt('14:00'), daily);
    const targetIds = made.posts.flatMap((post) => post.targets.map((target) => target.id));
    const at = new Date(Date.now() - 1_000);
    const postIds = made.posts.map((post) => post.id);
    await t.db.update(posts).set({ scheduledAt: at }).where(inArray(posts.id, postIds));
    await t.db.update(postTargets).set({ dueAt: at }).where(inArray(postTargets.postId, postIds));
    const sent = published.length;
    await Promise.all(
      targetIds.flatMap((id) => [
        apps.first.app.publishing.engine.publishTarget(id),
        apps.second.app.publishing.engine.publishTarget(id),
      ]),
    );
    expect(published.slice(sent)).toEqual(Array(targetIds.length).fill('Exactly once'));
    const targets = await t.db.select().from(postTargets).where(inArray(postTargets.id, targetIds));
    expect(targets.map((target) => target.status)).toEqual(Array(targetIds.length).fill('published'));
  });
});
