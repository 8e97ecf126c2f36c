import type {
  StreamDestination,
  StreamDestinationInput,
  StreamDestinationList,
  StreamDestinationPatch,
} from '@relaycast/shared/streaming';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * `/api/streaming/destinations…`: the one client module for saved stream destinations (the studio and the
 * stream planner). The cache entry always holds the server's answer as it is, `{destinations, …}`: two
 * fetchers that shaped it differently under one key once crashed /schedule-stream (see decision 0019).
 */
export const DESTINATIONS_KEY = ['streaming', 'destinations'] as const;

/** `GET /api/streaming/destinations`: the user's saved destinations (keys as their last four only). */
function fetchDestinations(): Promise<StreamDestinationList> {
  return apiFetch<StreamDestinationList>('/api/streaming/destinations');
}

export function useDestinations() {
  return useQuery({ queryKey: DESTINATIONS_KEY, queryFn: fetchDestinations });
}

/** The same query, read as the bare list (to pick from when planning a stream). */
export function useSavedDestinations() {
  return useQuery({
    queryKey: DESTINATIONS_KEY,
    queryFn: fetchDestinations,
    select: (list) => list.destinations,
  });
}

/** `POST /api/streaming/destinations`: the setup modal's Save. */
export function useCreateDestination() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StreamDestinationInput) =>
      apiFetch<StreamDestination>('/api/streaming/destinations', { method: 'POST', json: input }),
    onSettled: () => client.invalidateQueries({ queryKey: DESTINATIONS_KEY }),
  });
}

/** `PATCH /api/streaming/destinations/:id`: enable or disable for the next stream, or change URL/key. */
export function useUpdateDestination() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: StreamDestinationPatch }) =>
      apiFetch<StreamDestination>(`/api/streaming/destinations/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        json: patch,
      }),
    onMutate: async ({ id, patch }) => {
      await client.cancelQueries({ queryKey: DESTINATIONS_KEY });
      const previous = client.getQueryData<StreamDestinationList>(DESTINATIONS_KEY);
      if (previous && patch.enabled !== undefined) {
        client.setQueryData<StreamDestinationList>(DESTINATIONS_KEY, {
          ...previous,
          destinations: previous.destinations.map((d) =>
            d.id === id ? { ...d, enabled: !!patch.enabled } : d,
          ),
        });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) client.setQueryData(DESTINATIONS_KEY, context.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: DESTINATIONS_KEY }),
  });
}

/** `DELETE /api/streaming/destinations/:id`. */
export function useDeleteDestination() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/streaming/destinations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: DESTINATIONS_KEY }),
  });
}
