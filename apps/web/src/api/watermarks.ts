import type {
  PostWatermarkChoice,
  Watermark,
  WatermarkApplyStatus,
  WatermarkDefaultInput,
  WatermarkInput,
  WatermarkList,
} from '@relaycast/shared/watermarks';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Saved watermarks, the accounts' defaults and a post's choice: `/api/watermarks…` (docs/watermarks.md). */

export const watermarkKeys = {
  all: ['watermarks'] as const,
  list: () => [...watermarkKeys.all, 'list'] as const,
  post: (postId: string) => [...watermarkKeys.all, 'post', postId] as const,
  apply: (watermarkId: string, mediaIds: readonly string[]) =>
    [...watermarkKeys.all, 'apply', watermarkId, mediaIds.join(',')] as const,
};

function invalidateWatermarks(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: watermarkKeys.all });
}

/** `GET /api/watermarks`: the workspace's watermarks and each account's default. */
export function useWatermarks() {
  return useQuery({
    queryKey: watermarkKeys.list(),
    queryFn: () => apiFetch<WatermarkList>('/api/watermarks'),
  });
}

export function useCreateWatermark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WatermarkInput) =>
      apiFetch<Watermark>('/api/watermarks', { method: 'POST', json: input }),
    onSettled: () => invalidateWatermarks(queryClient),
  });
}

export function useUpdateWatermark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: WatermarkInput }) =>
      apiFetch<Watermark>(`/api/watermarks/${encodeURIComponent(id)}`, { method: 'PUT', json: input }),
    onSettled: () => invalidateWatermarks(queryClient),
  });
}

export function useDeleteWatermark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/watermarks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => invalidateWatermarks(queryClient),
  });
}

/** `PUT /api/watermarks/defaults/:accountId`: null removes the account's default. */
export function useSetWatermarkDefault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, input }: { accountId: string; input: WatermarkDefaultInput }) =>
      apiFetch<WatermarkList>(`/api/watermarks/defaults/${encodeURIComponent(accountId)}`, {
        method: 'PUT',
        json: input,
      }),
    onSettled: () => invalidateWatermarks(queryClient),
  });
}

/** `GET /api/watermarks/posts/:id`: a saved post's choice (a new post has none yet: "default"). */
export function usePostWatermark(postId: string | undefined) {
  return useQuery({
    queryKey: watermarkKeys.post(postId ?? ''),
    queryFn: () => apiFetch<PostWatermarkChoice>(`/api/watermarks/posts/${encodeURIComponent(postId ?? '')}`),
    enabled: postId !== undefined,
  });
}

const APPLY_POLL_MS = 1000;

function isRendering(status: WatermarkApplyStatus | undefined): boolean {
  return status?.files.some((file) => file.state === 'queued' || file.state === 'rendering') ?? false;
}

/**
 * `GET /api/watermarks/apply`: where each file's "Apply now" copy with this watermark stands, read again every
 * second while one renders. Off without a watermark or files.
 */
export function useWatermarkApply(watermarkId: string | null, mediaIds: readonly string[]) {
  const ids = mediaIds.join(',');
  return useQuery({
    queryKey: watermarkKeys.apply(watermarkId ?? '', mediaIds),
    queryFn: () =>
      apiFetch<WatermarkApplyStatus>(
        `/api/watermarks/apply?watermarkId=${encodeURIComponent(watermarkId ?? '')}&mediaIds=${encodeURIComponent(ids)}`,
      ),
    enabled: watermarkId !== null && mediaIds.length > 0,
    refetchInterval: (query) => (isRendering(query.state.data) ? APPLY_POLL_MS : false),
  });
}

/** `POST /api/watermarks/apply`: burn the watermark into these files now (202; the job renders them). */
export function useApplyWatermark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { watermarkId: string; mediaIds: readonly string[] }) =>
      apiFetch<WatermarkApplyStatus>('/api/watermarks/apply', {
        method: 'POST',
        json: { watermarkId: input.watermarkId, mediaIds: [...input.mediaIds] },
      }),
    onSuccess: (status, input) =>
      queryClient.setQueryData(watermarkKeys.apply(input.watermarkId, input.mediaIds), status),
  });
}
