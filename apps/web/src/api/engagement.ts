import type {
  EngagementActionInput,
  EngagementActionResult,
  EngagementMetrics,
  EngagementPlatform,
  InboxItem,
  InboxKind,
  InboxList,
  InboxRefreshResult,
  InboxStatus,
} from '@relaycast/shared/engagement';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export interface InboxFilters {
  platform?: EngagementPlatform;
  kind?: InboxKind;
  status?: InboxStatus;
}

/** `/api/engagement…`: the one client module for the inbox and its metrics; every query starts with `all`. */
export const engagementKeys = {
  all: ['engagement'] as const,
  inboxes: () => [...engagementKeys.all, 'inbox'] as const,
  inbox: (filters: InboxFilters) => [...engagementKeys.inboxes(), filters] as const,
  metrics: (days: number) => [...engagementKeys.all, 'metrics', days] as const,
};

/** `GET /api/engagement/inbox`: comments, mentions and messages, newest first. */
export function useInbox(filters: InboxFilters) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  return useQuery({
    queryKey: engagementKeys.inbox(filters),
    queryFn: () => apiFetch<InboxList>(`/api/engagement/inbox?${query}`),
  });
}

/** `POST /api/engagement/refresh`: reads every connected account's new items now. */
export function useRefreshInbox() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<InboxRefreshResult>('/api/engagement/refresh', { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: engagementKeys.all }),
  });
}

/** `POST /api/engagement/inbox/:id/done`. */
export function useMarkDone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<InboxItem>(`/api/engagement/inbox/${id}/done`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: engagementKeys.inboxes() }),
  });
}

/** `POST /api/engagement/actions`: like, comment on or message the author of an inbox item. */
export function useEngagementAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EngagementActionInput) =>
      apiFetch<EngagementActionResult>('/api/engagement/actions', { method: 'POST', json: input }),
    // A reply changes the item's status and the metrics.
    onSettled: () => client.invalidateQueries({ queryKey: engagementKeys.all }),
  });
}

/** `GET /api/engagement/metrics?days=`: the workspace's engagement over the period. */
export function useEngagementMetrics(days: number) {
  return useQuery({
    queryKey: engagementKeys.metrics(days),
    queryFn: () => apiFetch<EngagementMetrics>(`/api/engagement/metrics?days=${days}`),
    retry: false,
  });
}
