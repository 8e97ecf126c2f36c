import type { PersonalIngest } from '@relaycast/shared/streaming';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `/api/streaming/ingest…`: the one client module for the user's personal OBS ingest. */
const INGEST_KEY = ['streaming', 'ingest'] as const;

/** `GET /api/streaming/ingest`: the user's own server URL and stream key for OBS. */
export function usePersonalIngest() {
  return useQuery({
    queryKey: INGEST_KEY,
    queryFn: () => apiFetch<PersonalIngest>('/api/streaming/ingest'),
  });
}

/** `POST /api/streaming/ingest/rotate`: a new key; the old one stops working at once. */
export function useRotateIngestKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<PersonalIngest>('/api/streaming/ingest/rotate', { method: 'POST' }),
    onSuccess: (ingest) => client.setQueryData(INGEST_KEY, ingest),
  });
}
