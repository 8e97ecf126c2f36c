import type { AiSettings, AiSettingsInput } from '@relaycast/shared/ai';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const aiSettingsKey = ['ai', 'settings'] as const;

/** `GET /api/ai/settings` and `PUT /api/ai/settings` (owners and admins): the workspace's AI provider. */
export function useAiSettings() {
  return useQuery({ queryKey: aiSettingsKey, queryFn: () => apiFetch<AiSettings>('/api/ai/settings') });
}

export function useSaveAiSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AiSettingsInput) =>
      apiFetch<AiSettings>('/api/ai/settings', { method: 'PUT', json: input }),
    onSuccess: (saved) => {
      client.setQueryData(aiSettingsKey, saved);
      // The assistant's status (configured or not) depends on these settings.
      void client.invalidateQueries({ queryKey: ['ai', 'status'] });
    },
  });
}
