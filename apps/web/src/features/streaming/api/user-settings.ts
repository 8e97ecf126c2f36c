import type { UserSettings } from '@relaycast/shared/settings';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * `GET /api/settings`: the studio reads the chosen camera, microphone and bitrate (edited on
 * /stream-settings). Its own key: the settings page owns saving, and invalidates on its side.
 */
export function useStudioSettings() {
  return useQuery({
    queryKey: ['settings', 'studio'],
    queryFn: () => apiFetch<UserSettings>('/api/settings'),
    retry: false,
  });
}
