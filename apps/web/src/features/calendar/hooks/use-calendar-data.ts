import { instantToZoned, rangeOfDates } from '@relaycast/shared/calendar';
import { postsWithLabel } from '@relaycast/shared/labels';
import type { ListPostsQuery } from '@relaycast/shared/posts';
import { useMemo } from 'react';
import { useSuggestedSlots } from '@/api/best-time';
import { usePlannedStreams } from '@/api/planned-streams';
import { usePosts } from '@/api/posts';
import { useOpenSlots } from '@/api/queue-slots';
import { groupPostsByDay } from '../calendar-entries';
import type { ViewRange } from '../calendar-views';
import { groupStreamsByDay } from '../planned-stream-entries';

/** Enough for a very busy month; the API's maximum page. */
const RANGE_LIMIT = 500;

/**
 * What the calendar shows for a range of dates, by local day in the user's time zone: posts, planned streams
 * and the best-time model's free slots for all the workspace's accounts (the server drops those already past).
 * With `labelId`, only the posts carrying that label (docs/labels.md): the range is read whole once and filtered
 * here, so switching the filter asks the server nothing.
 */
export function useCalendarData(range: Pick<ViewRange, 'first' | 'last'>, timeZone: string, labelId = '') {
  const { first, last } = range;
  const listQuery = useMemo<ListPostsQuery & { from: string; to: string }>(() => {
    const { from, to } = rangeOfDates(first, last, timeZone);
    return { from: from.toISOString(), to: to.toISOString(), limit: RANGE_LIMIT };
  }, [first, last, timeZone]);

  const posts = usePosts(listQuery);
  const byDay = useMemo(
    () => groupPostsByDay(postsWithLabel(posts.data ?? [], labelId), timeZone),
    [posts.data, timeZone, labelId],
  );
  const plannedStreams = usePlannedStreams({ from: listQuery.from, to: listQuery.to });
  const streamsByDay = useMemo(
    () => groupStreamsByDay(plannedStreams.data ?? [], timeZone),
    [plannedStreams.data, timeZone],
  );
  const suggested = useSuggestedSlots({ from: listQuery.from, to: listQuery.to, timeZone });
  const suggestionsByDay = useMemo(() => {
    const byDate = new Map<string, string[]>();
    for (const slot of suggested.data?.suggestions ?? []) {
      const { date, time } = instantToZoned(slot.at, timeZone);
      byDate.set(date, [...(byDate.get(date) ?? []), time]);
    }
    return byDate;
  }, [suggested.data, timeZone]);

  // The accounts' posting schedules' free times (docs/queue-slots.md), one marker per time of a day.
  const open = useOpenSlots({ from: listQuery.from, to: listQuery.to });
  const openSlotsByDay = useMemo(() => {
    const byDate = new Map<string, string[]>();
    for (const slot of open.data ?? []) {
      const { date, time } = instantToZoned(slot.at, timeZone);
      const times = byDate.get(date) ?? [];
      if (!times.includes(time)) byDate.set(date, [...times, time].sort());
    }
    return byDate;
  }, [open.data, timeZone]);

  return { listQuery, posts, byDay, streamsByDay, suggested, suggestionsByDay, openSlotsByDay };
}
