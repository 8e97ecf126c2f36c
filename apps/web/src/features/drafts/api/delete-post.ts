import type { Post } from '@relaycast/shared/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidatePosts, postKeys } from '@/lib/posts-api';

/** `DELETE /api/posts/:id`: a soft delete that `restore` can undo; answers with the post as it was. */
export function deletePost(id: string): Promise<Post> {
  return apiFetch<Post>(`/api/posts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Removes the post from every cached list at once; puts the lists back if the server refuses. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: Post) => deletePost(post.id),
    onMutate: async (post) => {
      await queryClient.cancelQueries({ queryKey: postKeys.lists() });
      const previous = queryClient.getQueriesData<Post[]>({ queryKey: postKeys.lists() });
      queryClient.setQueriesData<Post[]>({ queryKey: postKeys.lists() }, (posts) =>
        posts?.filter((item) => item.id !== post.id),
      );
      return { previous };
    },
    onError: (_error, _post, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => invalidatePosts(queryClient),
  });
}
