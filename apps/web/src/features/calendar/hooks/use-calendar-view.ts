import { todayIn } from '@relaycast/shared/calendar';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTimeZone, useWeekStart } from '@/api/settings';
import {
  type CalendarView,
  DEFAULT_CALENDAR_VIEW,
  isCalendarDate,
  isCalendarView,
  shiftAnchor,
  showsToday,
  type ViewRange,
  viewRange,
} from '../calendar-views';

/** Where the browser remembers the last view picked, for the next visit to /calendar. */
export const CALENDAR_VIEW_STORAGE_KEY = 'relaycast.calendar.view';

function storedView(): CalendarView | null {
  try {
    const value = window.localStorage.getItem(CALENDAR_VIEW_STORAGE_KEY);
    return isCalendarView(value) ? value : null;
  } catch {
    return null;
  }
}

function rememberView(view: CalendarView): void {
  try {
    window.localStorage.setItem(CALENDAR_VIEW_STORAGE_KEY, view);
  } catch {
    // Storage full or off: the address still holds the view.
  }
}

export interface CalendarViewState {
  view: CalendarView;
  range: ViewRange;
  today: string;
  /** Whether the range is the one that holds today ("Today" then does nothing). */
  isCurrent: boolean;
  setView(view: CalendarView): void;
  previous(): void;
  next(): void;
  goToday(): void;
}

/**
 * The calendar's view and the dates it shows, kept in the address (`?view=month&date=2026-11-01`, so a link or
 * a reload shows the same) and the view also in this browser's storage (the next /calendar opens in it).
 */
export function useCalendarView(): CalendarViewState {
  const timeZone = useTimeZone();
  const weekStartsOn = useWeekStart();
  const today = todayIn(timeZone);
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view = isCalendarView(asked) ? asked : (storedView() ?? DEFAULT_CALENDAR_VIEW);
  const askedDate = params.get('date');
  const anchor = isCalendarDate(askedDate) ? askedDate : today;
  const range = useMemo(() => viewRange(view, anchor, weekStartsOn), [view, anchor, weekStartsOn]);
  const isCurrent = showsToday(view, anchor, today, weekStartsOn);

  const go = useCallback(
    (nextView: CalendarView, nextAnchor: string) => {
      const next = new URLSearchParams(params);
      next.set('view', nextView);
      if (showsToday(nextView, nextAnchor, today, weekStartsOn)) next.delete('date');
      else next.set('date', nextAnchor);
      setParams(next, { replace: true });
    },
    [params, setParams, today, weekStartsOn],
  );

  return {
    view,
    range,
    today,
    isCurrent,
    setView: (nextView) => {
      rememberView(nextView);
      go(nextView, anchor);
    },
    previous: () => go(view, shiftAnchor(view, anchor, -1)),
    next: () => go(view, shiftAnchor(view, anchor, 1)),
    goToday: () => go(view, today),
  };
}
