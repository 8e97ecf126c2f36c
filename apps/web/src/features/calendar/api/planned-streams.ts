import type { ScheduledStreamList } from '@relaycast/shared/stream-schedule';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/scheduled-streams?from=&to=`: the user's planned streams in the calendar's three weeks. */
export function usePlannedStreams(range: { from: string; to: string }) {
  return useQuery({
    queryKey: ['scheduled-streams', 'range', range],
    queryFn: async () => {
      const query = new URLSearchParams(range);
      return (await apiFetch<ScheduledStreamList>(`/api/scheduled-streams?${query}`)).streams;
    },
  });
}
