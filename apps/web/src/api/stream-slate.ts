import type { StreamSlate, StreamSlateInput } from '@relaycast/shared/streaming';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `/api/streaming/slate`: the one client module for the workspace's slate (decision 0101). */
const SLATE_KEY = ['streaming', 'slate'] as const;

/** `GET /api/streaming/slate`: the library image shown while the source is gone, or null for the default card. */
export function useStreamSlate() {
  return useQuery({ queryKey: SLATE_KEY, queryFn: () => apiFetch<StreamSlate>('/api/streaming/slate') });
}

/** `PUT /api/streaming/slate`: choose a library image, or null for the default card. */
export function useSetStreamSlate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StreamSlateInput) =>
      apiFetch<StreamSlate>('/api/streaming/slate', { method: 'PUT', json: input }),
    onSuccess: (slate) => client.setQueryData(SLATE_KEY, slate),
  });
}
