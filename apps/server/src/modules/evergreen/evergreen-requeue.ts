import { EVERGREEN_MESSAGES } from '@relaycast/shared/evergreen';
import { postInputSchema } from '@relaycast/shared/posts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { evergreenCollections, evergreenCycles, evergreenEntries } from '../../db/schema/index';
import { ValidationError } from '../../lib/app-error';
import { memberAsCaller } from '../../lib/caller';
import { createPostsInTransaction, type Tx } from '../posts/posts-create';
import { lockQueue } from '../posts/posts-schedule';
import { plannedAccountIds, workspaceAccounts } from '../publishing/publishing-targets';
import { pickFromSlots } from '../queue-slots/queue-slots.service';
import { type CollectionRow, type EntryRow, latestCycles, nextStep, pastEnd } from './evergreen-cycles';

/**
 * Re-sharing evergreen posts (docs/evergreen.md, decision 0111). Once an entry's latest post went out, its next
 * cycle becomes an ordinary scheduled post in the next free queue slot of its accounts (queue-slots'
 * `pickFromSlots`, under the composer's queue lock) at least the collection's gap after it, with the next text
 * variant. As recurring posts do (decision 0108), the cycle is claimed by its unique (entry, cycle) row in the
 * transaction that writes its post: two sweeps or a crash never make it twice, and only the next cycle is ever
 * made, so an outage sends no burst.
 */

export interface RequeueResult {
  postId: string | null;
  problem: string | null;
}

/** In `tx` (holding the queue lock): the next cycle's post, or why there is none. */
async function makeNext(
  tx: Tx,
  collection: CollectionRow,
  entry: EntryRow,
  now: Date,
): Promise<RequeueResult> {
  const latest = (await latestCycles(tx as Db, [entry.id])).get(entry.id);
  const step = nextStep(collection, entry, latest, now);
  if (step.kind !== 'make') return { postId: null, problem: step.problem };
  const caller = entry.ownerId ? await memberAsCaller(tx as Db, entry.workspaceId, entry.ownerId) : null;
  if (!caller) return { postId: null, problem: EVERGREEN_MESSAGES.ownerLeft };
  const stored = entry.post as {
    platforms?: string[];
    accountIds?: string[];
    overrides?: Record<string, string>;
  };
  const accounts = await workspaceAccounts(tx as Db, entry.workspaceId);
  const accountIds = plannedAccountIds(
    { platforms: (stored.platforms ?? []) as never, accountIds: stored.accountIds ?? [] },
    accounts,
  );
  const [slot] = await pickFromSlots(tx as Db, entry.workspaceId, [{ accountIds }], step.earliest);
  if (slot === undefined) return { postId: null, problem: EVERGREEN_MESSAGES.needsQueueSlots };
  if (slot === null) return { postId: null, problem: EVERGREEN_MESSAGES.queueFull };
  if (pastEnd(collection, entry, slot)) return { postId: null, problem: EVERGREEN_MESSAGES.endReached };
  const [claimed] = await tx
    .insert(evergreenCycles)
    .values({ entryId: entry.id, cycle: step.cycle, variantIndex: step.variantIndex, createdAt: now })
    .onConflictDoNothing()
    .returning({ cycle: evergreenCycles.cycle });
  if (!claimed) return { postId: null, problem: null };
  const input = postInputSchema.parse({
    ...entry.post,
    content: entry.variants[step.variantIndex] ?? entry.variants[0],
    // A platform's own text belongs to the post's text: the other variants go out as written.
    overrides: step.variantIndex === 0 ? (stored.overrides ?? {}) : {},
    action: 'schedule',
    scheduledAt: slot.toISOString(),
  });
  const [postId] = await createPostsInTransaction(tx, caller, [input], now);
  if (!postId) throw new Error('the create returned no post');
  await tx
    .update(evergreenCycles)
    .set({ postId })
    .where(and(eq(evergreenCycles.entryId, entry.id), eq(evergreenCycles.cycle, step.cycle)));
  return { postId, problem: null };
}

/** One entry's next cycle in its own transaction; a platform rule's refusal is kept as the entry's problem. */
export async function requeueEntry(
  db: Db,
  collection: CollectionRow,
  entry: EntryRow,
  now: Date,
): Promise<RequeueResult> {
  let result: RequeueResult;
  try {
    result = await db.transaction(async (tx) => {
      await lockQueue(tx as Db, entry.workspaceId);
      return makeNext(tx, collection, entry, now);
    });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    result = { postId: null, problem: error.issues.map((issue) => issue.message).join(' ') };
  }
  if (result.problem !== entry.lastProblem) {
    await db
      .update(evergreenEntries)
      .set({ lastProblem: result.problem })
      .where(eq(evergreenEntries.id, entry.id));
  }
  return result;
}

/** Entries the sweep looks at per run. */
const SWEEP_LIMIT = 5_000;

/**
 * The sweep (evergreen.jobs.ts): each entry of a collection not paused whose latest post went out gets its next
 * cycle. Entries still waiting for their post are passed by without a transaction.
 */
export async function sweepEvergreen(
  deps: { db: Db; schedulePosts(postIds: readonly string[]): Promise<void> },
  now = new Date(),
): Promise<{ created: number }> {
  const rows = await deps.db
    .select({ entry: evergreenEntries, collection: evergreenCollections })
    .from(evergreenEntries)
    .innerJoin(evergreenCollections, eq(evergreenCollections.id, evergreenEntries.collectionId))
    .where(eq(evergreenCollections.paused, false))
    .limit(SWEEP_LIMIT);
  const latest = await latestCycles(
    deps.db,
    rows.map((row) => row.entry.id),
  );
  const created: string[] = [];
  for (const { entry, collection } of rows) {
    if (nextStep(collection, entry, latest.get(entry.id), now).kind !== 'make') continue;
    const result = await requeueEntry(deps.db, collection, entry, now);
    if (result.postId) created.push(result.postId);
  }
  if (created.length > 0) await deps.schedulePosts(created);
  return { created: created.length };
}
