import { instantToZoned } from '@relaycast/shared/calendar';
import { type EntryState, EVERGREEN_MESSAGES, variantIndexOf } from '@relaycast/shared/evergreen';
import type { PostStatus } from '@relaycast/shared/posts';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type evergreenCollections,
  evergreenCycles,
  type evergreenEntries,
  posts,
} from '../../db/schema/index';
import { postTargets } from '../../db/schema/publishing';

/**
 * Where an evergreen entry stands (docs/evergreen.md): its latest cycle's post, and the next step the sweep takes
 * and the page shows. Pure but for the read of the cycles, so the sweep and the list agree.
 */

export type CollectionRow = typeof evergreenCollections.$inferSelect;
export type EntryRow = typeof evergreenEntries.$inferSelect;

const DAY_MS = 86_400_000;

/** A post in these states went out: the gap counts from its publish time. */
const SENT: readonly PostStatus[] = ['published', 'partially_published'];
/** A post in these states may still go out: the entry waits for it. */
const PENDING: readonly PostStatus[] = [
  'scheduled',
  'publishing',
  'awaiting_approval',
  'changes_requested',
  'draft',
];

export interface LatestCycle {
  entryId: string;
  cycle: number;
  variantIndex: number;
  postId: string | null;
  status: PostStatus | null;
  deleted: boolean;
  scheduledAt: Date | null;
  /** When it went out: its targets' last publish time, else its scheduled time. */
  sentAt: Date | null;
}

/** The latest cycle of each entry (the one with the highest number). */
export async function latestCycles(db: Db, entryIds: readonly string[]): Promise<Map<string, LatestCycle>> {
  const latest = new Map<string, LatestCycle>();
  if (entryIds.length === 0) return latest;
  const rows = await db
    .select({
      entryId: evergreenCycles.entryId,
      cycle: evergreenCycles.cycle,
      variantIndex: evergreenCycles.variantIndex,
      postId: evergreenCycles.postId,
      status: posts.status,
      deletedAt: posts.deletedAt,
      scheduledAt: posts.scheduledAt,
      publishedAt: sql<
        string | null
      >`(select max(${postTargets.publishedAt}) from ${postTargets} where ${postTargets.postId} = ${posts.id})`,
    })
    .from(evergreenCycles)
    .leftJoin(posts, eq(posts.id, evergreenCycles.postId))
    .where(inArray(evergreenCycles.entryId, [...entryIds]))
    .orderBy(desc(evergreenCycles.cycle));
  for (const row of rows) {
    if (latest.has(row.entryId)) continue;
    const published = row.publishedAt ? new Date(row.publishedAt) : null;
    latest.set(row.entryId, {
      entryId: row.entryId,
      cycle: row.cycle,
      variantIndex: row.variantIndex,
      postId: row.postId,
      status: row.status,
      deleted: row.postId === null || row.deletedAt !== null,
      scheduledAt: row.scheduledAt,
      sentAt: published ?? row.scheduledAt,
    });
  }
  return latest;
}

export type NextStep =
  | { kind: 'make'; cycle: number; variantIndex: number; earliest: Date }
  | { kind: 'wait'; state: EntryState; nextAt: Date | null; nextVariant: number; problem: string | null };

/** What comes next for an entry whose latest cycle is `latest`, at `now`. */
export function nextStep(
  collection: CollectionRow,
  entry: EntryRow,
  latest: LatestCycle | undefined,
  now: Date,
): NextStep {
  const count = entry.variants.length;
  const cycle = (latest?.cycle ?? -1) + 1;
  const variantIndex = variantIndexOf(cycle, count);
  const wait = (state: EntryState, nextAt: Date | null, problem: string | null = null): NextStep => ({
    kind: 'wait',
    state,
    nextAt,
    nextVariant: state === 'scheduled' ? (latest?.variantIndex ?? 0) : variantIndex,
    problem,
  });
  if (!latest) return wait('problem', null, EVERGREEN_MESSAGES.lastDidNotGoOut);
  if (!latest.deleted && latest.status && PENDING.includes(latest.status)) {
    return wait('scheduled', latest.scheduledAt);
  }
  if (latest.deleted || !latest.status || !SENT.includes(latest.status) || !latest.sentAt) {
    return wait('problem', null, EVERGREEN_MESSAGES.lastDidNotGoOut);
  }
  if (collection.stopAfter !== null && latest.cycle >= collection.stopAfter) return wait('ended', null);
  const earliest = new Date(
    Math.max(now.getTime(), latest.sentAt.getTime() + collection.minGapDays * DAY_MS),
  );
  if (pastEnd(collection, entry, earliest)) return wait('ended', null);
  if (collection.paused) return wait('paused', earliest);
  return { kind: 'make', cycle, variantIndex, earliest };
}

/** Whether `at` falls after the collection's end date, in the post's time zone. */
export function pastEnd(collection: CollectionRow, entry: EntryRow, at: Date): boolean {
  if (!collection.endsOn) return false;
  const timeZone = typeof entry.post.timezone === 'string' ? entry.post.timezone : 'UTC';
  return instantToZoned(at, timeZone).date > collection.endsOn;
}
