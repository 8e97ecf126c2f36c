import type { PlannedStream, PlannedStreamInput, PlannedStreamList } from '@relaycast/shared/planned-streams';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * `/api/scheduled-streams…`: the one client module for planned streams (the planner, the due banner, the
 * calendar and the studio's `?plan=`). Every query starts with `plannedStreamKeys.all`, so a change refreshes
 * them all.
 */
export const plannedStreamKeys = {
  all: ['planned-streams'] as const,
  upcoming: () => [...plannedStreamKeys.all, 'upcoming'] as const,
  due: () => [...plannedStreamKeys.all, 'due'] as const,
  range: (range: { from: string; to: string }) => [...plannedStreamKeys.all, 'range', range] as const,
  detail: (id: string) => [...plannedStreamKeys.all, 'detail', id] as const,
};
const ALL = plannedStreamKeys.all;

/** How often the banner looks for streams that have just come due. */
const DUE_POLL_MS = 60_000;

/** `GET /api/scheduled-streams`: planned streams not yet past their due window, soonest first. */
export function useUpcomingStreams() {
  return useQuery({
    queryKey: plannedStreamKeys.upcoming(),
    queryFn: async () => (await apiFetch<PlannedStreamList>('/api/scheduled-streams')).streams,
  });
}

/** `GET /api/scheduled-streams/due`: streams whose time has come (the banner), checked every minute. */
export function useDueStreams() {
  return useQuery({
    queryKey: plannedStreamKeys.due(),
    queryFn: async () => (await apiFetch<PlannedStreamList>('/api/scheduled-streams/due')).streams,
    refetchInterval: DUE_POLL_MS,
  });
}

/** `GET /api/scheduled-streams?from=&to=`: the user's planned streams in the calendar's three weeks. */
export function usePlannedStreams(range: { from: string; to: string }) {
  return useQuery({
    queryKey: plannedStreamKeys.range(range),
    queryFn: async () => {
      const query = new URLSearchParams(range);
      return (await apiFetch<PlannedStreamList>(`/api/scheduled-streams?${query}`)).streams;
    },
  });
}

/** `GET /api/scheduled-streams/:id`: the stream planned on /schedule-stream, opened as /streaming?plan=<id>. */
export function usePlannedStream(id: string | null) {
  return useQuery({
    queryKey: plannedStreamKeys.detail(id ?? ''),
    queryFn: () => apiFetch<PlannedStream>(`/api/scheduled-streams/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null && id !== '',
    retry: false,
  });
}

export function useCreatePlannedStream() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlannedStreamInput) =>
      apiFetch<PlannedStream>('/api/scheduled-streams', { method: 'POST', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALL }),
  });
}

export function useUpdatePlannedStream() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PlannedStreamInput }) =>
      apiFetch<PlannedStream>(`/api/scheduled-streams/${encodeURIComponent(id)}`, {
        method: 'PUT',
        json: input,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALL }),
  });
}

export function useDeletePlannedStream() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/scheduled-streams/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALL }),
  });
}

export function useDismissPlannedStream() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<PlannedStream>(`/api/scheduled-streams/${encodeURIComponent(id)}/dismiss`, {
        method: 'POST',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALL }),
  });
}
