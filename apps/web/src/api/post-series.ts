import type { PostSeries, RepeatRuleInput } from '@relaycast/shared/post-series';
import type { Post, PostInput } from '@relaycast/shared/posts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidatePosts } from './posts';

/** Recurring posts: `/api/post-series…` (docs/recurring-posts.md). The series' posts are ordinary posts. */

export const postSeriesKeys = { all: ['post-series'] as const };

export interface SeriesWrite {
  series: PostSeries;
  posts: Post[];
}

/** `GET /api/post-series`: every series of the workspace, with the ids of its posts (the calendar's repeat icon). */
export function usePostSeries(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: postSeriesKeys.all,
    queryFn: async () => (await apiFetch<{ series?: PostSeries[] }>('/api/post-series')).series ?? [],
    staleTime: 30_000,
    ...options,
  });
}

/** The series a post belongs to, and the post's place in it; null when it is not (or no longer) a series post. */
export function seriesOfPost(
  list: readonly PostSeries[] | undefined,
  postId: string | undefined,
): { series: PostSeries; index: number } | null {
  for (const series of list ?? []) {
    const at = postId ? series.postIds.indexOf(postId) : -1;
    if (at >= 0) return { series, index: series.postIndexes[at] ?? 0 };
  }
  return null;
}

function useSeriesMutation<V, R>(request: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: postSeriesKeys.all }),
        invalidatePosts(queryClient),
      ]);
    },
  });
}

const path = (seriesId: string, kind: 'from' | 'detach', postId: string) =>
  `/api/post-series/${encodeURIComponent(seriesId)}/${kind}/${encodeURIComponent(postId)}`;

/** `POST /api/post-series`: a repeating post; answers the series and the posts of its first weeks. */
export function useCreateSeries() {
  return useSeriesMutation((body: { post: PostInput; rule: RepeatRuleInput }) =>
    apiFetch<SeriesWrite>('/api/post-series', { method: 'POST', json: body }),
  );
}

/** `PUT /api/post-series/:id/from/:postId`: "this and following" (a new series from this occurrence). */
export function useUpdateSeriesFrom() {
  return useSeriesMutation(
    (v: { seriesId: string; postId: string; post: PostInput; rule: RepeatRuleInput }) =>
      apiFetch<SeriesWrite>(path(v.seriesId, 'from', v.postId), {
        method: 'PUT',
        json: { post: v.post, rule: v.rule },
      }),
  );
}

/** `POST /api/post-series/:id/detach/:postId`: "this post only" (the post leaves the series). */
export function useDetachPost() {
  return useSeriesMutation((v: { seriesId: string; postId: string }) =>
    apiFetch<Post>(path(v.seriesId, 'detach', v.postId), { method: 'POST' }),
  );
}

/** `DELETE /api/post-series/:id/from/:postId`: deletes this occurrence and the following unpublished ones. */
export function useDeleteSeriesFrom() {
  return useSeriesMutation((v: { seriesId: string; postId: string }) =>
    apiFetch<{ deletedPostIds: string[] }>(path(v.seriesId, 'from', v.postId), { method: 'DELETE' }),
  );
}
