/**
 * Re-sharing evergreen posts on a real database (docs/evergreen.md, decision 0111): sweeps at once on two apps
 * of one database make one next cycle, and a sweep that dies before its transaction commits leaves no cycle row
 * and no post, so the next sweep makes it exactly once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTwoTestApps, type TestApp } from '../../../test/test-app';
import type { Db } from '../../db/client';
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

let apps: Awaited<ReturnType<typeof createTwoTestApps>>;
let t: TestApp;
let ada: SignedInUser;

beforeAll(async () => {
  apps = await createTwoTestApps({ publishing: DRIVEN_PUBLISHING });
  t = apps.first;
  ada = await signInAsNewUser(t, { name: 'Ada' });
}, 60_000);

afterAll(async () => {
  await apps?.close();
});

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

/** An entry of two texts whose post went out just now. */
async function sentEntry(name: string) {
  const account = await insertAccount(t, ada.workspaceId, 'linkedin');
  await dailySlots(ada, account);
  const collection = await createdCollection(ada, { name, minGapDays: 3 });
  const postId = await scheduledPost(ada, account, `${name} A`, new Date(Date.now() + DAY).toISOString());
  const added = await addedEntry(ada, collection.id, postId, [`${name} B`]);
  await markPublished(t, postId, new Date());
  return { entryId: added.entries[0]!.id, account };
}

async function postCount(): Promise<number> {
  return (await t.db.select({ id: posts.id }).from(posts).where(eq(posts.workspaceId, ada.workspaceId)))
    .length;
}

describe('the evergreen sweep', () => {
  it('makes one next cycle with sweeps at once on two apps of one database', async () => {
    const { entryId } = await sentEntry('Two sweeps');
    const later = new Date(Date.now() + 60_000);
    const scheduled: string[] = [];
    const record = async (ids: readonly string[]) => void scheduled.push(...ids);
    const runs = await Promise.all([
      sweepEvergreen({ db: apps.first.db, schedulePosts: record }, later),
      sweepEvergreen({ db: apps.second.db, schedulePosts: record }, later),
      sweepEvergreen({ db: apps.second.db, schedulePosts: record }, later),
    ]);
    expect(runs.reduce((sum, run) => sum + run.created, 0)).toBe(1);
    const cycles = await cyclesOf(t, entryId);
    expect(cycles.map((row) => [row.cycle, row.content])).toEqual([
      [0, 'Two sweeps A'],
      [1, 'Two sweeps B'],
    ]);
    expect(scheduled).toEqual([cycles[1]!.postId]);
  });

  it('leaves nothing half-made when a sweep dies before committing, and the next sweep makes it once', async () => {
    const { entryId } = await sentEntry('Crash');
    const later = new Date(Date.now() + 60_000);
    const before = await postCount();
    await expect(sweepEvergreen({ db: crashingAt(t.db, 1), schedulePosts: noJobs }, later)).rejects.toThrow(
      'killed before commit',
    );
    expect((await cyclesOf(t, entryId)).map((row) => row.cycle)).toEqual([0]);
    expect(await postCount()).toBe(before);
    expect((await sweepEvergreen({ db: t.db, schedulePosts: noJobs }, later)).created).toBe(1);
    expect((await sweepEvergreen({ db: t.db, schedulePosts: noJobs }, later)).created).toBe(0);
    const cycles = await cyclesOf(t, entryId);
    expect(cycles.map((row) => [row.cycle, row.content, row.status])).toEqual([
      [0, 'Crash A', 'published'],
      [1, 'Crash B', 'scheduled'],
    ]);
    expect(await postCount()).toBe(before + 1);
  });
});
