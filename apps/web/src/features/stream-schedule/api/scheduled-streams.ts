import type {
  ScheduledStream,
  ScheduledStreamInput,
  ScheduledStreamList,
} from '@relaycast/shared/stream-schedule';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Every query about planned streams starts with this key (the calendar's range query too). */
const ALL = ['scheduled-streams'] as const;
const upcomingKey = [...ALL, 'upcoming'] as const;
const dueKey = [...ALL, 'due'] as const;

/** How often the banner looks for streams that have just come due. */
const DUE_POLL_MS = 60_000;

/** `GET /api/scheduled-streams`: planned streams not yet past their due window, soonest first. */
export function useUpcomingStreams() {
  return useQuery({
    queryKey: upcomingKey,
    queryFn: async () => (await apiFetch<ScheduledStreamList>('/api/scheduled-streams')).streams,
  });
}

/** `GET /api/scheduled-streams/due`: streams whose time has come (the banner), checked every minute. */
export function useDueStreams() {
  return useQuery({
    queryKey: dueKey,
    queryFn: async () => (await apiFetch<ScheduledStreamList>('/api/scheduled-streams/due')).streams,
    refetchInterval: DUE_POLL_MS,
  });
}

export function useCreateScheduledStream() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ScheduledStreamInput) =>
      apiFetch<ScheduledStream>('/api/scheduled-streams', { method: 'POST', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALL }),
  });
}

export function useUpdateScheduledStream() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ScheduledStreamInput }) =>
      apiFetch<ScheduledStream>(`/api/scheduled-streams/${encodeURIComponent(id)}`, {
        method: 'PUT',
        json: input,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALL }),
  });
}

export function useDeleteScheduledStream() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/scheduled-streams/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALL }),
  });
}

export function useDismissScheduledStream() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<ScheduledStream>(`/api/scheduled-streams/${encodeURIComponent(id)}/dismiss`, {
        method: 'POST',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALL }),
  });
}
