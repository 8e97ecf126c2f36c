import type { EvergreenCollection } from '@relaycast/shared/evergreen';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SignedInUser } from '../../../test/auth-requests';
import type { TestApp } from '../../../test/test-app';
import { evergreenCycles, posts, postTargets } from '../../db/schema/index';

/** Shared by the evergreen suites: a collection and an entry made through the API, a post sent, rows read back. */

export const DAY = 86_400_000;

/** Every day at 09:00 UTC for the account, through `PUT /api/queue-slots/:id`. */
export async function dailySlots(user: SignedInUser, accountId: string, time = '09:00'): Promise<void> {
  const slots = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, time }));
  const res = await user.send('PUT', `/api/queue-slots/${accountId}`, { timeZone: 'UTC', slots });
  expect(res.statusCode, res.body).toBe(200);
}

export async function createdCollection(
  user: SignedInUser,
  body: Record<string, unknown>,
): Promise<EvergreenCollection> {
  const res = await user.send('POST', '/api/evergreen', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A LinkedIn post scheduled at `scheduledAt`, through `POST /api/posts`. */
export async function scheduledPost(
  user: SignedInUser,
  accountId: string,
  content: string,
  scheduledAt: string,
): Promise<string> {
  const res = await user.send('POST', '/api/posts', {
    content,
    platforms: ['linkedin'],
    accountIds: [accountId],
    action: 'schedule',
    scheduledAt,
    timezone: 'UTC',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

export async function addedEntry(
  user: SignedInUser,
  collectionId: string,
  postId: string,
  variants: string[],
): Promise<EvergreenCollection> {
  const res = await user.send('POST', `/api/evergreen/${collectionId}/entries`, { postId, variants });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The post went out at `at`, as the publishing engine records it. */
export async function markPublished(t: TestApp, postId: string, at: Date): Promise<void> {
  await t.db.update(posts).set({ status: 'published' }).where(eq(posts.id, postId));
  await t.db
    .update(postTargets)
    .set({ status: 'published', publishedAt: at })
    .where(eq(postTargets.postId, postId));
}

/** The entry's cycles with their live posts, in order. */
export async function cyclesOf(t: TestApp, entryId: string) {
  return t.db
    .select({
      cycle: evergreenCycles.cycle,
      variantIndex: evergreenCycles.variantIndex,
      postId: evergreenCycles.postId,
      content: posts.content,
      status: posts.status,
      scheduledAt: posts.scheduledAt,
    })
    .from(evergreenCycles)
    .leftJoin(posts, and(eq(posts.id, evergreenCycles.postId), isNull(posts.deletedAt)))
    .where(eq(evergreenCycles.entryId, entryId))
    .orderBy(asc(evergreenCycles.cycle));
}

export const noJobs = async (): Promise<void> => {};
