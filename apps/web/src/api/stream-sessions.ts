import { MAX_ANALYSIS_SECONDS, type StreamHighlights } from '@relaycast/shared/clips';
import type {
  LiveStatus,
  StartStreamInput,
  StreamDetail,
  StreamSession,
  StreamSummaryList,
} from '@relaycast/shared/streaming';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { analyseVideo } from './clips';

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

/** A stream that ended this recently may still be putting its recording in the media library. */
const RECORDING_GRACE_MS = 5 * 60_000;

function highlightsKey(id: string) {
  return [...SESSIONS_KEY, id, 'highlights'] as const;
}

/**
 * `GET /api/streaming/sessions/:id/highlights`: the suggested clips of a stream's recording (analysed in the
 * background once the recording is kept). Polled while queued or analysing, and just after the stream ended
 * while its recording is still on its way to the library.
 */
export function useStreamHighlights(id: string, endedAt: string | null) {
  return useQuery({
    queryKey: highlightsKey(id),
    queryFn: () => apiFetch<StreamHighlights>(`/api/streaming/sessions/${encodeURIComponent(id)}/highlights`),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status === 'queued' || status === 'analysing') return 3000;
      const justEnded = endedAt !== null && Date.now() - new Date(endedAt).getTime() < RECORDING_GRACE_MS;
      return status === 'no-recording' && justEnded ? 5000 : false;
    },
  });
}

/**
 * "Find clips now": a recording of up to 10 minutes is analysed while the request waits (`POST
 * /api/clips/analyses`, as on /clip-generator); a longer one is queued for the background analysis
 * (`POST /api/streaming/sessions/:id/highlights`). Either way the stream's highlights are read again.
 */
export function useFindStreamHighlights(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (recording: { mediaId: string; seconds: number | null }) => {
      if (recording.seconds !== null && recording.seconds <= MAX_ANALYSIS_SECONDS) {
        await analyseVideo({ mediaId: recording.mediaId });
        return;
      }
      await apiFetch<StreamHighlights>(`/api/streaming/sessions/${encodeURIComponent(id)}/highlights`, {
        method: 'POST',
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: highlightsKey(id) }),
  });
}
