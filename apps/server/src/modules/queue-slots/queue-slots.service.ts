import { randomUUID } from 'node:crypto';
import {
  type OpenSlot,
  QUEUE_SLOT_LIMITS,
  QUEUE_SLOT_MESSAGES,
  type QueueFillInput,
  type QueueScheduleInput,
  type QueueScheduleList,
  type QueueSlot,
  sortQueueSlots,
} from '@relaycast/shared/queue-slots';
import { and, eq, gt, inArray, isNull, lte, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts, queueSlots, socialAccounts } from '../../db/schema/index';
import { postTargets } from '../../db/schema/publishing';
import { AppError } from '../../lib/app-error';
import { loadSubject } from '../best-time/best-time.service';
import { bestTimeCells } from '../best-time/best-time-model';
import { type AccountSchedule, firstOpenSlot, minuteOf, slotInstants } from './queue-slots-times';

/** Queue slots: each account's weekly posting times, their CRUD and what the queue and calendar read (docs/queue-slots.md). */

const DAY_MS = 86_400_000;

/** The schedules of the given accounts (all of the workspace's when none is given) that have slots. */
export async function loadSchedules(
  db: Db,
  workspaceId: string,
  accountIds?: readonly string[],
): Promise<AccountSchedule[]> {
  const conditions: SQL[] = [eq(queueSlots.workspaceId, workspaceId)];
  if (accountIds) {
    if (accountIds.length === 0) return [];
    conditions.push(inArray(queueSlots.accountId, [...accountIds]));
  }
  const rows = await db
    .select({
      accountId: queueSlots.accountId,
      weekday: queueSlots.weekday,
      time: queueSlots.time,
      timeZone: queueSlots.timeZone,
    })
    .from(queueSlots)
    .where(and(...conditions));
  const byAccount = new Map<string, AccountSchedule & { slots: QueueSlot[] }>();
  for (const row of rows) {
    const schedule = byAccount.get(row.accountId) ?? {
      accountId: row.accountId,
      timeZone: row.timeZone,
      slots: [],
    };
    schedule.slots.push({ weekday: row.weekday, time: row.time });
    byAccount.set(row.accountId, schedule);
  }
  return [...byAccount.values()].map((schedule) => ({ ...schedule, slots: sortQueueSlots(schedule.slots) }));
}

/** `GET /api/queue-slots`: every account of the workspace, with its schedule (empty when it has none). */
export async function listSchedules(db: Db, workspaceId: string): Promise<QueueScheduleList> {
  const accounts = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(eq(socialAccounts.workspaceId, workspaceId));
  const schedules = new Map((await loadSchedules(db, workspaceId)).map((s) => [s.accountId, s]));
  return {
    schedules: accounts.map(({ id }) => ({
      accountId: id,
      timeZone: schedules.get(id)?.timeZone ?? null,
      slots: [...(schedules.get(id)?.slots ?? [])],
    })),
  };
}

async function assertAccount(db: Db, workspaceId: string, accountId: string): Promise<void> {
  const [account] = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.workspaceId, workspaceId)));
  if (!account) throw new AppError('NOT_FOUND', { message: QUEUE_SLOT_MESSAGES.accountNotFound });
}

/** `PUT /api/queue-slots/:id`: replaces the account's schedule; an empty list clears it. */
export async function saveSchedule(
  db: Db,
  workspaceId: string,
  accountId: string,
  input: QueueScheduleInput,
): Promise<QueueScheduleList['schedules'][number]> {
  await assertAccount(db, workspaceId, accountId);
  const slots = sortQueueSlots(input.slots);
  await db.transaction(async (tx) => {
    await tx.delete(queueSlots).where(eq(queueSlots.accountId, accountId));
    if (slots.length === 0) return;
    await tx.insert(queueSlots).values(
      slots.map((slot) => ({
        ...slot,
        id: randomUUID(),
        workspaceId,
        accountId,
        timeZone: input.timeZone,
      })),
    );
  });
  return { accountId, timeZone: slots.length > 0 ? input.timeZone : null, slots };
}

/**
 * `POST /api/queue-slots/:id/fill-from-best-times`: adds each weekday's `perDay` best hours of the account's
 * best-time model (docs/best-time.md; its platform's prior without history) to the schedule, on the hour, in the
 * given zone; the slots it already has stay (their times are read in the new zone), up to the account's limit.
 */
export async function fillFromBestTimes(
  db: Db,
  workspaceId: string,
  accountId: string,
  input: QueueFillInput,
  now = new Date(),
): Promise<QueueScheduleList['schedules'][number]> {
  await assertAccount(db, workspaceId, accountId);
  const subject = await loadSubject(
    db,
    workspaceId,
    { accountIds: [accountId], platforms: [] },
    input.timeZone,
    now,
  );
  const cells = bestTimeCells(subject.model);
  const best: QueueSlot[] = [];
  for (let weekday = 0; weekday < 7; weekday++) {
    const day = cells.slice(weekday * 24, weekday * 24 + 24);
    const ranked = [...day].sort((a, b) => b.score - a.score || a.hourOfWeek - b.hourOfWeek);
    for (const cell of ranked.slice(0, input.perDay ?? 1)) {
      best.push({ weekday, time: `${String(cell.hourOfWeek % 24).padStart(2, '0')}:00` });
    }
  }
  const [current] = await loadSchedules(db, workspaceId, [accountId]);
  const merged = new Map<string, QueueSlot>();
  for (const slot of [...(current?.slots ?? []), ...sortQueueSlots(best)]) {
    merged.set(`${slot.weekday}|${slot.time}`, slot);
  }
  const slots = [...merged.values()].slice(0, QUEUE_SLOT_LIMITS.maxPerAccount);
  return saveSchedule(db, workspaceId, accountId, { timeZone: input.timeZone, slots });
}

/** Account id → the minutes its scheduled posts occupy in (from, to], except `excludePostId`'s. */
export async function takenMinutes(
  db: Db,
  workspaceId: string,
  accountIds: readonly string[],
  from: Date,
  to: Date,
  excludePostId?: string,
): Promise<Map<string, Set<number>>> {
  const taken = new Map<string, Set<number>>(accountIds.map((id) => [id, new Set()]));
  if (accountIds.length === 0) return taken;
  const conditions: SQL[] = [
    eq(posts.workspaceId, workspaceId),
    isNull(posts.deletedAt),
    gt(posts.scheduledAt, new Date(from.getTime() - 60_000)),
    lte(posts.scheduledAt, new Date(to.getTime() + 60_000)),
    inArray(postTargets.accountId, [...accountIds]),
  ];
  if (excludePostId) conditions.push(ne(posts.id, excludePostId));
  const rows = await db
    .select({ accountId: postTargets.accountId, scheduledAt: posts.scheduledAt })
    .from(posts)
    .innerJoin(postTargets, eq(postTargets.postId, posts.id))
    .where(and(...conditions));
  for (const row of rows) {
    if (row.accountId && row.scheduledAt) taken.get(row.accountId)?.add(minuteOf(row.scheduledAt));
  }
  return taken;
}

/** `GET /api/queue-slots/open`: the slots in [from, to] after `now` that no post of their account occupies. */
export async function openSlots(
  db: Db,
  workspaceId: string,
  range: { from: string; to: string },
  now = new Date(),
): Promise<{ slots: OpenSlot[] }> {
  const from = new Date(Math.max(Date.parse(range.from) - 1, now.getTime()));
  const to = new Date(
    Math.min(Date.parse(range.to), now.getTime() + QUEUE_SLOT_LIMITS.maxRangeDays * 2 * DAY_MS),
  );
  if (to.getTime() <= from.getTime()) return { slots: [] };
  const schedules = await loadSchedules(db, workspaceId);
  const taken = await takenMinutes(
    db,
    workspaceId,
    schedules.map((schedule) => schedule.accountId),
    from,
    to,
  );
  const slots = schedules.flatMap((schedule) =>
    slotInstants(schedule, from, to)
      .filter((at) => !taken.get(schedule.accountId)?.has(minuteOf(at)))
      .map((at) => ({ accountId: schedule.accountId, at: at.toISOString() })),
  );
  return { slots: slots.sort((a, b) => a.at.localeCompare(b.at) || a.accountId.localeCompare(b.accountId)) };
}

/** How far ahead "Add to queue" looks for a free slot of an account's schedule. */
export const SLOT_HORIZON_DAYS = 366;

/** What one queued post asks of the slots, and the instants the batch's other posts already hold. */
export interface SlotRequest {
  accountIds: readonly string[];
}

/**
 * The queue's pick from the accounts' schedules, in order (a bulk import's rows one after the other): for each
 * request, the earliest slot of any of its accounts after `now` that no post of any of its accounts occupies
 * (same minute), nor a pick before it, nor `fixed` (the batch's posts with a chosen time). `undefined` when none
 * of its accounts has a slot (the best-time queue answers), null when every slot of the horizon is taken.
 * The caller holds the workspace's queue lock (apps/server/src/modules/posts/posts-schedule.ts).
 */
export async function pickFromSlots(
  tx: Db,
  workspaceId: string,
  requests: readonly SlotRequest[],
  now: Date,
  options: { excludePostId?: string; fixed?: readonly { accountIds: readonly string[]; at: Date }[] } = {},
): Promise<(Date | null | undefined)[]> {
  const wanted = [...new Set(requests.flatMap((request) => request.accountIds))];
  const schedules = await loadSchedules(tx, workspaceId, wanted);
  if (schedules.length === 0) return requests.map(() => undefined);
  const until = new Date(now.getTime() + SLOT_HORIZON_DAYS * DAY_MS);
  const taken = await takenMinutes(tx, workspaceId, wanted, now, until, options.excludePostId);
  const hold = (accountIds: readonly string[], at: Date) => {
    for (const id of accountIds) taken.get(id)?.add(minuteOf(at));
  };
  for (const post of options.fixed ?? []) hold(post.accountIds, post.at);
  const byAccount = new Map(schedules.map((schedule) => [schedule.accountId, schedule]));
  return requests.map(({ accountIds }) => {
    const own = accountIds.flatMap((id) => byAccount.get(id) ?? []);
    if (own.length === 0) return undefined;
    const at = firstOpenSlot(accountIds, own, taken, now, until);
    if (at) hold(accountIds, at);
    return at;
  });
}
