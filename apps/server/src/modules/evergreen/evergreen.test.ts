/**
 * Evergreen collections through the API and the sweep (docs/evergreen.md, decision 0111): a post re-shared after
 * it went out into its account's next free queue slot no sooner than the gap, its variants in rotation (A, B, C,
 * A), one cycle at a time; a paused collection and an account without slots make nothing; malformed bodies answer
 * 400 with the shared messages; another workspace's ids answer 404; removing an entry keeps published posts.
 */
import { EVERGREEN_MESSAGES } from '@relaycast/shared/evergreen';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/auth-requests';
import { createTestApp } from '../../../test/test-app';
import { posts } from '../../db/schema/index';
import { DRIVEN_PUBLISHING, insertAccount } from '../publishing/publishing.test-support';
import {
  addedEntry,
  createdCollection,
  cyclesOf,
  DAY,
  dailySlots,
  markPublished,
  noJobs,
  scheduledPost,
} from './evergreen.test-support';
import { sweepEvergreen } from './evergreen-requeue';

const s = useTestApp({ ada: 'Ada', bob: 'Bob' }, () => createTestApp({ publishing: DRIVEN_PUBLISHING }));

/** The first daily 09:00 UTC slot strictly after `after`. */
function nextNineAfter(after: Date): Date {
  const at = new Date(after);
  at.setUTCHours(9, 0, 0, 0);
  while (at.getTime() <= after.getTime()) at.setTime(at.getTime() + DAY);
  return at;
}

const sweep = (now: Date) => sweepEvergreen({ db: s.t.db, schedulePosts: noJobs }, now);

/** An account with daily slots, a collection with `gap` days, and a post of it added with `variants`. */
async function entryWith(variants: string[], collection: Record<string, unknown> = {}, slots = true) {
  const account = await insertAccount(s.t, s.ada.workspaceId, 'linkedin');
  if (slots) await dailySlots(s.ada, account);
  const made = await createdCollection(s.ada, { name: `C ${Math.random()}`, minGapDays: 7, ...collection });
  const postId = await scheduledPost(s.ada, account, 'Text A', new Date(Date.now() + DAY).toISOString());
  const added = await addedEntry(s.ada, made.id, postId, variants);
  const entry = added.entries[0]!;
  return { account, collection: added, entry, postId };
}

describe('re-sharing an evergreen post', () => {
  it('lists the entry with its slot and variant, then re-queues it after the gap, rotating A, B, C, A', async () => {
    const { collection, entry, postId } = await entryWith(['Text B', 'Text C']);
    expect(entry).toMatchObject({
      state: 'scheduled',
      nextVariant: 0,
      variants: ['Text A', 'Text B', 'Text C'],
    });
    expect(entry.nextAt).not.toBeNull();
    // Nothing is made while the post has not gone out.
    expect((await sweep(new Date())).created).toBe(0);
    let sentAt = new Date();
    let latest = postId;
    const texts: string[] = [];
    for (let round = 0; round < 3; round++) {
      await markPublished(s.t, latest, sentAt);
      await sweep(new Date(sentAt.getTime() + 60_000));
      const cycles = await cyclesOf(s.t, entry.id);
      expect(cycles).toHaveLength(round + 2);
      const next = cycles.at(-1)!;
      expect(next.status).toBe('scheduled');
      expect(next.scheduledAt?.toISOString()).toBe(
        nextNineAfter(new Date(sentAt.getTime() + 7 * DAY)).toISOString(),
      );
      texts.push(next.content ?? '');
      // Only the next occurrence: a second sweep before it goes out makes nothing.
      expect((await sweep(new Date(sentAt.getTime() + 120_000))).created).toBe(0);
      latest = next.postId!;
      sentAt = next.scheduledAt!;
    }
    expect(texts).toEqual(['Text B', 'Text C', 'Text A']);
    const listed = (await s.ada.send('GET', '/api/evergreen')).json().collections;
    const shown = listed.find((item: { id: string }) => item.id === collection.id).entries[0];
    expect(shown).toMatchObject({ state: 'scheduled', reshares: 3, nextVariant: 0, latestPostId: latest });
  });

  it('with one text, the same text goes out again, never sooner than the gap', async () => {
    const { entry, postId } = await entryWith([], { minGapDays: 30 });
    const sentAt = new Date();
    await markPublished(s.t, postId, sentAt);
    await sweep(new Date(sentAt.getTime() + 60_000));
    const [, next] = await cyclesOf(s.t, entry.id);
    expect(next?.content).toBe('Text A');
    expect(next!.scheduledAt!.getTime()).toBeGreaterThanOrEqual(sentAt.getTime() + 30 * DAY);
  });

  it('takes the next free slot: one another post holds is skipped', async () => {
    const { account, entry, postId } = await entryWith(['Text B']);
    const sentAt = new Date();
    const held = nextNineAfter(new Date(sentAt.getTime() + 7 * DAY));
    await scheduledPost(s.ada, account, 'Another post', held.toISOString());
    await markPublished(s.t, postId, sentAt);
    await sweep(new Date(sentAt.getTime() + 60_000));
    const [, next] = await cyclesOf(s.t, entry.id);
    expect(next?.scheduledAt?.toISOString()).toBe(new Date(held.getTime() + DAY).toISOString());
  });

  it('a paused collection re-queues nothing until it is resumed', async () => {
    const { collection, entry, postId } = await entryWith(['Text B']);
    const paused = await s.ada.send('PATCH', `/api/evergreen/${collection.id}`, { paused: true });
    expect(paused.statusCode, paused.body).toBe(200);
    const sentAt = new Date();
    await markPublished(s.t, postId, sentAt);
    expect((await sweep(new Date(sentAt.getTime() + 60_000))).created).toBe(0);
    expect(await cyclesOf(s.t, entry.id)).toHaveLength(1);
    expect(paused.json().entries[0].state).toBe('scheduled');
    const listed = await s.ada.send('GET', '/api/evergreen');
    const shown = listed.json().collections.find((item: { id: string }) => item.id === collection.id);
    expect(shown.entries[0].state).toBe('paused');
    await s.ada.send('PATCH', `/api/evergreen/${collection.id}`, { paused: false });
    expect((await sweep(new Date(sentAt.getTime() + 120_000))).created).toBe(1);
  });

  it('without queue slots the entry waits and the collection says it needs them', async () => {
    const { account, collection, entry, postId } = await entryWith(['Text B'], {}, false);
    await markPublished(s.t, postId, new Date());
    expect((await sweep(new Date(Date.now() + 60_000))).created).toBe(0);
    const listed = await s.ada.send('GET', '/api/evergreen');
    const shown = listed.json().collections.find((item: { id: string }) => item.id === collection.id);
    expect(shown.needsQueueSlots).toBe(true);
    expect(shown.entries[0]).toMatchObject({
      state: 'needs_slots',
      problem: EVERGREEN_MESSAGES.needsQueueSlots,
    });
    await dailySlots(s.ada, account);
    expect((await sweep(new Date(Date.now() + 120_000))).created).toBe(1);
    expect(await cyclesOf(s.t, entry.id)).toHaveLength(2);
  });

  it('stops after N re-shares', async () => {
    const { collection, entry, postId } = await entryWith(['Text B'], { stopAfter: 1 });
    await markPublished(s.t, postId, new Date());
    await sweep(new Date(Date.now() + 60_000));
    const [, next] = await cyclesOf(s.t, entry.id);
    await markPublished(s.t, next!.postId!, new Date(Date.now() + 8 * DAY));
    expect((await sweep(new Date(Date.now() + 9 * DAY))).created).toBe(0);
    const got = await s.ada.send('GET', '/api/evergreen');
    const shown = got.json().collections.find((item: { id: string }) => item.id === collection.id);
    expect(shown.entries[0].state).toBe('ended');
  });

  it('makes no re-share whose slot falls after the end date, and shows the entry as ended', async () => {
    const endsOn = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    const { collection, entry, postId } = await entryWith(['Text B'], { endsOn });
    // The gap ends at 23:00 on the end date: the next 09:00 slot is the day after.
    const sentAt = new Date(new Date(`${endsOn}T23:00:00.000Z`).getTime() - 7 * DAY);
    await markPublished(s.t, postId, sentAt);
    expect((await sweep(new Date(sentAt.getTime() + 60_000))).created).toBe(0);
    expect(await cyclesOf(s.t, entry.id)).toHaveLength(1);
    const got = await s.ada.send('GET', '/api/evergreen');
    const shown = got.json().collections.find((item: { id: string }) => item.id === collection.id);
    expect(shown.entries[0]).toMatchObject({ state: 'ended', nextAt: null });
  });

  it('removing the entry deletes its scheduled re-share and keeps the published posts', async () => {
    const { collection, entry, postId } = await entryWith(['Text B']);
    await markPublished(s.t, postId, new Date());
    await sweep(new Date(Date.now() + 60_000));
    const [, next] = await cyclesOf(s.t, entry.id);
    const res = await s.ada.send('DELETE', `/api/evergreen/${collection.id}/entries/${entry.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deletedPostIds).toEqual([next!.postId]);
    const [source] = await s.t.db.select().from(posts).where(eq(posts.id, postId));
    expect(source).toMatchObject({ status: 'published', deletedAt: null });
    const removed = await s.ada.send('DELETE', `/api/evergreen/${collection.id}`);
    expect(removed.statusCode).toBe(200);
    const [still] = await s.t.db.select().from(posts).where(eq(posts.id, postId));
    expect(still?.deletedAt).toBeNull();
  });
});

describe('the evergreen API refuses', () => {
  it('malformed bodies with the shared messages (400)', async () => {
    const bad = async (url: string, body: unknown, message: string) => {
      const res = await s.ada.send('POST', url, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    };
    await bad('/api/evergreen', { name: '  ' }, EVERGREEN_MESSAGES.nameRequired);
    await bad('/api/evergreen', { name: 'Tips', minGapDays: 1 }, EVERGREEN_MESSAGES.gapRange);
    await bad('/api/evergreen', { name: 'Tips', stopAfter: 0 }, EVERGREEN_MESSAGES.stopAfterRange);
    await bad('/api/evergreen', { name: 'Tips', endsOn: 'soon' }, EVERGREEN_MESSAGES.badEndDate);
    const { collection, postId } = await entryWith([]);
    const url = `/api/evergreen/${collection.id}/entries`;
    await bad(url, { postId, variants: ['  '] }, EVERGREEN_MESSAGES.emptyVariant);
    await bad(url, { postId, variants: Array(10).fill('x') }, EVERGREEN_MESSAGES.tooManyVariants);
    await bad(
      url,
      { postId, variants: ['x'.repeat(3001)] },
      EVERGREEN_MESSAGES.variantTooLong(1, 'LinkedIn', 3000),
    );
    await bad(url, { postId, variants: ['Text A'] }, EVERGREEN_MESSAGES.sameVariant);
    const again = await s.ada.send('POST', url, { postId, variants: [] });
    expect(again.statusCode).toBe(409);
    const taken = await s.ada.send('POST', '/api/evergreen', { name: collection.name });
    expect(taken.json().message).toBe(EVERGREEN_MESSAGES.nameTaken);
  });

  it("another workspace's collection and entry ids (404)", async () => {
    const { collection, entry, postId } = await entryWith(['Text B']);
    const bobPost = await scheduledPost(
      s.bob,
      await insertAccount(s.t, s.bob.workspaceId, 'linkedin'),
      'Bob',
      new Date(Date.now() + DAY).toISOString(),
    );
    const id = collection.id;
    const tries = [
      s.bob.send('PATCH', `/api/evergreen/${id}`, { name: 'Mine' }),
      s.bob.send('DELETE', `/api/evergreen/${id}`),
      s.bob.send('POST', `/api/evergreen/${id}/entries`, { postId: bobPost, variants: [] }),
      s.bob.send('DELETE', `/api/evergreen/${id}/entries/${entry.id}`),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(EVERGREEN_MESSAGES.collectionNotFound);
    }
    const own = await createdCollection(s.bob, { name: 'Bob tips' });
    const foreignPost = await s.bob.send('POST', `/api/evergreen/${own.id}/entries`, {
      postId,
      variants: [],
    });
    expect(foreignPost.statusCode).toBe(404);
    const listed = (await s.bob.send('GET', '/api/evergreen')).json().collections;
    expect(listed.map((item: { id: string }) => item.id)).toEqual([own.id]);
  });
});
