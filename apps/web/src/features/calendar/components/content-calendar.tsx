import { moveToDate } from '@relaycast/shared/calendar';
import type { Post } from '@relaycast/shared/posts';
import { useQueryClient } from '@tanstack/react-query';
import { PenSquare } from 'lucide-react';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { postKeys } from '@/api/posts';
import { useTimeZone } from '@/api/settings';
import { Button } from '@/components/ui/button';
import { translateMessage } from '@/i18n';
import { canReschedule } from '@/lib/post-status';
import { nextFullHour } from '@/lib/time-zone';
import type { CalendarView } from '../calendar-views';
import { useCalendarData } from '../hooks/use-calendar-data';
import { useCalendarMove } from '../hooks/use-calendar-move';
import { useCalendarView } from '../hooks/use-calendar-view';
import { CalendarGrid, type DayHandlers } from './calendar-grid';
import { CalendarList } from './calendar-list';
import { CalendarToolbar } from './calendar-toolbar';
import { CreatePostDialog } from './create-post-dialog';
import { DayPostsDialog } from './day-posts-dialog';
import { MovePostDialog } from './move-post-dialog';

interface ContentCalendarProps {
  /** The filter by label (features/labels, handed in by the route): the chosen label id ('' : every post). */
  labelFilter?: (props: { value: string; onChange(labelId: string): void }) => ReactNode;
}

/**
 * The content calendar: three weeks (the seed's view), a week, a month or a list of a month's posts
 * (docs/decisions/0076-calendar-views.md), each with Previous / Today / Next; drag a post to another day in the
 * grids, then a toast offers Undo.
 */
export function ContentCalendar({ labelFilter }: ContentCalendarProps = {}) {
  const { t } = useTranslation('calendar');
  const timeZone = useTimeZone();
  const calendar = useCalendarView();
  const { range, today } = calendar;
  const [labelId, setLabelId] = useState('');
  const data = useCalendarData(range, timeZone, labelId);
  const { listQuery, posts, byDay, streamsByDay, suggested } = data;
  const queryClient = useQueryClient();
  const movePost = useCalendarMove(listQuery, timeZone);

  const [createSlot, setCreateSlot] = useState<{ date: string; time: string } | null>(null);
  const [movingPost, setMovingPost] = useState<Post | null>(null);
  const [shownDay, setShownDay] = useState<string | null>(null);

  // Handlers read the latest posts through a ref so they stay the same function and cells stay memoized.
  const latest = useRef({ posts: posts.data, timeZone });
  latest.current = { posts: posts.data, timeZone };

  const onDropPost = useCallback(
    (postId: string, date: string) => {
      const post = latest.current.posts?.find((item) => item.id === postId);
      if (!post?.scheduledAt || !canReschedule(post.status)) return;
      const scheduledAt = moveToDate(post.scheduledAt, date, latest.current.timeZone).toISOString();
      if (Date.parse(scheduledAt) === Date.parse(post.scheduledAt)) return;
      movePost(post, scheduledAt);
    },
    [movePost],
  );
  const onMoveRequest = useCallback((post: Post) => {
    setShownDay(null);
    setMovingPost(post);
  }, []);
  const onCreate = useCallback(
    (date: string) => {
      const soon = nextFullHour(timeZone);
      setCreateSlot(date === soon.date || date < soon.date ? soon : { date, time: '09:00' });
    },
    [timeZone],
  );
  const onPickSuggestion = useCallback((date: string, time: string) => setCreateSlot({ date, time }), []);
  const handlers = useMemo<DayHandlers>(
    () => ({ onDropPost, onMoveRequest, onShowDay: setShownDay, onCreate, onPickSuggestion }),
    [onDropPost, onMoveRequest, onCreate, onPickSuggestion],
  );

  const isEmpty = posts.isSuccess && posts.data.length === 0 && streamsByDay.size === 0;

  return (
    <div className="grid gap-5">
      <CalendarToolbar
        calendar={calendar}
        isFetching={posts.isFetching}
        onCreate={() => setCreateSlot(nextFullHour(timeZone))}
        filter={labelFilter?.({ value: labelId, onChange: setLabelId })}
      />

      {posts.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm"
        >
          <span>{posts.error.message}</span>
          <Button variant="outline" size="sm" onClick={() => void posts.refetch()}>
            {t('Try again')}
          </Button>
        </div>
      ) : null}

      {isEmpty ? <EmptyRange view={calendar.view} /> : null}

      {calendar.view === 'list' ? (
        <CalendarList range={range} today={today} days={data} onMoveRequest={onMoveRequest} />
      ) : (
        <CalendarGrid range={range} today={today} days={data} handlers={handlers} />
      )}
      <CalendarHint view={calendar.view} timeZone={timeZone} suggested={suggested.data} />

      <CreatePostDialog
        open={createSlot !== null}
        onOpenChange={(open) => {
          if (!open) setCreateSlot(null);
        }}
        slot={createSlot ?? nextFullHour(timeZone)}
        timeZone={timeZone}
        minDate={today}
        onCreated={(post) => {
          queryClient.setQueryData<Post[]>(postKeys.list(listQuery), (current) =>
            current &&
            post.scheduledAt &&
            Date.parse(post.scheduledAt) >= Date.parse(listQuery.from) &&
            Date.parse(post.scheduledAt) < Date.parse(listQuery.to)
              ? [...current.filter((item) => item.id !== post.id), post]
              : current,
          );
        }}
      />
      <MovePostDialog
        post={movingPost}
        timeZone={timeZone}
        minDate={today}
        onClose={() => setMovingPost(null)}
        onMove={movePost}
      />
      <DayPostsDialog
        date={shownDay}
        entries={shownDay ? (byDay.get(shownDay) ?? []) : []}
        onClose={() => setShownDay(null)}
        onMoveRequest={onMoveRequest}
      />
    </div>
  );
}

/** How to move posts, the time zone, and what the sparkles mean when there are suggested slots. */
function CalendarHint({
  view,
  timeZone,
  suggested,
}: {
  view: CalendarView;
  timeZone: string;
  suggested: { suggestions: unknown[]; note: string } | undefined;
}) {
  const { t } = useTranslation('calendar');
  return (
    <p className="text-xs text-muted-foreground">
      {t(
        'Drag a scheduled post to another day, or use its move button, to move it: it keeps its time of day. Times are in your time zone, {{timeZone}}.',
        { timeZone: timeZone.replaceAll('_', ' ') },
      )}
      {suggested && suggested.suggestions.length > 0 && view !== 'list'
        ? ` ${t("Times marked with a sparkle are suggested slots from your accounts' best times; click one to write a post for it.")} ${translateMessage(suggested.note)}`
        : ''}
    </p>
  );
}

/** Nothing in the range: how to start. */
function EmptyRange({ view }: { view: CalendarView }) {
  const { t } = useTranslation('calendar');
  const title =
    view === 'three-weeks'
      ? t('Nothing is scheduled for these three weeks.')
      : view === 'week'
        ? t('Nothing is scheduled for this week.')
        : t('Nothing is scheduled for this month.');
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-dashed bg-card p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm text-muted-foreground">
          {t(
            'Click Create Post (or the + on a day) to schedule a post, or write one with media in the Post Composer.',
          )}
        </p>
      </div>
      <Button asChild variant="outline" className="shrink-0">
        <Link to="/post-composer">
          <PenSquare aria-hidden="true" />
          {t('Open the Post Composer')}
        </Link>
      </Button>
    </div>
  );
}
