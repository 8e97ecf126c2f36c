import { z } from 'zod';
import { instantToZoned, zonedToInstant } from './calendar';
import { postInputSchema, postSchema } from './posts';

/**
 * Recurring posts (docs/recurring-posts.md, docs/decisions/0108-recurring-posts.md): a series holds a repeat
 * rule and the post's content; each occurrence becomes an ordinary scheduled post. The rule is expanded here, in
 * local dates of the series' time zone, so the browser's summary and the server's occurrences agree.
 */

export const SERIES_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];

/** Every N days, weeks or months: at most this N. */
export const MAX_SERIES_INTERVAL = 99;
/** "After N times": at most this N. */
export const MAX_SERIES_COUNT = 500;
/** How far ahead occurrences become posts: 30 days or the next 10 occurrences, whichever comes first. */
export const SERIES_WINDOW_DAYS = 30;
export const SERIES_WINDOW_OCCURRENCES = 10;
/**
 * An occurrence that is this close to now (or past) when its turn comes is missed, never materialised; and a
 * series post that came due this long ago while no worker ran is held, never published late (decision 0108).
 */
export const SERIES_LATE_MINUTES = 60;

export const POST_SERIES_MESSAGES = {
  notFound: 'Recurring post not found.',
  needsSchedule: 'A repeating post needs a date and time for its first occurrence.',
  weekdaysNeeded: 'Choose at least one day of the week.',
  endsBeforeStart: 'The repeat must end on or after the first occurrence.',
  noOccurrence: 'This repeat never happens after the first date. Check its days and end.',
  notInSeries: 'This post is not an upcoming occurrence of this recurring post.',
  ownerLeft: 'The member who set up this recurring post left the workspace: save it again to keep it going.',
  late: 'This occurrence of a recurring post came due while no worker ran: it was not published late.',
  detached: 'Post detached from its series',
  seriesUpdated: 'This and the following posts were updated',
  seriesDeleted: 'This and the following posts were deleted',
} as const;

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const seriesEndsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('never') }),
  /** The last local date an occurrence may fall on (inclusive). */
  z.object({ kind: z.literal('on'), date: localDate }),
  z.object({ kind: z.literal('after'), count: z.number().int().min(1).max(MAX_SERIES_COUNT) }),
]);
export type SeriesEnds = z.infer<typeof seriesEndsSchema>;

/** A repeat rule: every `interval` days, weeks (on `weekdays`, 0 Sunday … 6 Saturday) or months. */
export const repeatRuleSchema = z
  .object({
    frequency: z.enum(SERIES_FREQUENCIES),
    interval: z.number().int().min(1).max(MAX_SERIES_INTERVAL),
    weekdays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
    ends: seriesEndsSchema,
  })
  .superRefine((value, ctx) => {
    if (value.frequency === 'weekly' && value.weekdays.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: POST_SERIES_MESSAGES.weekdaysNeeded });
    }
  });
export type RepeatRule = z.output<typeof repeatRuleSchema>;
export type RepeatRuleInput = z.input<typeof repeatRuleSchema>;

/** `POST /api/post-series` and `PUT /api/post-series/:id/from/:postId`: the first post (scheduled) and its rule. */
export const seriesInputSchema = z.object({ post: postInputSchema, rule: repeatRuleSchema });
export type SeriesInput = z.input<typeof seriesInputSchema>;

export const postSeriesSchema = z.object({
  id: z.string(),
  rule: z.object({
    frequency: z.enum(SERIES_FREQUENCIES),
    interval: z.number(),
    weekdays: z.array(z.number()),
    ends: seriesEndsSchema,
  }),
  timezone: z.string(),
  /** The first occurrence's local date and time: every occurrence keeps this local time. */
  startDate: z.string(),
  startTime: z.string(),
  /** Occurrences that came due while they could not be made (the server was down): skipped, never sent late. */
  missedCount: z.number(),
  /** The ids of the series' posts (materialised occurrences not detached). */
  postIds: z.array(z.string()),
  /** Each post's place in the series (from 0), in the order of `postIds`. */
  postIndexes: z.array(z.number()),
  endedAt: z.string().nullable(),
});
export type PostSeries = z.infer<typeof postSeriesSchema>;
export const postSeriesListSchema = z.object({ series: z.array(postSeriesSchema) });
/** What `POST /api/post-series` answers: the series and its first materialised posts. */
export const createdSeriesSchema = z.object({ series: postSeriesSchema, posts: z.array(postSchema) });

export interface Occurrence {
  /** Its place in the series, from 0 (the unique key with the series). */
  index: number;
  date: string;
  instant: Date;
}

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The local date `months` months after `date`, on the same day of the month; null when that month has no such day. */
function addMonthsExact(date: string, months: number): string | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(y, m - 1 + months, d));
  return moved.getUTCDate() === d ? moved.toISOString().slice(0, 10) : null;
}

/** The dates of one period of the rule (period 0 holds the start), in order, none before the start. */
function datesOfPeriod(rule: RepeatRule, start: string, period: number): string[] {
  const first = dayNumber(start);
  if (rule.frequency === 'daily') return [dateOfDay(first + period * rule.interval)];
  if (rule.frequency === 'monthly') {
    const date = addMonthsExact(start, period * rule.interval);
    return date ? [date] : [];
  }
  // Weeks start on Monday (ISO 8601); a day of the chosen week before the start does not count.
  const weekday = (new Date(first * DAY_MS).getUTCDay() + 6) % 7;
  const monday = first - weekday + period * rule.interval * 7;
  const days = [...new Set(rule.weekdays)].map((day) => (day + 6) % 7).sort((a, b) => a - b);
  return days.map((day) => monday + day).flatMap((day) => (day >= first ? [dateOfDay(day)] : []));
}

/** Periods walked at most, so that a rule that never matches (29 February every 3 years) still ends. */
const MAX_PERIODS = 20_000;

/**
 * The occurrences of a series in order, from its first (index 0) up to `throughDate` (a local date, inclusive),
 * the rule's end or `limit` occurrences. Each keeps the start's local time in `timeZone`, across daylight saving.
 * Monthly on a day some months lack (the 31st) skips those months, as RFC 5545 does.
 */
export function expandOccurrences(
  rule: RepeatRule,
  start: { date: string; time: string },
  timeZone: string,
  throughDate: string,
  limit = Number.POSITIVE_INFINITY,
): Occurrence[] {
  const out: Occurrence[] = [];
  const until = rule.ends.kind === 'on' && rule.ends.date < throughDate ? rule.ends.date : throughDate;
  const count = rule.ends.kind === 'after' ? rule.ends.count : Number.POSITIVE_INFINITY;
  for (let period = 0; period < MAX_PERIODS; period++) {
    const dates = datesOfPeriod(rule, start.date, period);
    for (const date of dates) {
      if (date > until || out.length >= count || out.length >= limit) return out;
      out.push({ index: out.length, date, instant: zonedToInstant(date, start.time, timeZone) });
    }
  }
  return out;
}

/** The local date and time a series starts at, from the first post's instant in its time zone. */
export function seriesStart(scheduledAt: string | Date, timeZone: string): { date: string; time: string } {
  return instantToZoned(scheduledAt, timeZone);
}

/** Whether the rule gives at least one occurrence (its end not before its start, a weekday that exists). */
export function ruleProblem(rule: RepeatRule, startDate: string): string | null {
  if (rule.ends.kind === 'on' && rule.ends.date < startDate) return POST_SERIES_MESSAGES.endsBeforeStart;
  const through = rule.ends.kind === 'on' ? rule.ends.date : dateOfDay(dayNumber(startDate) + 4 * 366);
  if (expandOccurrences(rule, { date: startDate, time: '12:00' }, 'UTC', through, 1).length === 0) {
    return POST_SERIES_MESSAGES.noOccurrence;
  }
  return null;
}
