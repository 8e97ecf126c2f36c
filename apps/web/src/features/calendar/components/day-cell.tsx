import type { Post } from '@relaycast/shared/posts';
import { Plus, Sparkles } from 'lucide-react';
import { type DragEvent, memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatDate, formatTimeOfDay } from '@/lib/time-zone';
import type { CalendarEntry } from '../calendar-entries';
import type { PlannedStreamEntry } from '../planned-stream-entries';
import { CalendarPostItem, POST_DRAG_TYPE } from './calendar-post-item';
import { CalendarStreamItem } from './calendar-stream-item';
import { OpenSlotMarkers } from './open-slot-markers';

/** More than this many posts in a day fold into "+N more", so a busy week stays light. */
export const MAX_VISIBLE_POSTS = 3;
const NO_ENTRIES: readonly CalendarEntry[] = [];
const NO_STREAMS: readonly PlannedStreamEntry[] = [];
const NO_SUGGESTIONS: readonly string[] = [];

interface DayCellProps {
  date: string;
  entries?: readonly CalendarEntry[];
  /** Planned live streams on this day (shown above the posts). */
  streams?: readonly PlannedStreamEntry[];
  isToday: boolean;
  isPast: boolean;
  onDropPost(postId: string, date: string): void;
  onMoveRequest(post: Post): void;
  onShowDay(date: string): void;
  onCreate(date: string): void;
  /** Suggested times (HH:mm) of the best-time model on this day; shown while the day has room. */
  suggestions?: readonly string[];
  onPickSuggestion?(date: string, time: string): void;
  /** Open queue slots (HH:mm) of the accounts' posting schedules on this day; clicking one picks its time. */
  openSlots?: readonly string[];
  /** The week view: every post of the day, none folded into "+N more", in a taller cell. */
  showAll?: boolean;
  /** The month view's days of the months before and after, drawn quieter. */
  isOutside?: boolean;
}

/** One day of the calendar: its date, its posts (the first few), and a drop target for moving posts. */
// function-budget: DayCell lays out one screen part in one JSX tree; split into named parts when it next changes
export const DayCell = memo(function DayCell({
  date,
  entries = NO_ENTRIES,
  streams = NO_STREAMS,
  isToday,
  isPast,
  onDropPost,
  onMoveRequest,
  onShowDay,
  onCreate,
  suggestions = NO_SUGGESTIONS,
  onPickSuggestion,
  openSlots = NO_SUGGESTIONS,
  showAll = false,
  isOutside = false,
}: DayCellProps) {
  const { t } = useTranslation('calendar');
  const [isDropTarget, setDropTarget] = useState(false);
  const day = formatDate(date, { weekday: 'long', month: 'long', day: 'numeric' });
  const label = isToday ? t('{{date}}, today', { date: day }) : day;
  const visible =
    !showAll && entries.length > MAX_VISIBLE_POSTS ? entries.slice(0, MAX_VISIBLE_POSTS - 1) : entries;
  const hidden = entries.length - visible.length;
  // Suggestions only fill the room a day has left, so a busy day stays as it was.
  const room = showAll ? MAX_VISIBLE_POSTS : Math.max(0, MAX_VISIBLE_POSTS - entries.length);
  const shownOpen = isPast || !onPickSuggestion ? [] : openSlots.slice(0, showAll ? openSlots.length : room);
  const shownSuggestions =
    isPast || !onPickSuggestion
      ? []
      : suggestions
          .filter((time) => !openSlots.includes(time))
          .slice(0, Math.max(0, room - shownOpen.length));

  function onDragOver(event: DragEvent) {
    if (!event.dataTransfer.types.includes(POST_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (!isDropTarget) setDropTarget(true);
  }
  function onDrop(event: DragEvent) {
    const postId = event.dataTransfer.getData(POST_DRAG_TYPE);
    setDropTarget(false);
    if (!postId) return;
    event.preventDefault();
    onDropPost(postId, date);
  }

  return (
    <li
      aria-label={label}
      aria-current={isToday ? 'date' : undefined}
      data-date={date}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropTarget(false);
      }}
      onDrop={onDrop}
      className={cn(
        'group/day flex min-w-0 flex-col gap-1.5 bg-card p-1.5 transition-colors sm:min-h-32',
        showAll && 'sm:min-h-80',
        (isPast || isOutside) && 'bg-muted/50',
        // On a phone the days stack: the weeks' days of the months around this one are left out there.
        isOutside && 'max-sm:hidden',
        isToday && 'relative z-[1] bg-accent/50 ring-2 ring-primary ring-inset',
        isDropTarget && 'bg-accent ring-2 ring-primary ring-inset',
      )}
    >
      <div className="flex items-center justify-between gap-1">
        <span className="flex items-baseline gap-1.5 px-1 text-xs">
          <span className="font-medium text-muted-foreground sm:hidden">
            {formatDate(date, { weekday: 'short' })}
          </span>
          <span
            className={cn(
              'inline-flex size-6 items-center justify-center rounded-full text-sm font-semibold',
              isToday
                ? 'bg-primary text-primary-foreground'
                : isPast || isOutside
                  ? 'text-muted-foreground'
                  : 'text-foreground',
            )}
          >
            {Number(date.slice(8))}
          </span>
          {date.endsWith('-01') || isToday ? (
            <span className="font-medium text-muted-foreground">
              {isToday ? t('Today') : formatDate(date, { month: 'short' })}
            </span>
          ) : null}
        </span>
        {isPast ? null : (
          <button
            type="button"
            onClick={() => onCreate(date)}
            className="inline-flex size-6 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground sm:pointer-fine:opacity-0 sm:pointer-fine:group-hover/day:opacity-100 sm:pointer-fine:focus-visible:opacity-100"
          >
            <Plus aria-hidden="true" className="size-3.5" />
            <span className="sr-only">{t('Create a post on {{day}}', { day: label })}</span>
          </button>
        )}
      </div>
      {streams.length > 0 ? (
        <ul aria-label={t('Planned streams on {{day}}', { day: label })} className="grid grid-cols-1 gap-1">
          {streams.map((entry) => (
            <li key={entry.stream.id}>
              <CalendarStreamItem entry={entry} />
            </li>
          ))}
        </ul>
      ) : null}
      {entries.length > 0 ? (
        <ul className="grid grid-cols-1 gap-1">
          {visible.map((entry) => (
            <li key={entry.post.id}>
              <CalendarPostItem entry={entry} onMoveRequest={onMoveRequest} />
            </li>
          ))}
          {hidden > 0 ? (
            <li>
              <button
                type="button"
                onClick={() => onShowDay(date)}
                className="w-full rounded-md px-2 py-1 text-left text-xs font-medium text-primary hover:bg-accent"
              >
                {t('+{{hidden}} more', { hidden })}
                <span className="sr-only"> {t('on {{day}}', { day: label })}</span>
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
      {shownOpen.length > 0 ? (
        <OpenSlotMarkers
          times={shownOpen}
          dayLabel={label}
          onPick={(time) => onPickSuggestion?.(date, time)}
        />
      ) : null}
      {shownSuggestions.length > 0 ? (
        <div className="flex items-start gap-1 px-1 text-[11px] leading-4 text-muted-foreground">
          <Sparkles aria-hidden="true" className="mt-0.5 size-3 shrink-0 text-primary/60" />
          <ul
            aria-label={t('Suggested times on {{day}}', { day: label })}
            className="flex flex-wrap gap-x-1.5"
          >
            {shownSuggestions.map((time) => (
              <li key={time}>
                <button
                  type="button"
                  onClick={() => onPickSuggestion?.(date, time)}
                  className="rounded-sm underline decoration-primary/40 decoration-dashed underline-offset-2 hover:text-foreground hover:decoration-primary focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {formatTimeOfDay(time)}
                  <span className="sr-only">
                    {t(': suggested slot for a new post on {{day}}', { day: label })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
});
