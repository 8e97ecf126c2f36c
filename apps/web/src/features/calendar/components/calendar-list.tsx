import type { Post } from '@relaycast/shared/posts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/time-zone';
import type { ViewRange } from '../calendar-views';
import type { CalendarDays } from './calendar-grid';
import { CalendarPostItem } from './calendar-post-item';
import { CalendarStreamItem } from './calendar-stream-item';

/**
 * The list view: a month's posts and planned streams, day by day in time order (each at its time in the user's
 * time zone); days with nothing are left out. Moving is by each post's Move button (no drag targets here).
 */
export function CalendarList({
  range,
  today,
  days,
  onMoveRequest,
}: {
  range: ViewRange;
  today: string;
  days: CalendarDays;
  onMoveRequest(post: Post): void;
}) {
  const shown = range.days.filter((date) => days.byDay.has(date) || days.streamsByDay.has(date));
  if (shown.length === 0) return null;
  return (
    <ol className="grid gap-4">
      {shown.map((date) => (
        <ListDay key={date} date={date} today={today} days={days} onMoveRequest={onMoveRequest} />
      ))}
    </ol>
  );
}

function ListDay({
  date,
  today,
  days,
  onMoveRequest,
}: {
  date: string;
  today: string;
  days: CalendarDays;
  onMoveRequest(post: Post): void;
}) {
  const { t } = useTranslation('calendar');
  const id = useId();
  const day = formatDate(date, { weekday: 'long', month: 'long', day: 'numeric' });
  const isToday = date === today;
  return (
    <li
      aria-labelledby={id}
      aria-current={isToday ? 'date' : undefined}
      data-list-date={date}
      className={cn('grid gap-2 rounded-xl border bg-card p-3 shadow-xs', isToday && 'ring-2 ring-primary')}
    >
      <h2 id={id} className={cn('text-sm font-semibold', date < today && 'text-muted-foreground')}>
        {isToday ? t('{{date}}, today', { date: day }) : day}
      </h2>
      <ul className="grid grid-cols-1 gap-1.5">
        {(days.streamsByDay.get(date) ?? []).map((entry) => (
          <li key={entry.stream.id}>
            <CalendarStreamItem entry={entry} />
          </li>
        ))}
        {(days.byDay.get(date) ?? []).map((entry) => (
          <li key={entry.post.id}>
            <CalendarPostItem entry={entry} onMoveRequest={onMoveRequest} isCompact={false} />
          </li>
        ))}
      </ul>
    </li>
  );
}
