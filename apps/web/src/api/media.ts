import type { CreateImageEdit } from '@relaycast/shared/image-edit';
import type { ListMediaQuery, MediaItem, MediaList, MediaUsage } from '@relaycast/shared/media';
import { isActiveImport, type MediaImport, type MediaImportList } from '@relaycast/shared/media-imports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { type UploadProgress, uploadFile } from '@/lib/upload';

/**
 * `/api/media…`: the media library's one client module, used by the library page and the composer.
 * Every list query lives under MEDIA_QUERY_KEY, so an upload or a delete refreshes all of them.
 */
export const MEDIA_QUERY_KEY = ['media'] as const;

export function fetchMediaList(query: ListMediaQuery = {}): Promise<MediaList> {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.kind) params.set('kind', query.kind);
  const search = params.toString();
  return apiFetch<MediaList>(`/api/media${search ? `?${search}` : ''}`);
}

/** `GET /api/media`: the workspace's files, newest first, with the plan's usage. */
export function useMediaList(query: ListMediaQuery = {}, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...MEDIA_QUERY_KEY, { q: query.q ?? '', kind: query.kind ?? null }],
    queryFn: () => fetchMediaList(query),
    placeholderData: (previous) => previous,
    enabled: options.enabled ?? true,
  });
}

/** `GET /api/media/:id`: one file of the library (a stream's recording on /stream-analytics). */
export function useMediaItem(id: string | null) {
  return useQuery({
    queryKey: [...MEDIA_QUERY_KEY, 'item', id],
    queryFn: () => apiFetch<MediaItem>(`/api/media/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
  });
}

export interface UploadMediaVariables {
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** `POST /api/media`: one file per call (call it once per file to upload several in parallel). */
export function uploadMedia({ file, onProgress, signal }: UploadMediaVariables): Promise<MediaItem> {
  return uploadFile<MediaItem>('/api/media', file, { onProgress, signal });
}

export function useUploadMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMedia,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEDIA_QUERY_KEY }),
  });
}

/** `DELETE /api/media/:id`: removes the file and frees its storage. */
export function deleteMedia(id: string): Promise<void> {
  return apiFetch<void>(`/api/media/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEDIA_QUERY_KEY }),
  });
}

/** `GET /api/media/:id/usage`: the posts that attach a file (the library's detail view). */
export function useMediaUsage(id: string | undefined) {
  return useQuery({
    queryKey: [...MEDIA_QUERY_KEY, 'usage', id],
    queryFn: () => apiFetch<MediaUsage>(`/api/media/${encodeURIComponent(id ?? '')}/usage`),
    enabled: id !== undefined,
  });
}

/** `POST /api/media/:id/edits`: the server renders the image editor's recipe into a new library file. */
export function editImage({ id, edit }: { id: string; edit: CreateImageEdit }): Promise<MediaItem> {
  return apiFetch<MediaItem>(`/api/media/${encodeURIComponent(id)}/edits`, {
    method: 'POST',
    json: edit,
  });
}

export function useEditImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editImage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEDIA_QUERY_KEY }),
  });
}

export const MEDIA_IMPORTS_KEY = [...MEDIA_QUERY_KEY, 'imports'] as const;

/**
 * `GET /api/media/imports`: the workspace's latest imports from a link. Polled every second while one is queued
 * or downloading; when one is first seen finished the library is refreshed to show its file.
 */
export function useMediaImports() {
  const client = useQueryClient();
  return useQuery({
    queryKey: MEDIA_IMPORTS_KEY,
    queryFn: async () => {
      const previous = client.getQueryData<MediaImportList>(MEDIA_IMPORTS_KEY);
      const next = await apiFetch<MediaImportList>('/api/media/imports');
      // An import seen done for the first time adds a file: one that was active, and one that finished before
      // any poll saw it running (a small file is downloaded and stored within the start's own round trip).
      const knownDone = new Set(
        previous?.items.filter((item) => item.status === 'done').map((item) => item.id),
      );
      if (previous && next.items.some((item) => item.status === 'done' && !knownDone.has(item.id))) {
        void client.invalidateQueries({ queryKey: MEDIA_QUERY_KEY, exact: false, predicate: isLibraryQuery });
      }
      return next;
    },
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => isActiveImport(item.status)) ? 1_000 : false,
  });
}

/** The library's lists and files, not the imports themselves. */
function isLibraryQuery(query: { queryKey: readonly unknown[] }): boolean {
  return query.queryKey[1] !== 'imports';
}

/** `POST /api/media/imports`: starts an import from a link (the server downloads it in the background). */
export function useStartMediaImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (url: string) =>
      apiFetch<MediaImport>('/api/media/imports', { method: 'POST', json: { url } }),
    onSettled: () => client.invalidateQueries({ queryKey: MEDIA_IMPORTS_KEY }),
  });
}

/** `POST /api/media/imports/:id/cancel`. */
export function useCancelMediaImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<MediaImport>(`/api/media/imports/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: MEDIA_IMPORTS_KEY }),
  });
}
