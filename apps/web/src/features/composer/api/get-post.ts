import type { Post } from '@relaycast/shared/posts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { postKeys, publishingRefreshInterval } from '@/lib/posts-api';

/** `GET /api/posts/:id`: the post the composer edits (404 "Post not found." for another workspace's). */
export function getPost(id: string): Promise<Post> {
  return apiFetch<Post>(`/api/posts/${encodeURIComponent(id)}`);
}

export function usePost(id: string | undefined) {
  return useQuery({
    queryKey: postKeys.detail(id ?? ''),
    queryFn: () => getPost(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    // Watch a post turn published (or fail) while it is being published or about to be.
    refetchInterval: (query) => publishingRefreshInterval(query.state.data ? [query.state.data] : undefined),
  });
}
