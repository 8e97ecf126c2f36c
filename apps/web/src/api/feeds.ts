import type { Feed, FeedInput, FeedItem, FeedList, FeedUpdate } from '@relaycast/shared/feeds';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { postKeys } from './posts';

/** A workspace's RSS and Atom feeds: `/api/feeds…` (docs/feeds.md). */

export const feedKeys = {
  all: ['feeds'] as const,
  list: () => [...feedKeys.all, 'list'] as const,
  items: (feedId: string) => [...feedKeys.all, 'items', feedId] as const,
};

function invalidateFeeds(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: feedKeys.all });
}

/** `GET /api/feeds`: refreshed every half minute, so a fetch the server made shows its status. */
export function useFeeds() {
  return useQuery({
    queryKey: feedKeys.list(),
    queryFn: async () => (await apiFetch<FeedList>('/api/feeds')).items,
    refetchInterval: 30_000,
  });
}

/** `GET /api/feeds/:id/items`: what became of the feed's latest items. */
export function useFeedItems(feedId: string, enabled: boolean) {
  return useQuery({
    queryKey: feedKeys.items(feedId),
    queryFn: async () =>
      (await apiFetch<{ items: FeedItem[] }>(`/api/feeds/${encodeURIComponent(feedId)}/items`)).items,
    enabled,
  });
}

export function useCreateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FeedInput) => apiFetch<Feed>('/api/feeds', { method: 'POST', json: input }),
    onSettled: () => invalidateFeeds(queryClient),
  });
}

export function useUpdateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: FeedUpdate }) =>
      apiFetch<Feed>(`/api/feeds/${encodeURIComponent(id)}`, { method: 'PATCH', json: change }),
    onSettled: () => invalidateFeeds(queryClient),
  });
}

export function useDeleteFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/feeds/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => invalidateFeeds(queryClient),
  });
}

/** `POST /api/feeds/:id/check`: fetches the feed now; its new posts join the drafts or the queue. */
export function useCheckFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<Feed>(`/api/feeds/${encodeURIComponent(id)}/check`, { method: 'POST' }),
    onSettled: async () => {
      await invalidateFeeds(queryClient);
      await queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
