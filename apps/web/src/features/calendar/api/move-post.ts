import type { ListPostsQuery, Post } from '@relaycast/shared/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePosts, postKeys, reschedulePost } from '@/lib/posts-api';
import { toast } from '@/lib/toast';

interface MoveVariables {
  post: Post;
  scheduledAt: string;
  timeZone: string;
}

/**
 * `PATCH /api/posts/:id/schedule` for drag and drop: the post moves in the calendar at once and goes back
 * where it was, with the server's message, if the move is refused.
 */
export function useMovePost(listQuery: ListPostsQuery) {
  const queryClient = useQueryClient();
  const listKey = postKeys.list(listQuery);
  return useMutation({
    mutationFn: ({ post, scheduledAt, timeZone }: MoveVariables) =>
      reschedulePost(post.id, { scheduledAt, timezone: timeZone }),
    onMutate: async ({ post, scheduledAt }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<Post[]>(listKey);
      queryClient.setQueryData<Post[]>(listKey, (posts) =>
        posts?.map((item) => (item.id === post.id ? { ...item, scheduledAt } : item)),
      );
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
      toast.error(error.message || 'Could not move the post.');
    },
    onSuccess: (post) => {
      queryClient.setQueryData<Post[]>(listKey, (posts) =>
        posts?.map((item) => (item.id === post.id ? post : item)),
      );
      queryClient.setQueryData(postKeys.detail(post.id), post);
    },
    onSettled: () => invalidatePosts(queryClient),
  });
}
