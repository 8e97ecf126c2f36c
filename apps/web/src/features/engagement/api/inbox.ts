import type {
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

export const inboxKey = (filters: InboxFilters) => ['engagement', 'inbox', filters] as const;

/** `GET /api/engagement/inbox`: comments, mentions and messages, newest first. */
export function useInbox(filters: InboxFilters) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  return useQuery({
    queryKey: inboxKey(filters),
    queryFn: () => apiFetch<InboxList>(`/api/engagement/inbox?${query}`),
  });
}

/** `POST /api/engagement/refresh`: reads every connected account's new items now. */
export function useRefreshInbox() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<InboxRefreshResult>('/api/engagement/refresh', { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: ['engagement'] }),
  });
}

/** `POST /api/engagement/inbox/:id/done`. */
export function useMarkDone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<InboxItem>(`/api/engagement/inbox/${id}/done`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: ['engagement', 'inbox'] }),
  });
}
