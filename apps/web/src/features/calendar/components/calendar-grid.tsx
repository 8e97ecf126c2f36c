import type { Post } from '@relaycast/shared/posts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/time-zone';
import type { CalendarEntry } from '../calendar-entries';
import type { ViewRange } from '../calendar-views';
import type { PlannedStreamEntry } from '../planned-stream-entries';
import { DayCell } from './day-cell';

/** What every day of a grid does; the same functions for every cell, so the cells stay memoized. */
export interface DayHandlers {
  onDropPost(postId: string, date: string): void;
  onMoveRequest(post: Post): void;
  onShowDay(date: string): void;
  onCreate(date: string): void;
  onPickSuggestion(date: string, time: string): void;
}

export interface CalendarDays {
  byDay: ReadonlyMap<string, CalendarEntry[]>;
  streamsByDay: ReadonlyMap<string, PlannedStreamEntry[]>;
  suggestionsByDay: ReadonlyMap<string, string[]>;
  /** Open queue slots (HH:mm) by day (docs/queue-slots.md). */
  openSlotsByDay?: ReadonlyMap<string, string[]>;
}

/**
 * The grid views (three weeks, a week, a month): rows of seven days, the week's first day first, each day a
 * drop target for dragged posts. The week shows every post of a day; a month draws the days of the months
 * around it quieter. On a phone the days stack in one column.
 */
export function CalendarGrid({
  range,
  today,
  days,
  handlers,
}: {
  range: ViewRange;
  today: string;
  days: CalendarDays;
  handlers: DayHandlers;
}) {
  const { t } = useTranslation('calendar');
  const isWeek = range.view === 'week';
  return (
    <div className="overflow-hidden rounded-xl border bg-border shadow-sm">
      <div aria-hidden="true" className="hidden grid-cols-7 gap-px sm:grid">
        {range.weeks[0]?.map((date) => (
          <div
            key={date}
            className="bg-muted px-2 py-2 text-center text-xs font-semibold text-muted-foreground"
          >
            {formatDate(date, { weekday: 'short' })}
          </div>
        ))}
      </div>
      <div className="grid gap-px sm:border-t">
        {range.weeks.map((week) => (
          <section
            key={week[0]}
            aria-label={t('Week of {{date}}', {
              date: formatDate(week[0] ?? '', { month: 'long', day: 'numeric' }),
            })}
          >
            <ol className="grid grid-cols-1 gap-px sm:grid-cols-7">
              {week.map((date) => (
                <DayCell
                  key={date}
                  date={date}
                  entries={days.byDay.get(date)}
                  streams={days.streamsByDay.get(date)}
                  isToday={date === today}
                  isPast={date < today}
                  isOutside={range.month !== null && !date.startsWith(range.month)}
                  showAll={isWeek}
                  suggestions={days.suggestionsByDay.get(date)}
                  openSlots={days.openSlotsByDay?.get(date)}
                  {...handlers}
                />
              ))}
            </ol>
          </section>
        ))}
      </div>
    </div>
  );
}
