import type { MediaItem } from '@relaycast/shared/media';
import { type ExportJob, isFinished, type StartExport } from '@relaycast/shared/video-editor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { MEDIA_QUERY_KEY } from './media';

/**
 * `/api/video-editor/…`: the video editor's one client module. An import and a finished export add a file to
 * the media library, so they refresh its lists.
 */
export const VIDEO_EXPORTS_QUERY_KEY = ['video-editor', 'exports'] as const;

/** How often a running export's progress is read. */
const PROGRESS_POLL_MS = 500;

/** `POST /api/video-editor/imports`: the server fetches the URL into the media library. */
export function importVideo(url: string): Promise<MediaItem> {
  return apiFetch<MediaItem>('/api/video-editor/imports', { method: 'POST', json: { url } });
}

export function useImportVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEDIA_QUERY_KEY }),
  });
}

/** `POST /api/video-editor/exports`: starts a trim/crop/export job. */
export function startExport(input: StartExport): Promise<ExportJob> {
  return apiFetch<ExportJob>('/api/video-editor/exports', { method: 'POST', json: input });
}

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startExport,
    onSuccess: (job) => queryClient.setQueryData([...VIDEO_EXPORTS_QUERY_KEY, job.id], job),
  });
}

/** `GET /api/video-editor/exports/:id`, read again every half second until the job has finished. */
export function useExportJob(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...VIDEO_EXPORTS_QUERY_KEY, id],
    enabled: id !== null,
    queryFn: async () => {
      const job = await apiFetch<ExportJob>(`/api/video-editor/exports/${encodeURIComponent(id ?? '')}`);
      if (job.status === 'succeeded') await queryClient.invalidateQueries({ queryKey: MEDIA_QUERY_KEY });
      return job;
    },
    refetchInterval: (query) => {
      const job = query.state.data;
      return job && isFinished(job.status) ? false : PROGRESS_POLL_MS;
    },
  });
}

/** `POST /api/video-editor/exports/:id/cancel`: stops the job; nothing of it is kept. */
export function cancelExport(id: string): Promise<ExportJob> {
  return apiFetch<ExportJob>(`/api/video-editor/exports/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
  });
}

export function useCancelExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelExport,
    onSuccess: (job) => queryClient.setQueryData([...VIDEO_EXPORTS_QUERY_KEY, job.id], job),
  });
}

/** `GET /api/video-editor/media/:id/timeline/:kind`: the timeline's frame strip or waveform, a PNG for an <img>. */
export function timelinePictureUrl(mediaId: string, kind: 'thumbnails' | 'waveform'): string {
  return `/api/video-editor/media/${encodeURIComponent(mediaId)}/timeline/${kind}`;
}
