import type { UserSettings } from '@relaycast/shared/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * `/api/settings`: the one client module for the signed-in user's settings (the settings pages edit them, the
 * studio reads the chosen camera, microphone and bitrate). One cache entry, so a save is seen everywhere.
 */
export const userSettingsKey = ['settings'] as const;

/** `GET /api/settings`: the user's stream, notification, security and region settings. */
export function useUserSettings(options: { retry?: boolean } = {}) {
  return useQuery({
    queryKey: userSettingsKey,
    queryFn: () => apiFetch<UserSettings>('/api/settings'),
    ...options,
  });
}

/** The studio only reads them, and goes on with the browser's default devices at once if they fail to load. */
export function useStudioSettings() {
  return useUserSettings({ retry: false });
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
