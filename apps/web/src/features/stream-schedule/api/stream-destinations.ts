import type { StreamDestinationList } from '@relaycast/shared/streaming';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/streaming/destinations`: the user's saved destinations, to pick from when planning a stream. */
export function useSavedDestinations() {
  return useQuery({
    queryKey: ['streaming', 'destinations'],
    queryFn: async () => (await apiFetch<StreamDestinationList>('/api/streaming/destinations')).destinations,
  });
}
