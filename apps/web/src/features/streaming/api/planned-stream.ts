import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** What the studio needs of a planned stream (packages/shared/src/stream-schedule.ts, ScheduledStream). */
export interface PlannedStream {
  id: string;
  title: string;
  destinationIds: string[];
}

/** `GET /api/scheduled-streams/:id`: the stream planned on /schedule-stream, opened as /streaming?plan=<id>. */
export function usePlannedStream(id: string | null) {
  return useQuery({
    queryKey: ['scheduled-streams', id],
    queryFn: () => apiFetch<PlannedStream>(`/api/scheduled-streams/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null && id !== '',
    retry: false,
  });
}
