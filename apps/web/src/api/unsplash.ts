import type { MediaImport } from '@relaycast/shared/media-imports';
import type { UnsplashSearch, UnsplashStatus } from '@relaycast/shared/unsplash';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { MEDIA_QUERY_KEY } from './media';

/**
 * `/api/media/unsplash…`: stock photos from Unsplash (docs/media-import.md, "Unsplash"). The search goes through the
 * server (the key stays there); an import is a link import, so the library's imports list follows it.
 */

/** Outside MEDIA_QUERY_KEY: an upload or a finished import refreshes the library, not Unsplash's answers. */
const UNSPLASH_KEY = ['unsplash'] as const;

/** `GET /api/media/unsplash`: whether the server has an access key. */
export function useUnsplashStatus() {
  return useQuery({
    queryKey: UNSPLASH_KEY,
    queryFn: () => apiFetch<UnsplashStatus>('/api/media/unsplash'),
    staleTime: 5 * 60_000,
  });
}

/** `GET /api/media/unsplash/search`: a page at a time (Load more asks the next); nothing until there is a query. */
export function useUnsplashSearch(query: string) {
  return useInfiniteQuery({
    queryKey: [...UNSPLASH_KEY, 'search', query],
    queryFn: ({ pageParam }) =>
      apiFetch<UnsplashSearch>(
        `/api/media/unsplash/search?${new URLSearchParams({ query, page: String(pageParam) })}`,
      ),
    initialPageParam: 1,
    getNextPageParam: (page) => (page.page < page.totalPages ? page.page + 1 : undefined),
    enabled: query.length > 0,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** `POST /api/media/unsplash/imports`: starts the import of one photo (202 with the link import). */
export function useImportUnsplashPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) =>
      apiFetch<MediaImport>('/api/media/unsplash/imports', { method: 'POST', json: { photoId } }),
    onSettled: () => client.invalidateQueries({ queryKey: [...MEDIA_QUERY_KEY, 'imports'] }),
  });
}
