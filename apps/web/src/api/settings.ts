import { WEEK_STARTS_ON, type WeekDay } from '@relaycast/shared/calendar';
import { resolveTimeZone, type UserSettings } from '@relaycast/shared/settings';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyLanguage, isLanguage } from '@/i18n';
import { apiFetch } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/time-zone';

/**
 * `/api/settings`: the one client module for the signed-in user's settings (the settings pages edit them, the
 * studio reads the chosen camera, microphone and bitrate). One cache entry, so a save is seen everywhere.
 */
export const userSettingsKey = ['settings'] as const;

const fetchUserSettings = () => apiFetch<UserSettings>('/api/settings');

/** `GET /api/settings`: the user's stream, notification, security and region settings. */
export function useUserSettings(options: { retry?: boolean } = {}) {
  return useQuery({
    queryKey: userSettingsKey,
    queryFn: fetchUserSettings,
    ...options,
  });
}

/** Starts loading them before any component asks (the auth provider, once the session is known). */
export function prefetchUserSettings(client: QueryClient): Promise<void> {
  return client.prefetchQuery({ queryKey: userSettingsKey, queryFn: fetchUserSettings });
}

/** The studio only reads them, and goes on with the browser's default devices at once if they fail to load. */
export function useStudioSettings() {
  return useUserSettings({ retry: false });
}

/**
 * The IANA zone every date in the app is shown and chosen in: the one picked in Settings → Language & Region,
 * or the browser's while the setting is "auto" (the default) or the settings cannot be read. The app's layout
 * waits for the settings before drawing a page (app-layout.tsx), so a page never starts in one zone and
 * switches to another under the user.
 */
export function useTimeZone(): string {
  const settings = useUserSettings({ retry: false });
  // `region?.`: an answer of another shape (an old server, a test's catch-all fake) means "not chosen".
  return resolveTimeZone(settings.data?.region?.timezone, browserTimeZone());
}

/**
 * The week's first day (0 Sunday … 6 Saturday) for every calendar view: the one place the app decides it, so
 * following the language or a setting is a change here alone. Today it is the shared default.
 */
export function useWeekStartsOn(): WeekDay {
  return WEEK_STARTS_ON;
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

const REPORTED_ZONE_KEY = 'relaycast.reportedTimeZone';

/**
 * `PUT /api/settings/browser-time-zone`, once per tab (and again if the zone changes): the server writes its
 * e-mails and reports in this zone while the setting is "auto". Best effort: a failure changes nothing on screen.
 */
export function useReportBrowserTimeZone() {
  useEffect(() => {
    const timeZone = browserTimeZone();
    if (sessionStorage.getItem(REPORTED_ZONE_KEY) === timeZone) return;
    apiFetch('/api/settings/browser-time-zone', { method: 'PUT', json: { timeZone } })
      .then(() => sessionStorage.setItem(REPORTED_ZONE_KEY, timeZone))
      .catch(() => undefined);
  }, []);
}

/**
 * Settings → Language & Region drives the interface: the saved language is applied (and remembered for the
 * public pages) as soon as the settings are read or saved.
 */
export function useApplyUserLanguage() {
  const settings = useUserSettings({ retry: false });
  const language = settings.data?.region?.language;
  useEffect(() => {
    if (isLanguage(language)) void applyLanguage(language);
  }, [language]);
}
