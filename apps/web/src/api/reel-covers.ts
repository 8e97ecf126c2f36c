import type { PostReelCover } from '@relaycast/shared/reel-covers';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const reelCoverKeys = {
  post: (postId: string) => ['reel-covers', 'post', postId] as const,
};

/** `GET /api/reel-covers/posts/:id`: a saved post's Instagram Reel cover (docs/reel-covers.md). */
export function usePostReelCover(postId: string | undefined) {
  return useQuery({
    queryKey: reelCoverKeys.post(postId ?? ''),
    queryFn: () => apiFetch<PostReelCover>(`/api/reel-covers/posts/${encodeURIComponent(postId ?? '')}`),
    enabled: postId !== undefined,
  });
}
