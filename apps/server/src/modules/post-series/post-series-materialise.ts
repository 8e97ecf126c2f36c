import { todayIn } from '@relaycast/shared/calendar';
import {
  expandOccurrences,
  type Occurrence,
  POST_SERIES_MESSAGES,
  type RepeatRule,
  SERIES_WINDOW_DAYS,
  SERIES_WINDOW_OCCURRENCES,
} from '@relaycast/shared/post-series';
import { postInputSchema } from '@relaycast/shared/posts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { postSeries, postSeriesOccurrences } from '../../db/schema/index';
import { ValidationError } from '../../lib/app-error';
import { type Caller, memberAsCaller } from '../../lib/caller';
import { createPostsInTransaction, type Tx } from '../posts/posts-create';

/**
 * Materialising a series (docs/recurring-posts.md, decision 0108): its occurrences within the window (the next
 * SERIES_WINDOW_DAYS days or SERIES_WINDOW_OCCURRENCES occurrences, whichever comes first) become ordinary
 * scheduled posts through the composer's create, so the publishing engine's exactly-once claim applies unchanged.
 * Each occurrence is claimed by inserting its unique (series, index) row in the transaction that writes its post:
 * two sweeps, a route and a sweep, or a crash halfway never make one twice. An occurrence whose instant has
 * passed when its turn comes is recorded as missed and never made: a server down for a week sends no burst.
 */

export type SeriesRow = typeof postSeries.$inferSelect;

const DAY_MS = 86_400_000;

export function ruleOf(series: SeriesRow): RepeatRule {
  return {
    frequency: series.frequency,
    interval: series.interval,
    weekdays: series.weekdays,
    ends: series.ends,
  };
}

/** The series' occurrences up to the window's last day, less those at or past its end index. */
function occurrencesInView(series: SeriesRow, now: Date): Occurrence[] {
  const through = todayIn(series.timezone, new Date(now.getTime() + (SERIES_WINDOW_DAYS + 1) * DAY_MS));
  const start = { date: series.startDate, time: series.startTime };
  const all = expandOccurrences(ruleOf(series), start, series.timezone, through);
  return series.endIndex === null ? all : all.filter((occurrence) => occurrence.index < series.endIndex!);
}

/** Whether the rule has nothing after the occurrences seen (its end date or count reached, or its end index). */
function isExhausted(series: SeriesRow, seen: readonly Occurrence[]): boolean {
  if (series.endIndex !== null && seen.length >= series.endIndex) return true;
  if (series.ends.kind === 'never') return false;
  const start = { date: series.startDate, time: series.startTime };
  const everyOne = expandOccurrences(ruleOf(series), start, series.timezone, '9999-12-31', seen.length + 1);
  return everyOne.length <= seen.length;
}

export interface MaterialiseResult {
  /** The posts made now (the caller sends their jobs: `engine.schedulePosts`). */
  postIds: string[];
  missed: number;
  problem: string | null;
}

/** One occurrence's post, in `tx` with the row that claims it; null when another run claimed it first. */
async function makeOccurrence(
  tx: Tx,
  series: SeriesRow,
  caller: Caller,
  occurrence: Occurrence,
  now: Date,
): Promise<string | null> {
  const [claimed] = await tx
    .insert(postSeriesOccurrences)
    .values({
      seriesId: series.id,
      occurrenceIndex: occurrence.index,
      scheduledAt: occurrence.instant,
      status: 'created',
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ index: postSeriesOccurrences.occurrenceIndex });
  if (!claimed) return null;
  const parsed = postInputSchema.parse({
    ...series.post,
    action: 'schedule',
    scheduledAt: occurrence.instant.toISOString(),
    timezone: series.timezone,
  });
  const [postId] = await createPostsInTransaction(tx, caller, [parsed], now);
  if (!postId) throw new Error('the create returned no post');
  await tx
    .update(postSeriesOccurrences)
    .set({ postId })
    .where(
      and(
        eq(postSeriesOccurrences.seriesId, series.id),
        eq(postSeriesOccurrences.occurrenceIndex, occurrence.index),
      ),
    );
  return postId;
}

/** Records occurrences that were not made (missed, or refused by a rule), each once. */
async function recordUnmade(
  db: Db | Tx,
  series: SeriesRow,
  occurrences: readonly Occurrence[],
  status: 'missed' | 'refused',
  now: Date,
): Promise<number> {
  if (occurrences.length === 0) return 0;
  const rows = await db
    .insert(postSeriesOccurrences)
    .values(
      occurrences.map((occurrence) => ({
        seriesId: series.id,
        occurrenceIndex: occurrence.index,
        scheduledAt: occurrence.instant,
        status,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ index: postSeriesOccurrences.occurrenceIndex });
  return rows.length;
}

/**
 * Makes the series' due occurrences. In `tx` (the create route): one transaction, and a refusal of the first
 * post refuses the series. Without (the sweep): one transaction per occurrence, and a refused occurrence is
 * recorded with its reason rather than tried again every minute.
 */
// function-budget: the window's walk in one place: missed, made, refused and the end, each a few lines
export async function materialiseSeries(
  db: Db,
  series: SeriesRow,
  now: Date,
  options: { tx?: Tx; caller?: Caller } = {},
): Promise<MaterialiseResult> {
  const result: MaterialiseResult = { postIds: [], missed: 0, problem: null };
  const reader = options.tx ?? db;
  const handled = await reader
    .select({ index: postSeriesOccurrences.occurrenceIndex })
    .from(postSeriesOccurrences)
    .where(eq(postSeriesOccurrences.seriesId, series.id));
  const done = new Set(handled.map((row) => row.index));
  const [ahead] = await reader
    .select({ index: postSeriesOccurrences.occurrenceIndex })
    .from(postSeriesOccurrences)
    .where(
      and(
        eq(postSeriesOccurrences.seriesId, series.id),
        eq(postSeriesOccurrences.status, 'created'),
        gt(postSeriesOccurrences.scheduledAt, now),
      ),
    )
    .then((rows) => [rows.length]);
  let room = SERIES_WINDOW_OCCURRENCES - (ahead ?? 0);
  const horizon = now.getTime() + SERIES_WINDOW_DAYS * DAY_MS;
  const seen = occurrencesInView(series, now);
  const pending = seen.filter((occurrence) => !done.has(occurrence.index));
  const missed = pending.filter((occurrence) => occurrence.instant.getTime() <= now.getTime());
  result.missed = await recordUnmade(reader, series, missed, 'missed', now);
  const upcoming = pending.filter(
    (occurrence) => occurrence.instant.getTime() > now.getTime() && occurrence.instant.getTime() <= horizon,
  );
  const caller =
    options.caller ??
    (series.ownerId ? await memberAsCaller(reader as Db, series.workspaceId, series.ownerId) : null);
  if (!caller && upcoming.length > 0) result.problem = POST_SERIES_MESSAGES.ownerLeft;
  for (const occurrence of caller ? upcoming : []) {
    if (room <= 0) break;
    try {
      const postId = options.tx
        ? await makeOccurrence(options.tx, series, caller as Caller, occurrence, now)
        : await db.transaction((tx) => makeOccurrence(tx, series, caller as Caller, occurrence, now));
      if (postId) result.postIds.push(postId);
      room -= 1;
    } catch (error) {
      if (options.tx || !(error instanceof ValidationError)) throw error;
      result.problem = error.issues.map((issue) => issue.message).join(' ');
      await recordUnmade(db, series, [occurrence], 'refused', now);
    }
  }
  const handledNow = done.size + result.missed + result.postIds.length;
  const exhausted = handledNow >= seen.length && isExhausted(series, seen);
  await reader
    .update(postSeries)
    .set({ lastProblem: result.problem, ...(exhausted ? { endedAt: now } : {}) })
    .where(eq(postSeries.id, series.id));
  return result;
}

/** Series the sweep looks at per run (the oldest-checked first would need a column; the active ones are few). */
const SWEEP_LIMIT = 2_000;

/**
 * The sweep (post-series.jobs.ts): every active series' window is extended. It runs in one process at a time
 * (`single`), and the unique occurrence rows keep it right even when the create route materialises at once.
 */
export async function sweepPostSeries(
  deps: { db: Db; schedulePosts(postIds: readonly string[]): Promise<void> },
  now = new Date(),
): Promise<{ created: number; missed: number }> {
  const active = await deps.db.select().from(postSeries).where(isNull(postSeries.endedAt)).limit(SWEEP_LIMIT);
  let created = 0;
  let missed = 0;
  for (const series of active) {
    const result = await materialiseSeries(deps.db, series, now);
    if (result.postIds.length > 0) await deps.schedulePosts(result.postIds);
    created += result.postIds.length;
    missed += result.missed;
  }
  return { created, missed };
}
