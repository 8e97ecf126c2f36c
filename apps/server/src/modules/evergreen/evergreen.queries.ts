import {
  type EntryState,
  EVERGREEN_MESSAGES,
  type EvergreenCollection,
  type EvergreenEntry,
} from '@relaycast/shared/evergreen';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { evergreenCollections, evergreenCycles, evergreenEntries } from '../../db/schema/index';
import { collectionNotFound } from './evergreen.service';
import {
  type CollectionRow,
  type EntryRow,
  type LatestCycle,
  latestCycles,
  nextStep,
} from './evergreen-cycles';

/** The reads of evergreen collections (docs/evergreen.md): each entry with its next slot and next text. */

/** The problems of the last try that are states of their own. */
const STATE_OF_PROBLEM = new Map<string, EntryState>([
  [EVERGREEN_MESSAGES.needsQueueSlots, 'needs_slots'],
  [EVERGREEN_MESSAGES.endReached, 'ended'],
]);

function entryView(collection: CollectionRow, entry: EntryRow, latest: LatestCycle | undefined, now: Date) {
  const step = nextStep(collection, entry, latest, now);
  const base = {
    id: entry.id,
    sourcePostId: null as string | null,
    platforms: Array.isArray(entry.post.platforms) ? (entry.post.platforms as string[]) : [],
    variants: entry.variants,
    reshares: latest?.cycle ?? 0,
    lastSentAt: null as string | null,
    latestPostId: latest?.deleted ? null : (latest?.postId ?? null),
  };
  const sent =
    latest && !latest.deleted && (latest.status === 'published' || latest.status === 'partially_published');
  base.lastSentAt = sent ? (latest.sentAt?.toISOString() ?? null) : null;
  if (step.kind === 'make') {
    // The sweep makes it within a minute, unless its last try found a problem (no queue slots, say).
    const problem = entry.lastProblem;
    const state = problem ? (STATE_OF_PROBLEM.get(problem) ?? 'problem') : 'waiting';
    return {
      ...base,
      state,
      nextAt: state === 'ended' ? null : step.earliest.toISOString(),
      nextVariant: step.variantIndex,
      problem,
    } as const;
  }
  return {
    ...base,
    state: step.state,
    nextAt: step.nextAt?.toISOString() ?? null,
    nextVariant: step.nextVariant,
    problem: step.problem,
  };
}

async function toCollections(
  db: Db,
  rows: readonly CollectionRow[],
  now: Date,
): Promise<EvergreenCollection[]> {
  if (rows.length === 0) return [];
  const entries = await db
    .select()
    .from(evergreenEntries)
    .where(
      inArray(
        evergreenEntries.collectionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(evergreenEntries.createdAt));
  const latest = await latestCycles(
    db,
    entries.map((entry) => entry.id),
  );
  const { sourceOf } = await sourcePosts(db, entries);
  return rows.map((row) => {
    const own: EvergreenEntry[] = entries
      .filter((entry) => entry.collectionId === row.id)
      .map((entry) => ({
        ...entryView(row, entry, latest.get(entry.id), now),
        sourcePostId: sourceOf(entry.id),
      }));
    return {
      id: row.id,
      name: row.name,
      minGapDays: row.minGapDays,
      stopAfter: row.stopAfter,
      endsOn: row.endsOn,
      paused: row.paused,
      needsQueueSlots: own.some((entry) => entry.state === 'needs_slots'),
      entries: own,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** Each entry's cycle 0 post. */
async function sourcePosts(db: Db, entries: readonly EntryRow[]) {
  const rows =
    entries.length === 0
      ? []
      : await db
          .select({ entryId: evergreenCycles.entryId, postId: evergreenCycles.postId })
          .from(evergreenCycles)
          .where(
            and(
              inArray(
                evergreenCycles.entryId,
                entries.map((entry) => entry.id),
              ),
              eq(evergreenCycles.cycle, 0),
            ),
          );
  const byEntry = new Map(rows.map((row) => [row.entryId, row.postId]));
  return { sourceOf: (entryId: string) => byEntry.get(entryId) ?? null };
}

/** `GET /api/evergreen`: the workspace's collections, by name. */
export async function listCollections(
  db: Db,
  workspaceId: string,
  now = new Date(),
): Promise<EvergreenCollection[]> {
  const rows = await db
    .select()
    .from(evergreenCollections)
    .where(eq(evergreenCollections.workspaceId, workspaceId))
    .orderBy(asc(evergreenCollections.name));
  return toCollections(db, rows, now);
}

/** One collection of the workspace (another workspace's answers 404). */
export async function getCollection(db: Db, workspaceId: string, id: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(evergreenCollections)
    .where(and(eq(evergreenCollections.id, id), eq(evergreenCollections.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw collectionNotFound();
  const [collection] = await toCollections(db, [row], now);
  if (!collection) throw collectionNotFound();
  return collection;
}
