import { type ParsedPostInput, POST_MESSAGES, type PostStatus } from '@relaycast/shared/posts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/app-error';
import { pickQueueSlots } from '../best-time/best-time.service';
import { plannedAccountIds, workspaceAccounts } from '../publishing/publishing-targets';
import { pickFromSlots } from '../queue-slots/queue-slots.service';

/** When a post written from the composer goes out: the draft / now / schedule / queue actions. */

/** pg_advisory_xact_lock namespace: one queue pick at a time per workspace, so two picks never share a slot. */
const QUEUE_LOCK_NAMESPACE = 724_311_904;

/** Takes the workspace's queue lock until `tx` ends: the evergreen re-share picks its slot under it too. */
export async function lockQueue(tx: Db, workspaceId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_LOCK_NAMESPACE}, hashtext(${workspaceId}))`);
}

type ScheduleInput = Pick<
  ParsedPostInput,
  'action' | 'scheduledAt' | 'timezone' | 'platforms' | 'accountIds'
>;
type Schedule = { status: PostStatus; scheduledAt: Date | null };

/** Status and instant of the actions that need no queue pick. */
function fixedSchedule(input: ScheduleInput, now: Date): Schedule | null {
  if (input.action === 'draft') return { status: 'draft', scheduledAt: null };
  if (input.action === 'now') return { status: 'scheduled', scheduledAt: now };
  if (input.action === 'schedule') {
    if (!input.scheduledAt) {
      throw new ValidationError([{ path: 'scheduledAt', message: POST_MESSAGES.scheduleNeedsTime }]);
    }
    return { status: 'scheduled', scheduledAt: new Date(input.scheduledAt) };
  }
  return null;
}

/**
 * Status and instant for the requested action. `queue` takes the next free slot of the posting schedule of the
 * post's accounts (docs/queue-slots.md); when none of them has one, the next best slot of its accounts and
 * platforms (the best-time model, its prior when they have no history) that no other post of the workspace
 * occupies within an hour. A chosen time (`schedule`) is never changed.
 */
export async function resolveSchedule(
  /** The caller's transaction: the queue's lock is held until it ends. */
  tx: Db,
  workspaceId: string,
  input: ScheduleInput,
  now: Date,
  excludePostId?: string,
): Promise<Schedule> {
  const [schedule] = await resolveSchedules(tx, workspaceId, [input], now, { excludePostId });
  if (!schedule) throw new Error('resolveSchedules returned nothing');
  return schedule;
}

/**
 * `resolveSchedule` for several new posts at once (a bulk import), in order: the queued ones take one slot
 * each, never one another's nor one the batch's chosen times occupy. `atIndex` labels a post's error.
 */
export async function resolveSchedules(
  tx: Db,
  workspaceId: string,
  inputs: readonly ScheduleInput[],
  now: Date,
  options: { excludePostId?: string; atIndex?: (index: number, error: unknown) => unknown } = {},
): Promise<Schedule[]> {
  const atIndex = options.atIndex ?? ((_index, error) => error);
  const schedules = inputs.map((input, index) => {
    try {
      return fixedSchedule(input, now);
    } catch (error) {
      throw atIndex(index, error);
    }
  });
  const queued = inputs.flatMap((input, index) => (schedules[index] ? [] : [{ input, index }]));
  if (queued.length === 0) return schedules as Schedule[];
  await lockQueue(tx, workspaceId);
  const fromSlots = await pickSlotsFirst(tx, workspaceId, inputs, schedules, now, options.excludePostId);
  const alsoTaken = [
    ...schedules.flatMap((schedule) => (schedule?.scheduledAt ? [schedule.scheduledAt] : [])),
    ...fromSlots.flatMap((slot) => slot ?? []),
  ];
  const rest = queued.filter(({ index }) => fromSlots[index] === undefined);
  const slots = await pickQueueSlots(
    tx,
    workspaceId,
    rest.map(({ input }) => ({
      selection: { accountIds: input.accountIds, platforms: input.platforms },
      timeZone: input.timezone,
    })),
    now,
    { excludePostId: options.excludePostId, alsoTaken },
  );
  const picks = new Map(rest.map(({ index }, n) => [index, slots[n] ?? null]));
  for (const { index } of queued) {
    const slot = fromSlots[index] === undefined ? picks.get(index) : fromSlots[index];
    if (!slot) {
      throw atIndex(index, new ValidationError([{ path: 'action', message: POST_MESSAGES.queueFull }]));
    }
    schedules[index] = { status: 'scheduled', scheduledAt: slot };
  }
  return schedules as Schedule[];
}

/**
 * The queued posts whose accounts have a posting schedule take its next free slot (docs/queue-slots.md); the
 * others answer `undefined` and keep the best-time pick. The batch's chosen times hold their accounts' minutes.
 */
async function pickSlotsFirst(
  tx: Db,
  workspaceId: string,
  inputs: readonly ScheduleInput[],
  schedules: readonly (Schedule | null)[],
  now: Date,
  excludePostId: string | undefined,
): Promise<(Date | null | undefined)[]> {
  const accounts = await workspaceAccounts(tx, workspaceId);
  const accountsOf = inputs.map((input) => plannedAccountIds(input, accounts));
  const queuedAt = inputs.flatMap((_input, index) => (schedules[index] ? [] : [index]));
  const picks = await pickFromSlots(
    tx,
    workspaceId,
    queuedAt.map((index) => ({ accountIds: accountsOf[index] ?? [] })),
    now,
    {
      excludePostId,
      fixed: schedules.flatMap((schedule, index) =>
        schedule?.scheduledAt ? [{ accountIds: accountsOf[index] ?? [], at: schedule.scheduledAt }] : [],
      ),
    },
  );
  const byIndex: (Date | null | undefined)[] = inputs.map(() => undefined);
  queuedAt.forEach((index, n) => {
    byIndex[index] = picks[n];
  });
  return byIndex;
}
