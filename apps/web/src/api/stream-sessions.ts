import type {
  LiveStatus,
  StartStreamInput,
  StreamDetail,
  StreamSession,
  StreamSummaryList,
} from '@relaycast/shared/streaming';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `/api/streaming/live` and `/api/streaming/sessions…`: the one client module for streams, live and past. */
export const LIVE_KEY = ['streaming', 'live'] as const;
export const SESSIONS_KEY = ['streaming', 'sessions'] as const;

/**
 * `GET /api/streaming/live`: the user's current stream (browser or OBS), polled while the studio is open so
 * an OBS stream or one started in another tab shows up too.
 */
export function useLiveStatus() {
  return useQuery({
    queryKey: LIVE_KEY,
    queryFn: () => apiFetch<LiveStatus>('/api/streaming/live'),
    refetchInterval: 2000,
  });
}

/** `POST /api/streaming/sessions`: starts a browser session (status 'starting', with its ingest path). */
export function startStreamSession(input: StartStreamInput): Promise<StreamSession> {
  return apiFetch<StreamSession>('/api/streaming/sessions', { method: 'POST', json: input });
}

/** `POST /api/streaming/sessions/:id/stop`: End Stream, for browser and OBS streams alike. */
export function stopStreamSession(id: string): Promise<StreamSession> {
  return apiFetch<StreamSession>(`/api/streaming/sessions/${encodeURIComponent(id)}/stop`, {
    method: 'POST',
  });
}

export function useStopStreamSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: stopStreamSession,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: LIVE_KEY });
      void client.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });
}

/** `GET /api/streaming/sessions`: past and current streams, newest first. */
export function useStreamSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => apiFetch<StreamSummaryList>('/api/streaming/sessions'),
    refetchInterval: (query) =>
      query.state.data?.sessions.some((s) => s.status === 'live' || s.status === 'starting') ? 5000 : false,
  });
}

/** `GET /api/streaming/sessions/:id`: one stream's summary and its bitrate series per destination. */
export function useStreamDetail(id: string | null) {
  return useQuery({
    queryKey: [...SESSIONS_KEY, id],
    queryFn: () => apiFetch<StreamDetail>(`/api/streaming/sessions/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.summary.status === 'live' ? 5000 : false),
  });
}
