import { BEST_TIME_MESSAGES, type BestTimeResponse } from '@relaycast/shared/best-time-api';
import { firstFreeSlot, QUEUE_HORIZON_DAYS } from '@relaycast/shared/calendar';
import { PLATFORM_IDS, type PlatformId } from '@relaycast/shared/platforms';
import { and, eq, gte, inArray, isNotNull, isNull, lt, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { postMetrics, posts, socialAccounts } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import {
  type BestTimeHistory,
  type BestTimeModel,
  bestTimeCells,
  buildBestTimeModel,
  nextBestSlot,
  planSlots,
  type SuggestedSlot,
} from './best-time-model';

/**
 * The best-time model fed from the workspace's own figures (docs/best-time.md): `post_metrics.engagements_48h`
 * of the accounts' published posts of the last HISTORY_DAYS, in the zone the user works in. Used by the heatmap,
 * the composer's "Best time", the calendar's suggested slots and the queue.
 */

/** Older posts say little about today's audience. */
export const HISTORY_DAYS = 365;
const DAY_MS = 86_400_000;
/** How far ahead `GET /api/best-time` lists the next suggested slots. */
const SUGGESTION_DAYS = 7;

interface Selection {
  /** Chosen accounts (must belong to the workspace). */
  accountIds: readonly string[];
  /** Platforms to cover: each uses the chosen accounts of it, else all the workspace's accounts of it. */
  platforms: readonly PlatformId[];
}

interface Subject {
  accountIds: string[];
  platforms: PlatformId[];
  model: BestTimeModel;
  /** Seeds the Thompson draws: the same accounts and platforms give the same slots everywhere. */
  seed: string;
}

const isPlatform = (value: string): value is PlatformId =>
  (PLATFORM_IDS as readonly string[]).includes(value);

/** Builds the model for a selection; an account of another workspace is "not found". */
export async function loadSubject(
  db: Db,
  workspaceId: string,
  selection: Selection,
  timeZone: string,
  now: Date,
  /** The queue ignores an unknown account id: the post's own checks report it. */
  options: { ignoreUnknown?: boolean } = {},
): Promise<Subject> {
  const rows = await db
    .select({ id: socialAccounts.id, platform: socialAccounts.platform, status: socialAccounts.status })
    .from(socialAccounts)
    .where(eq(socialAccounts.workspaceId, workspaceId));
  const known = new Map(rows.map((row) => [row.id, row.platform]));
  const chosen = new Set<string>();
  for (const id of selection.accountIds) {
    if (known.has(id)) chosen.add(id);
    else if (!options.ignoreUnknown) {
      throw new AppError('NOT_FOUND', { message: BEST_TIME_MESSAGES.accountNotFound });
    }
  }
  const everything = selection.accountIds.length === 0 && selection.platforms.length === 0;
  const chosenPlatforms = new Set([...chosen].map((id) => known.get(id)));
  for (const row of rows) {
    if (row.status === 'disconnected') continue;
    const isCovered =
      selection.platforms.includes(row.platform as PlatformId) && !chosenPlatforms.has(row.platform);
    if (everything || isCovered) chosen.add(row.id);
  }
  const accountIds = [...chosen].sort();
  const histories = new Map<string, BestTimeHistory>();
  for (const id of accountIds) {
    const platform = known.get(id) ?? '';
    if (isPlatform(platform)) histories.set(id, { platform, posts: [] });
  }
  if (histories.size > 0) {
    const history = await db
      .select({
        accountId: postMetrics.accountId,
        publishedAt: postMetrics.publishedAt,
        engagements48h: postMetrics.engagements48h,
        views: postMetrics.views,
      })
      .from(postMetrics)
      .where(
        and(
          eq(postMetrics.workspaceId, workspaceId),
          inArray(postMetrics.accountId, [...histories.keys()]),
          isNotNull(postMetrics.engagements48h),
          gte(postMetrics.publishedAt, new Date(now.getTime() - HISTORY_DAYS * DAY_MS)),
        ),
      );
    for (const row of history) {
      (histories.get(row.accountId)?.posts as BestTimeHistory['posts'][number][] | undefined)?.push({
        publishedAt: row.publishedAt,
        engagements48h: row.engagements48h ?? 0,
        views: row.views,
      });
    }
  }
  // A platform chosen without any account still brings its prior.
  const covered = new Set([...histories.values()].map((history) => history.platform));
  const priorsOnly = selection.platforms.filter((platform) => !covered.has(platform));
  const all = [...histories.values(), ...priorsOnly.map((platform) => ({ platform, posts: [] }))];
  const platforms = [...new Set(all.map((history) => history.platform))].sort();
  return {
    accountIds,
    platforms,
    model: buildBestTimeModel({ timeZone, histories: all }),
    seed: `${accountIds.join(',')}|${platforms.join(',')}`,
  };
}

/** The instants of the workspace's scheduled posts in [from, to) (one hour either side), except `excludePostId`. */
export async function takenInstants(
  db: Db,
  workspaceId: string,
  from: Date,
  to: Date,
  excludePostId?: string,
): Promise<Date[]> {
  const hour = 3_600_000;
  const conditions: SQL[] = [
    eq(posts.workspaceId, workspaceId),
    isNull(posts.deletedAt),
    gte(posts.scheduledAt, new Date(from.getTime() - hour)),
    lt(posts.scheduledAt, new Date(to.getTime() + hour)),
  ];
  if (excludePostId) conditions.push(ne(posts.id, excludePostId));
  const rows = await db
    .select({ scheduledAt: posts.scheduledAt })
    .from(posts)
    .where(and(...conditions));
  return rows.flatMap((row) => (row.scheduledAt ? [row.scheduledAt] : []));
}

/** The suggested slots in [from, to) that no scheduled post of the workspace occupies. */
export function freeSlots(subject: Subject, from: Date, to: Date, taken: readonly Date[]): SuggestedSlot[] {
  return planSlots(subject.model, { from, to, seed: subject.seed }).filter(
    (slot) => firstFreeSlot([slot.at], taken) !== null,
  );
}

export function noteFor(subject: Subject): string {
  return subject.model.totalPosts > 0 ? BEST_TIME_MESSAGES.exploration : BEST_TIME_MESSAGES.noHistory;
}

/** `GET /api/best-time`: the heatmap's 168 cells and the coming week's free suggested slots. */
export async function getBestTime(
  db: Db,
  workspaceId: string,
  selection: Selection,
  timeZone: string,
  now = new Date(),
): Promise<BestTimeResponse> {
  const subject = await loadSubject(db, workspaceId, selection, timeZone, now);
  const to = new Date(now.getTime() + SUGGESTION_DAYS * DAY_MS);
  const taken = await takenInstants(db, workspaceId, now, to);
  return {
    timeZone,
    accountIds: subject.accountIds,
    platforms: subject.platforms,
    totalPosts: subject.model.totalPosts,
    cells: bestTimeCells(subject.model),
    suggestions: freeSlots(subject, new Date(now.getTime() + 1), to, taken),
    note: noteFor(subject),
  };
}

/** What one queued post asks the queue for. */
export interface QueueRequest {
  selection: Selection;
  timeZone: string;
}

/**
 * The queue's pick: the next best free slot for the post's accounts and platforms within QUEUE_HORIZON_DAYS,
 * or null when every suggested slot is taken. The caller holds the workspace's queue lock.
 */
export async function pickQueueSlot(
  tx: Db,
  workspaceId: string,
  selection: Selection,
  timeZone: string,
  now: Date,
  excludePostId?: string,
): Promise<Date | null> {
  const [slot] = await pickQueueSlots(tx, workspaceId, [{ selection, timeZone }], now, { excludePostId });
  return slot ?? null;
}

/**
 * Several picks at once, in order (a bulk import's queued rows): each pick also avoids the slots picked before it
 * and the `alsoTaken` instants (posts of the same batch not written yet). The workspace's taken instants are read
 * once and each distinct selection's model is built once.
 */
export async function pickQueueSlots(
  tx: Db,
  workspaceId: string,
  requests: readonly QueueRequest[],
  now: Date,
  options: { excludePostId?: string; alsoTaken?: readonly Date[] } = {},
): Promise<(Date | null)[]> {
  if (requests.length === 0) return [];
  // Two days past the horizon cover any time zone's offset from UTC.
  const horizonEnd = new Date(now.getTime() + (QUEUE_HORIZON_DAYS + 2) * DAY_MS);
  const taken = [
    ...(await takenInstants(tx, workspaceId, now, horizonEnd, options.excludePostId)),
    ...(options.alsoTaken ?? []),
  ];
  const subjects = new Map<string, Subject>();
  const picks: (Date | null)[] = [];
  for (const { selection, timeZone } of requests) {
    const key = JSON.stringify([selection.accountIds, selection.platforms, timeZone]);
    let subject = subjects.get(key);
    if (!subject) {
      subject = await loadSubject(tx, workspaceId, selection, timeZone, now, { ignoreUnknown: true });
      subjects.set(key, subject);
    }
    const slot = nextBestSlot(subject.model, {
      now,
      seed: subject.seed,
      taken,
      horizonDays: QUEUE_HORIZON_DAYS,
    });
    const at = slot ? new Date(slot.at) : null;
    if (at) taken.push(at);
    picks.push(at);
  }
  return picks;
}

/**
 * The audience zone of the one account asked for, when exactly one is and it has a zone of its own; null
 * otherwise (the caller then counts in the browser's zone, else the user's settings' zone).
 */
export async function accountZone(
  db: Db,
  workspaceId: string,
  accountIds: readonly string[],
): Promise<string | null> {
  const [accountId] = accountIds;
  if (accountIds.length !== 1 || !accountId) return null;
  const [account] = await db
    .select({ timezone: socialAccounts.timezone })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.workspaceId, workspaceId)));
  return account?.timezone ?? null;
}
