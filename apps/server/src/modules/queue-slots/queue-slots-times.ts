import { addDaysToDate, todayIn, zonedToInstant } from '@relaycast/shared/calendar';
import type { QueueSlot } from '@relaycast/shared/queue-slots';

/** The instants of a weekly schedule (docs/queue-slots.md), pure: what the queue and the calendar's markers read. */

const MINUTE_MS = 60_000;

/** One account's schedule as the queue reads it. */
export interface AccountSchedule {
  accountId: string;
  timeZone: string;
  slots: readonly QueueSlot[];
}

/** 0 = Monday … 6 = Sunday of a local date (YYYY-MM-DD). */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The minute an instant falls in: two posts in the same minute share a slot. */
export const minuteOf = (at: Date | number): number => Math.floor(new Date(at).getTime() / MINUTE_MS);

/**
 * The schedule's instants in (after, until], earliest first. A local time that a daylight-saving change skips is
 * moved forward by the change (02:30 on the spring-forward night is 03:30), as TZDate resolves it; a time the
 * autumn change repeats is its first occurrence.
 */
export function slotInstants(schedule: AccountSchedule, after: Date, until: Date): Date[] {
  if (schedule.slots.length === 0) return [];
  const byDay = new Map<number, string[]>();
  for (const slot of schedule.slots) byDay.set(slot.weekday, [...(byDay.get(slot.weekday) ?? []), slot.time]);
  const first = addDaysToDate(todayIn(schedule.timeZone, after), -1);
  const last = addDaysToDate(todayIn(schedule.timeZone, until), 1);
  const instants: Date[] = [];
  for (let date = first; date <= last; date = addDaysToDate(date, 1)) {
    for (const time of byDay.get(weekdayOf(date)) ?? []) {
      const at = zonedToInstant(date, time, schedule.timeZone);
      if (at.getTime() > after.getTime() && at.getTime() <= until.getTime()) instants.push(at);
    }
  }
  const unique = new Map(instants.map((at) => [at.getTime(), at]));
  return [...unique.values()].sort((a, b) => a.getTime() - b.getTime());
}

/**
 * The earliest instant in (after, until] that is a slot of one of the post's accounts and that no post of any of
 * them occupies (`taken`: account id → occupied minutes). Null when none of the accounts has a slot, or all are
 * taken.
 */
export function firstOpenSlot(
  /** Every account of the post, with a schedule or not: a post of any of them occupies the minute. */
  accountIds: readonly string[],
  schedules: readonly AccountSchedule[],
  taken: ReadonlyMap<string, ReadonlySet<number>>,
  after: Date,
  until: Date,
): Date | null {
  const candidates = schedules
    .flatMap((schedule) => slotInstants(schedule, after, until))
    .sort((a, b) => a.getTime() - b.getTime());
  for (const at of candidates) {
    const minute = minuteOf(at);
    if (accountIds.every((id) => !taken.get(id)?.has(minute))) return at;
  }
  return null;
}
