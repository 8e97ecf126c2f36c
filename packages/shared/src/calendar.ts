import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfWeek } from 'date-fns';
import type { WeekDay } from './week-start';

export type { WeekDay };

/**
 * The calendar's first view shows three consecutive weeks (spec section 9), starting on the user's first day of the
 * week (`resolveWeekStart` in week-start.ts; Sunday when none is given).
 */
export const CALENDAR_WEEKS = 3;
export const DAYS_PER_WEEK = 7;
/** The week's first day when nothing else decides it (the web reads the user's through `useWeekStart`). */
export const WEEK_STARTS_ON: WeekDay = 0;

/** Default posting slots, in the workspace's local time, used by "queue for the next free slot". */
export const DEFAULT_QUEUE_SLOTS = ['09:00', '12:00', '17:00'] as const;
/** How far ahead the queue looks for a free slot. */
export const QUEUE_HORIZON_DAYS = 60;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const MAX_REMEMBERED_ZONES = 2_000;
const validTimeZones = new Set<string>();

export function isValidTimeZone(timeZone: string): boolean {
  if (validTimeZones.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    return false;
  }
  // Building a formatter costs ~20 µs and the calendar checks a zone per request: the zones seen valid are kept
  // (Intl accepts any case, so the set is capped against a caller who sends many spellings of one zone).
  if (validTimeZones.size < MAX_REMEMBERED_ZONES) validTimeZones.add(timeZone);
  return true;
}

/** Today's date (YYYY-MM-DD) in an IANA time zone (an unknown zone counts as UTC). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return format(new TZDate(now.getTime(), timeZone), 'yyyy-MM-dd');
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** Adds whole days to a calendar date (no time zone involved). */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return format(addDays(new Date(y, m - 1, d, 12), days), 'yyyy-MM-dd');
}

/**
 * The calendar grid: `weeks` rows of seven dates (YYYY-MM-DD), starting on the `weekStartsOn` day (0 Sunday,
 * 1 Monday: `useWeekStart()` on the web) of the week that contains `anchor` (a date, usually today in the user's
 * time zone).
 */
export function calendarWeeks(
  anchor: string,
  weeks = CALENDAR_WEEKS,
  weekStartsOn: WeekDay = WEEK_STARTS_ON,
): string[][] {
  if (!DATE.test(anchor)) throw new Error(`not a date: ${anchor}`);
  const [y, m, d] = anchor.split('-').map(Number) as [number, number, number];
  const first = startOfWeek(new Date(y, m - 1, d, 12), { weekStartsOn });
  return Array.from({ length: weeks }, (_, week) =>
    Array.from({ length: DAYS_PER_WEEK }, (_, day) =>
      format(addDays(first, week * DAYS_PER_WEEK + day), 'yyyy-MM-dd'),
    ),
  );
}

/** The instant a local date and time (`HH:mm`) denote in a time zone; daylight saving is accounted for. */
export function zonedToInstant(date: string, time: string, timeZone: string): Date {
  if (!DATE.test(date)) throw new Error(`not a date: ${date}`);
  if (!TIME.test(time)) throw new Error(`not a time: ${time}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, timeZone).getTime());
}

/** The local date (YYYY-MM-DD) and time (HH:mm) of an instant in a time zone. */
export function instantToZoned(instant: Date | string, timeZone: string): { date: string; time: string } {
  const zoned = new TZDate(new Date(instant).getTime(), timeZone);
  return { date: format(zoned, 'yyyy-MM-dd'), time: format(zoned, 'HH:mm') };
}

/** The instants bounding a run of calendar dates in a time zone: [start of the first day, start of the day after the last). */
export function rangeOfDates(
  firstDate: string,
  lastDate: string,
  timeZone: string,
): { from: Date; to: Date } {
  return {
    from: zonedToInstant(firstDate, '00:00', timeZone),
    to: zonedToInstant(addDaysToDate(lastDate, 1), '00:00', timeZone),
  };
}

/** Moves a scheduled instant to another local date, keeping its local time of day (drag and drop). */
export function moveToDate(instant: Date | string, date: string, timeZone: string): Date {
  const { time } = instantToZoned(instant, timeZone);
  return zonedToInstant(date, time, timeZone);
}

/** How long a queued post occupies its slot: no other post may be scheduled within it. */
export const SLOT_MINUTES = 60;

/**
 * The first candidate (in the order given) with no post scheduled in [candidate, candidate + SLOT_MINUTES), nor
 * a post starting less than SLOT_MINUTES before it; null when every candidate is taken.
 */
export function firstFreeSlot(
  candidates: readonly (Date | string)[],
  taken: readonly (Date | string)[],
): Date | null {
  const slotMs = SLOT_MINUTES * 60_000;
  const times = taken.map((value) => new Date(value).getTime()).sort((a, b) => a - b);
  for (const candidate of candidates) {
    const start = new Date(candidate).getTime();
    // First taken time after start - slot length: it collides when it is before start + slot length.
    let low = 0;
    let high = times.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (times[middle]! <= start - slotMs) low = middle + 1;
      else high = middle;
    }
    if (low === times.length || times[low]! >= start + slotMs) return new Date(start);
  }
  return null;
}

/**
 * The next free default slot after `now`: the first of the daily slots (local time) that no scheduled post
 * occupies (firstFreeSlot). Returns null when every slot in the horizon is taken. The queue itself picks the
 * account's best hours (apps/server/src/modules/best-time/best-time-model.ts, nextBestSlot); these fixed
 * slots are what its prior falls back to when every hour scores the same.
 */
export function nextFreeSlot(
  now: Date,
  timeZone: string,
  taken: readonly (Date | string)[],
  slots: readonly string[] = DEFAULT_QUEUE_SLOTS,
): Date | null {
  const candidates: Date[] = [];
  const today = todayIn(timeZone, now);
  for (let day = 0; day <= QUEUE_HORIZON_DAYS; day++) {
    const date = addDaysToDate(today, day);
    for (const slot of [...slots].sort()) {
      const instant = zonedToInstant(date, slot, timeZone);
      if (instant.getTime() > now.getTime()) candidates.push(instant);
    }
  }
  return firstFreeSlot(candidates, taken);
}
