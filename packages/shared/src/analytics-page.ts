import { TZDate } from '@date-fns/tz';
import { differenceInCalendarDays, format, parseISO } from 'date-fns';
import { z } from 'zod';
import {
  ANALYTICS_MAX_RANGE_DAYS,
  ANALYTICS_MESSAGES,
  type AnalyticsRangePreset,
  analyticsQuerySchema,
  POST_METRICS,
  type StatCard,
  type TopPost,
} from './analytics';
import { todayIn } from './calendar';
import type { PlatformId } from './platforms';

/**
 * The /analytics page's own rules (docs/analytics.md), next to the contract in analytics.ts: how a filter becomes a range
 * of days in the user's time zone, the top-posts query, the per-account page, the demo workspace and the CSV
 * cells. Pure functions: the server and the page compute the same days.
 */

export const ANALYTICS_PAGE_MESSAGES = {
  accountNotFound: 'Account not found.',
  demoCreated: 'Demo workspace ready: the figures below are generated.',
  demoDeleted: 'Demo data deleted.',
  noDemo: 'There is no demo workspace to delete.',
  csvFailed: 'The CSV export failed. Try again.',
} as const;

export const DEMO_WORKSPACE_NAME = 'Demo workspace';

/** Days of a preset range (the last N days, today included). */
export const RANGE_PRESET_DAYS: Record<AnalyticsRangePreset, number> = { '7d': 7, '30d': 30, '90d': 90 };
/** Ranges longer than this are drawn by week (ISO weeks, Monday first). */
export const DAY_BUCKET_MAX_DAYS = 90;

export interface AnalyticsDayRange {
  /** First and last day, inclusive, as YYYY-MM-DD in `timezone`. */
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  days: number;
  timezone: string;
}

type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

function isoDay(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/**
 * Calendar days as whole numbers (days since 1970-01-01) and back: a range's days, its buckets and their labels
 * are computed for every analytics request, and date-fns' parse and format of each day took a fiftieth of the
 * server's time under the mixed load (docs/decisions/0124). A day is a date, not an instant, so UTC arithmetic is
 * exact whatever the zone.
 */
const DAY_MS = 86_400_000;
function dayNumber(day: string): number {
  return Math.floor(
    Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS,
  );
}
function dayText(dayNumberValue: number): string {
  return new Date(dayNumberValue * DAY_MS).toISOString().slice(0, 10);
}
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** 'Nov 3' for a day number. */
function monthDay(dayNumberValue: number): string {
  const date = new Date(dayNumberValue * DAY_MS);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/**
 * The days a filter covers and the previous period of equal length just before it, or the user message that
 * says why the custom range is refused.
 */
export function resolveDayRange(
  query: Pick<AnalyticsQuery, 'range' | 'from' | 'to'>,
  timezone: string,
  now = new Date(),
): AnalyticsDayRange | { error: string } {
  let from: string;
  let to: string;
  if (query.range === 'custom') {
    if (!query.from || !query.to) return { error: ANALYTICS_MESSAGES.customRangeNeedsDates };
    const start = parseISO(query.from);
    const end = parseISO(query.to);
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) {
      return { error: 'Use a date like 2026-01-31.' };
    }
    if (start > end) return { error: ANALYTICS_MESSAGES.rangeOrder };
    if (differenceInCalendarDays(end, start) + 1 > ANALYTICS_MAX_RANGE_DAYS) {
      return { error: ANALYTICS_MESSAGES.rangeTooLong };
    }
    from = isoDay(start);
    to = isoDay(end);
  } else {
    to = todayIn(timezone, now);
    from = dayText(dayNumber(to) - (RANGE_PRESET_DAYS[query.range] - 1));
  }
  const days = dayNumber(to) - dayNumber(from) + 1;
  const previousTo = dayText(dayNumber(from) - 1);
  const previousFrom = dayText(dayNumber(from) - days);
  return { from, to, previousFrom, previousTo, days, timezone };
}

/** The instant a day starts in an IANA zone (unknown zones count as UTC). */
export function dayStartInstant(day: string, timezone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  try {
    return new Date(new TZDate(year, month - 1, date, timezone).getTime());
  } catch {
    return new Date(Date.UTC(year, month - 1, date));
  }
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  return dayText(dayNumber(day) + 1);
}

/** Every day of a range, in order. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = dayNumber(from), last = dayNumber(to); day <= last; day++) out.push(dayText(day));
  return out;
}

/** The bucket a day falls in: itself, or the Monday of its week for long ranges. */
export function bucketStart(day: string, bucket: 'day' | 'week'): string {
  if (bucket === 'day') return day;
  const number = dayNumber(day);
  // 1970-01-01 was a Thursday: (number + 3) % 7 is 0 on Mondays.
  return dayText(number - ((((number + 3) % 7) + 7) % 7));
}

/** 'Mon'…'Sun' for a week, 'Nov 3' for a day, 'Week of Nov 3' for a week bucket. */
export function bucketLabel(start: string, bucket: 'day' | 'week', rangeDays: number): string {
  const number = dayNumber(start);
  if (bucket === 'week') return `Week of ${monthDay(number)}`;
  return rangeDays <= 7 ? (WEEKDAYS[new Date(number * DAY_MS).getUTCDay()] ?? '') : monthDay(number);
}

/** A stat card: value, previous value and the change in percent (null when either is unknown or previous is 0). */
export function statCard(value: number | null, previous: number | null): StatCard {
  const changePercent =
    value === null || previous === null || previous === 0 ? null : ((value - previous) / previous) * 100;
  return { value, previous, changePercent };
}

// ---------------------------------------------------------------------------------------------------------------
// Top posts

export const TOP_POST_SORTS = [...POST_METRICS, 'engagementRate', 'linkClicks', 'publishedAt'] as const;
export type TopPostSort = (typeof TOP_POST_SORTS)[number];
export const TOP_POSTS_PAGE_SIZE = 10;

export const topPostsQuerySchema = analyticsQuerySchema.and(
  z.object({
    sort: z.enum(TOP_POST_SORTS, { error: 'Sort by one of the listed figures.' }).default('views'),
    order: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1, 'Pages start at 1.').max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(TOP_POSTS_PAGE_SIZE),
  }),
);

export interface TopPostsPage {
  items: TopPost[];
  total: number;
  page: number;
  pageSize: number;
}

// ---------------------------------------------------------------------------------------------------------------
// One account

export interface AccountAnalytics {
  account: { id: string; platform: PlatformId; handle: string; displayName: string; demo: boolean };
  range: { from: string; to: string; timezone: string };
  followers: StatCard;
  /** Follower growth: the count at each day's last pull (null when that day was not pulled). */
  series: Array<{ day: string; followers: number | null }>;
  /** The range's totals of the per-day deltas (null = not available). */
  totals: Record<(typeof POST_METRICS)[number], number | null>;
  postsPublished: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Demo workspace

export interface DemoWorkspaceResult {
  workspaceId: string;
  name: string;
}

// ---------------------------------------------------------------------------------------------------------------
// CSV (OWASP "CSV injection": a cell a spreadsheet would read as a formula starts with a quote instead)

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ANALYTICS_MESSAGES.notAvailable;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) || safe !== value ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(cells: Array<string | number | null | undefined>): string {
  return cells.map(csvCell).join(',');
}
