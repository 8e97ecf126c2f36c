import type { Post } from '@relaycast/shared/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidatePosts } from '@/lib/posts-api';

/** `POST /api/posts/:id/duplicate`: a copy of the post as a new draft. */
export function duplicatePost(id: string): Promise<Post> {
  return apiFetch<Post>(`/api/posts/${encodeURIComponent(id)}/duplicate`, { method: 'POST' });
}

export function useDuplicatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => duplicatePost(id),
    onSuccess: () => invalidatePosts(queryClient),
  });
}
