import type { ApiKeyList, CreateApiKeyInput, CreatedApiKey } from '@relaycast/shared/public-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `/api/api-keys`: the signed-in user's keys for the public API in this workspace (Settings → Security). */
export const apiKeysKey = ['api-keys'] as const;

/** `GET /api/api-keys`: the active keys and whether the owner's API key access is on. */
export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey, queryFn: () => apiFetch<ApiKeyList>('/api/api-keys') });
}

/** `POST /api/api-keys`: the new key, in full this one time. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) =>
      apiFetch<CreatedApiKey>('/api/api-keys', { method: 'POST', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** `DELETE /api/api-keys/:id`: requests with the key fail from now on. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
