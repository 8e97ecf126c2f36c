import type { ListPostsQuery, Post, PostInput, RescheduleInput } from '@relaycast/shared/posts';
import { decodePostsPage, POSTS_PAGE_MEDIA_TYPE, type PostsPage } from '@relaycast/shared/posts-page';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { i18n } from '@/i18n';
import { apiFetch } from '@/lib/api-client';
import { showError } from '@/lib/show-error';
import { bestTimeKeys } from './best-time';
import { invalidateQueueSlots } from './queue-slots';

/**
 * `/api/posts…`: the one client module for posts (composer, drafts, calendar, dashboard). Every list and every
 * post lives under `postKeys.all`, so any change refreshes them all; no screen declares its own posts fetcher.
 */

export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  list: (query: ListPostsQuery) => [...postKeys.lists(), query] as const,
  detail: (id: string) => [...postKeys.all, 'detail', id] as const,
};

/** After any change to a post: refetch every list and that post, and the suggested slots it may take or free. */
export async function invalidatePosts(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: postKeys.all }),
    queryClient.invalidateQueries({ queryKey: bestTimeKeys.all }),
    invalidateQueueSlots(queryClient),
  ]);
}

/**
 * `GET /api/posts?from&to&status&q&limit`, asked for the page as the database wrote it and decoded here: the
 * server sends it without parsing and writing it again (docs/decisions/0132).
 */
export async function listPosts(query: ListPostsQuery): Promise<Post[]> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  const page = await apiFetch<PostsPage>(`/api/posts${search ? `?${search}` : ''}`, {
    headers: { accept: POSTS_PAGE_MEDIA_TYPE },
  });
  return decodePostsPage(page);
}

/** How often to look again while a post is being published or is about to be. */
export const PUBLISHING_REFRESH_MS = 3_000;
const MAX_WAIT_MS = 5 * 60_000;

/**
 * When to fetch these posts again to show their publishing progress: every few seconds while a target is in
 * flight or due within the next half minute, else shortly before the nearest one comes due (false: nothing to
 * watch).
 */
export function publishingRefreshInterval(
  list: readonly Post[] | undefined,
  now = Date.now(),
): number | false {
  let wait: number | false = false;
  for (const post of list ?? []) {
    for (const target of post.targets) {
      if (target.status === 'publishing' || target.status === 'retrying') return PUBLISHING_REFRESH_MS;
      if ((target.status === 'scheduled' || target.status === 'needs_account') && target.dueAt !== null) {
        const untilDue = Date.parse(target.dueAt) - now;
        if (untilDue < MAX_WAIT_MS) {
          const next = Math.max(PUBLISHING_REFRESH_MS, untilDue - 30_000);
          wait = wait === false ? next : Math.min(wait, next);
        }
      }
    }
  }
  return wait;
}

export function usePosts(query: ListPostsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: postKeys.list(query),
    queryFn: () => listPosts(query),
    placeholderData: (previous) => previous,
    refetchInterval: (current) => publishingRefreshInterval(current.state.data),
    ...options,
  });
}

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

export type TargetAction = 'retry' | 'confirm' | 'cancel' | 'retry-comment';

/** `POST /api/posts/:id/targets/:targetId/{retry,confirm,cancel,retry-comment}`: the user's decision on one target. */
export function useTargetAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, targetId, action }: { postId: string; targetId: string; action: TargetAction }) =>
      apiFetch<Post>(
        `/api/posts/${encodeURIComponent(postId)}/targets/${encodeURIComponent(targetId)}/${action}`,
        { method: 'POST' },
      ),
    onSuccess: async (post) => {
      queryClient.setQueryData(postKeys.detail(post.id), post);
      await invalidatePosts(queryClient);
    },
  });
}

/** `POST /api/posts`: a draft, a scheduled post or a queued one (the server picks the slot). */
export function createPost(input: PostInput): Promise<Post> {
  return apiFetch<Post>('/api/posts', { method: 'POST', json: input });
}

/** `PUT /api/posts/:id`: replaces the post's content and does the action (save, schedule, queue). */
export function updatePost(id: string, input: PostInput): Promise<Post> {
  return apiFetch<Post>(`/api/posts/${encodeURIComponent(id)}`, { method: 'PUT', json: input });
}

/** `PATCH /api/posts/:id/schedule`: moves a scheduled post to another time. */
export function reschedulePost(id: string, input: RescheduleInput): Promise<Post> {
  return apiFetch<Post>(`/api/posts/${encodeURIComponent(id)}/schedule`, { method: 'PATCH', json: input });
}

/** Creates (no id) or updates (id) a post, then refreshes the lists and caches the saved post. */
export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PostInput }) =>
      id ? updatePost(id, input) : createPost(input),
    onSuccess: async (post, { input }) => {
      queryClient.setQueryData(postKeys.detail(post.id), post);
      // The short-link choice sent with the post is stored with it (api/short-links.ts reads it back).
      if (input.shortLinks) queryClient.setQueryData(['short-links', 'posts', post.id], input.shortLinks);
      await invalidatePosts(queryClient);
    },
  });
}

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

/** `POST /api/posts/:id/duplicate`: a copy of the post as a new draft. */
export function useDuplicatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<Post>(`/api/posts/${encodeURIComponent(id)}/duplicate`, { method: 'POST' }),
    onSuccess: () => invalidatePosts(queryClient),
  });
}

/** `POST /api/posts/:id/restore`: undoes a delete. */
export function useRestorePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<Post>(`/api/posts/${encodeURIComponent(id)}/restore`, { method: 'POST' }),
    onSettled: () => invalidatePosts(queryClient),
  });
}

interface ScheduleVariables {
  post: Post;
  scheduledAt: string;
  timeZone: string;
}

/** `PATCH /api/posts/:id/schedule` on a draft: the server checks every platform's rules, then schedules it. */
export function useScheduleDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, scheduledAt, timeZone }: ScheduleVariables) =>
      reschedulePost(post.id, { scheduledAt, timezone: timeZone }),
    onSuccess: () => invalidatePosts(queryClient),
  });
}

/**
 * `PATCH /api/posts/:id/schedule` for the calendar's drag and drop: the post moves at once and goes back
 * where it was, with the server's message, if the move is refused.
 */
export function useMovePost(listQuery: ListPostsQuery) {
  const queryClient = useQueryClient();
  const listKey = postKeys.list(listQuery);
  return useMutation({
    mutationFn: ({ post, scheduledAt, timeZone }: ScheduleVariables) =>
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
      showError(error, i18n.getFixedT(null, 'calendar')('Could not move the post.'));
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
