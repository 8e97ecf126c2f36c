import type {
  ActiveReviewLink,
  ApprovalDecisionInput,
  ApprovalEvent,
  ApprovalQueueItem,
  ApprovalStatus,
  CreateReviewLinkInput,
  ReviewActionInput,
  ReviewPage,
} from '@relaycast/shared/approvals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { postKeys } from './posts';

/** `/api/approvals` (decision 0045): the queue, decisions, a post's history, the setting, review links. */
export const approvalKeys = {
  all: ['approvals'] as const,
  queue: () => [...approvalKeys.all, 'queue'] as const,
  status: () => [...approvalKeys.all, 'status'] as const,
  history: (postId: string) => [...approvalKeys.all, 'history', postId] as const,
  review: (token: string) => ['review', token] as const,
  links: () => [...approvalKeys.all, 'review-links'] as const,
};

export type ApprovalDecisionPath = 'approve' | 'request-changes' | 'reject';

export function useApprovalQueue() {
  return useQuery({
    queryKey: approvalKeys.queue(),
    queryFn: () => apiFetch<{ items: ApprovalQueueItem[] }>('/api/approvals').then((data) => data.items),
  });
}

/** What approval means for the caller: the composer shows "Submit for approval" when `needsApproval`. */
export function useApprovalStatus() {
  return useQuery({
    queryKey: approvalKeys.status(),
    queryFn: () => apiFetch<ApprovalStatus>('/api/approvals/settings'),
    staleTime: 60_000,
  });
}

export function useSaveApprovalSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requireApproval: boolean) =>
      apiFetch('/api/approvals/settings', { method: 'PUT', json: { requireApproval } }),
    onSuccess: () => client.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}

export function useApprovalHistory(postId: string | null) {
  return useQuery({
    queryKey: approvalKeys.history(postId ?? ''),
    enabled: Boolean(postId),
    queryFn: () =>
      apiFetch<{ events: ApprovalEvent[] }>(
        `/api/approvals/${encodeURIComponent(postId ?? '')}/history`,
      ).then((data) => data.events),
  });
}

export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      postId,
      path,
      ...body
    }: { postId: string; path: ApprovalDecisionPath } & ApprovalDecisionInput) =>
      apiFetch<void>(`/api/approvals/${encodeURIComponent(postId)}/${path}`, { method: 'POST', json: body }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: approvalKeys.all }),
        client.invalidateQueries({ queryKey: postKeys.all }),
      ]),
  });
}

export function useCreateReviewLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewLinkInput) =>
      apiFetch<{ id: string; url: string; expiresAt: string }>('/api/approvals/review-links', {
        method: 'POST',
        json: input,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: approvalKeys.links() }),
  });
}

/** The workspace's review links still open (approvers only). */
export function useReviewLinks(enabled: boolean) {
  return useQuery({
    queryKey: approvalKeys.links(),
    enabled,
    queryFn: () =>
      apiFetch<{ links: ActiveReviewLink[] }>('/api/approvals/review-links').then((data) => data.links),
  });
}

export function useRevokeReviewLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/approvals/review-links/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: approvalKeys.links() }),
  });
}

/** The public review page: no session. */
export function useReviewPage(token: string) {
  return useQuery({
    queryKey: approvalKeys.review(token),
    queryFn: () => apiFetch<ReviewPage>(`/api/review/${encodeURIComponent(token)}`),
    retry: false,
  });
}

/** Where the review page loads a post's file or its thumbnail (only the link's posts' files are served). */
export function reviewMediaUrl(token: string, mediaId: string, variant: 'thumbnail' | 'file'): string {
  return `/api/review/${encodeURIComponent(token)}/media/${encodeURIComponent(mediaId)}/${variant}`;
}

export function useReviewAction(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      postId,
      action,
      ...body
    }: { postId: string; action: 'approve' | 'comment' } & ReviewActionInput) =>
      apiFetch<void>(
        `/api/review/${encodeURIComponent(token)}/posts/${encodeURIComponent(postId)}/${action}`,
        { method: 'POST', json: body },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: approvalKeys.review(token) }),
  });
}
