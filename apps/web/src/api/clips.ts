import type { ClipAnalysis, SceneCover, StartAnalysis } from '@relaycast/shared/clips';
import type { MediaItem } from '@relaycast/shared/media';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { MEDIA_QUERY_KEY } from './media';

/** `/api/clips/…`: the clip highlights of the workspace's own videos (docs/decisions/0048-clip-highlights.md). */
export const CLIP_ANALYSES_QUERY_KEY = ['clips', 'analyses'] as const;

/** `GET /api/clips/analyses/:mediaId`: the stored analysis, or null when the video was never analysed. */
export function fetchClipAnalysis(mediaId: string): Promise<ClipAnalysis | null> {
  return apiFetch<ClipAnalysis | null>(`/api/clips/analyses/${encodeURIComponent(mediaId)}`);
}

export function useClipAnalysis(mediaId: string | null) {
  return useQuery({
    queryKey: [...CLIP_ANALYSES_QUERY_KEY, mediaId],
    queryFn: () => fetchClipAnalysis(mediaId ?? ''),
    enabled: mediaId !== null,
  });
}

/** `POST /api/clips/analyses`: analyses the video (while the request waits) and stores the result. */
export function analyseVideo(input: Partial<StartAnalysis> & { mediaId: string }): Promise<ClipAnalysis> {
  return apiFetch<ClipAnalysis>('/api/clips/analyses', { method: 'POST', json: input });
}

export function useAnalyseVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyseVideo,
    onSuccess: (result) => queryClient.setQueryData([...CLIP_ANALYSES_QUERY_KEY, result.mediaId], result),
  });
}

/** `POST /api/clips/analyses/:mediaId/covers`: stores the frame at a scene change as a library image. */
export function saveSceneCover({ mediaId, time }: { mediaId: string } & SceneCover): Promise<MediaItem> {
  return apiFetch<MediaItem>(`/api/clips/analyses/${encodeURIComponent(mediaId)}/covers`, {
    method: 'POST',
    json: { time },
  });
}

export function useSaveSceneCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSceneCover,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEDIA_QUERY_KEY }),
  });
}
