import type { UserSettings } from '@relaycast/shared/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const userSettingsKey = ['settings'] as const;

/** `GET /api/settings`: the signed-in user's stream, notification, security and region settings. */
export function useUserSettings() {
  return useQuery({ queryKey: userSettingsKey, queryFn: () => apiFetch<UserSettings>('/api/settings') });
}

/** `PUT /api/settings`: replaces them all; the server answers with what it stored. */
export function useSaveUserSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: UserSettings) =>
      apiFetch<UserSettings>('/api/settings', { method: 'PUT', json: settings }),
    onSuccess: (saved) => client.setQueryData(userSettingsKey, saved),
  });
}
