import {
  addDaysToDate,
  CALENDAR_WEEKS,
  calendarWeeks,
  DAYS_PER_WEEK,
  instantToZoned,
  moveToDate,
  rangeOfDates,
  todayIn,
} from '@relaycast/shared/calendar';
import { POST_MESSAGES, type Post } from '@relaycast/shared/posts';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarPlus, ChevronLeft, ChevronRight, PenSquare } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSuggestedSlots } from '@/api/best-time';
import { usePlannedStreams } from '@/api/planned-streams';
import { postKeys, useMovePost, usePosts } from '@/api/posts';
import { useTimeZone, useWeekStart } from '@/api/settings';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { canReschedule } from '@/lib/post-status';
import { formatDate, nextFullHour } from '@/lib/time-zone';
import { toast } from '@/lib/toast';
import { groupPostsByDay } from '../calendar-entries';
import { groupStreamsByDay } from '../planned-stream-entries';
import { CreatePostDialog } from './create-post-dialog';
import { DayCell } from './day-cell';
import { DayPostsDialog } from './day-posts-dialog';
import { MovePostDialog } from './move-post-dialog';

const DAYS_PER_PAGE = CALENDAR_WEEKS * DAYS_PER_WEEK;
/** Enough for three very busy weeks; the API's maximum page. */
const RANGE_LIMIT = 500;

/**
 * Three weeks of posts from the current week, starting on the user's first day of the week (`useWeekStart`);
 * Previous and Next move by three weeks.
 */
// function-budget: ContentCalendar lays out one screen part in one JSX tree; split into named parts when it next changes
export function ContentCalendar() {
  const { t } = useTranslation('calendar');
  const timeZone = useTimeZone();
  const today = todayIn(timeZone);
  const weekStart = useWeekStart();
  const [page, setPage] = useState(0);
  const weeks = useMemo(
    () => calendarWeeks(addDaysToDate(today, page * DAYS_PER_PAGE), CALENDAR_WEEKS, weekStart),
    [today, page, weekStart],
  );
  const first = weeks[0]?.[0] ?? today;
  const last = weeks.at(-1)?.at(-1) ?? today;
  const listQuery = useMemo(() => {
    const { from, to } = rangeOfDates(first, last, timeZone);
    return { from: from.toISOString(), to: to.toISOString(), limit: RANGE_LIMIT };
  }, [first, last, timeZone]);

  const queryClient = useQueryClient();
  const posts = usePosts(listQuery);
  const byDay = useMemo(() => groupPostsByDay(posts.data ?? [], timeZone), [posts.data, timeZone]);
  const move = useMovePost(listQuery);
  const plannedStreams = usePlannedStreams({ from: listQuery.from, to: listQuery.to });
  const streamsByDay = useMemo(
    () => groupStreamsByDay(plannedStreams.data ?? [], timeZone),
    [plannedStreams.data, timeZone],
  );

  // The best-time model's free slots for all the workspace's accounts (the server drops those already past).
  const suggested = useSuggestedSlots({ from: listQuery.from, to: listQuery.to, timeZone });
  const suggestionsByDay = useMemo(() => {
    const byDate = new Map<string, string[]>();
    for (const slot of suggested.data?.suggestions ?? []) {
      const { date, time } = instantToZoned(slot.at, timeZone);
      byDate.set(date, [...(byDate.get(date) ?? []), time]);
    }
    return byDate;
  }, [suggested.data, timeZone]);

  const [createSlot, setCreateSlot] = useState<{ date: string; time: string } | null>(null);
  const [movingPost, setMovingPost] = useState<Post | null>(null);
  const [shownDay, setShownDay] = useState<string | null>(null);

  // Handlers read the latest posts through a ref so they stay the same function and cells stay memoized.
  const latest = useRef({ posts: posts.data, timeZone, move });
  latest.current = { posts: posts.data, timeZone, move };

  const movePost = useCallback((post: Post, scheduledAt: string) => {
    if (Date.parse(scheduledAt) <= Date.now()) {
      toast.error(translateMessage(POST_MESSAGES.scheduleInPast));
      return;
    }
    latest.current.move.mutate({ post, scheduledAt, timeZone: latest.current.timeZone });
  }, []);

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

  const isEmpty = posts.isSuccess && posts.data.length === 0 && streamsByDay.size === 0;
  const rangeLabel = `${formatDate(first, { month: 'short', day: 'numeric' })} – ${formatDate(last, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  })}`;

  return (
    <div className="grid gap-5">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Content Calendar')}</h1>
          <p className="mt-2 flex items-center gap-2 text-muted-foreground">
            <span aria-live="polite">{rangeLabel}</span>
            {posts.isFetching ? <Spinner label={t('Loading posts')} className="[&_svg]:size-4" /> : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div className="flex items-center rounded-md border bg-card shadow-xs">
            <Button
              variant="ghost"
              size="sm"
              className="rounded-r-none"
              onClick={() => setPage((p) => p - 1)}
            >
              <ChevronLeft aria-hidden="true" />
              {t('Previous')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="rounded-none border-x"
              disabled={page === 0}
              onClick={() => setPage(0)}
            >
              {t('Today')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="rounded-l-none"
              onClick={() => setPage((p) => p + 1)}
            >
              {t('Next')}
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
          <Button onClick={() => setCreateSlot(nextFullHour(timeZone))}>
            <CalendarPlus aria-hidden="true" />
            {t('Create Post')}
          </Button>
        </div>
      </header>

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

      {isEmpty ? (
        <div className="flex flex-col gap-3 rounded-xl border border-dashed bg-card p-5 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-semibold">{t('Nothing is scheduled for these three weeks.')}</p>
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
      ) : null}

      <div className="overflow-hidden rounded-xl border bg-border shadow-sm">
        <div aria-hidden="true" className="hidden grid-cols-7 gap-px sm:grid">
          {weeks[0]?.map((date) => (
            <div
              key={date}
              className="bg-muted px-2 py-2 text-center text-xs font-semibold text-muted-foreground"
            >
              {formatDate(date, { weekday: 'short' })}
            </div>
          ))}
        </div>
        <div className="grid gap-px sm:border-t">
          {weeks.map((week) => (
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
                    entries={byDay.get(date)}
                    streams={streamsByDay.get(date)}
                    isToday={date === today}
                    isPast={date < today}
                    onDropPost={onDropPost}
                    onMoveRequest={onMoveRequest}
                    onShowDay={setShownDay}
                    onCreate={onCreate}
                    suggestions={suggestionsByDay.get(date)}
                    onPickSuggestion={onPickSuggestion}
                  />
                ))}
              </ol>
            </section>
          ))}
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        {t(
          'Drag a scheduled post to another day, or use its move button, to move it: it keeps its time of day. Times are in your time zone, {{timeZone}}.',
          { timeZone: timeZone.replaceAll('_', ' ') },
        )}
        {suggested.data && suggested.data.suggestions.length > 0
          ? ` ${t("Times marked with a sparkle are suggested slots from your accounts' best times; click one to write a post for it.")} ${translateMessage(suggested.data.note)}`
          : ''}
      </p>

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
