import type { Post } from '@relaycast/shared/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidatePosts } from '@/lib/posts-api';

/** `POST /api/posts/:id/restore`: undoes a delete. */
export function restorePost(id: string): Promise<Post> {
  return apiFetch<Post>(`/api/posts/${encodeURIComponent(id)}/restore`, { method: 'POST' });
}

export function useRestorePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => restorePost(id),
    onSettled: () => invalidatePosts(queryClient),
  });
}
