import { useMemo } from 'react';
import { usePostSeries } from '@/api/post-series';
import { repeatSummary } from '@/lib/repeat-summary';

/**
 * The calendar's view of recurring posts (docs/recurring-posts.md): the rule in words of each series post, by
 * post id, for the repeat icon and its tooltip. One request for the whole calendar (the query is shared).
 */
export function useSeriesSummaries(): ReadonlyMap<string, string> {
  const { data } = usePostSeries();
  return useMemo(() => {
    const byPost = new Map<string, string>();
    for (const series of data ?? []) {
      const summary = repeatSummary(series.rule, series.startDate);
      for (const postId of series.postIds) byPost.set(postId, summary);
    }
    return byPost;
  }, [data]);
}
