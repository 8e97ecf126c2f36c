import type { Post } from '@relaycast/shared/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePosts, reschedulePost } from '@/lib/posts-api';

/** `PATCH /api/posts/:id/schedule` on a draft: the server checks every platform's rules, then schedules it. */
export function useScheduleDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, scheduledAt, timeZone }: { post: Post; scheduledAt: string; timeZone: string }) =>
      reschedulePost(post.id, { scheduledAt, timezone: timeZone }),
    onSuccess: () => invalidatePosts(queryClient),
  });
}
