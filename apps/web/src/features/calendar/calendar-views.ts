import {
  addDaysToDate,
  CALENDAR_WEEKS,
  calendarWeeks,
  DAYS_PER_WEEK,
  type WeekDay,
} from '@relaycast/shared/calendar';

/**
 * The calendar's views (docs/decisions/0076-calendar-views.md): the seed's three weeks, one week, one month and
 * a list of one month's posts by day. Each view shows a run of dates around an anchor date; Previous and Next
 * move the anchor by the view's length.
 */
export const CALENDAR_VIEWS = ['three-weeks', 'week', 'month', 'list'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
/** The seed's calendar: three weeks from the current one. */
export const DEFAULT_CALENDAR_VIEW: CalendarView = 'three-weeks';

/** A month touches at most six weeks (a 31-day month starting on the week's last day). */
const MAX_MONTH_WEEKS = 6;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export function isCalendarView(value: unknown): value is CalendarView {
  return typeof value === 'string' && (CALENDAR_VIEWS as readonly string[]).includes(value);
}

/** Whether a text is a real calendar date (YYYY-MM-DD): "2026-02-30" is not. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return d <= daysInMonth(y, m);
}

/** The dates a view shows: `weeks` for the grids (empty for the list), `days` for every view, in order. */
export interface ViewRange {
  view: CalendarView;
  /** The first and last date shown (YYYY-MM-DD), both included. */
  first: string;
  last: string;
  /** Rows of seven dates, the week's first day first; [] for the list. */
  weeks: string[][];
  /** Every date of the range, first to last. */
  days: string[];
  /** The month the view is about (YYYY-MM) for month and list; null for the week views. */
  month: string | null;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

function lastOfMonth(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return `${date.slice(0, 7)}-${String(daysInMonth(y, m)).padStart(2, '0')}`;
}

/** Whole months added to a date's month; the result is the first of that month. */
export function addMonths(date: string, months: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

function datesFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let date = first; date <= last; date = addDaysToDate(date, 1)) days.push(date);
  return days;
}

/** The dates `view` shows around `anchor`, with weeks starting on `weekStartsOn`. */
export function viewRange(view: CalendarView, anchor: string, weekStartsOn: WeekDay): ViewRange {
  if (view === 'three-weeks' || view === 'week') {
    const weeks = calendarWeeks(anchor, view === 'week' ? 1 : CALENDAR_WEEKS, weekStartsOn);
    const days = weeks.flat();
    return { view, first: days[0] ?? anchor, last: days.at(-1) ?? anchor, weeks, days, month: null };
  }
  const first = firstOfMonth(anchor);
  const last = lastOfMonth(anchor);
  const month = anchor.slice(0, 7);
  if (view === 'list') return { view, first, last, weeks: [], days: datesFrom(first, last), month };
  // The month's grid: whole weeks from the one holding the 1st to the one holding the last day (at most six).
  const weeks = calendarWeeks(first, MAX_MONTH_WEEKS, weekStartsOn).filter(
    (week) => (week[0] ?? last) <= last,
  );
  const days = weeks.flat();
  return { view, first: days[0] ?? first, last: days.at(-1) ?? last, weeks, days, month };
}

/** The anchor `step` views later (negative: earlier): three weeks, a week or a month at a time. */
export function shiftAnchor(view: CalendarView, anchor: string, step: number): string {
  switch (view) {
    case 'three-weeks':
      return addDaysToDate(anchor, step * CALENDAR_WEEKS * DAYS_PER_WEEK);
    case 'week':
      return addDaysToDate(anchor, step * DAYS_PER_WEEK);
    default:
      return addMonths(anchor, step);
  }
}

/** Whether `anchor` shows the same dates as `today` in this view (then "Today" has nothing to do). */
export function showsToday(
  view: CalendarView,
  anchor: string,
  today: string,
  weekStartsOn: WeekDay,
): boolean {
  return viewRange(view, anchor, weekStartsOn).first === viewRange(view, today, weekStartsOn).first;
}
