import { resolveTimeZone, type UserSettings } from '@relaycast/shared/settings';
import { resolveWeekStart, type WeekDay } from '@relaycast/shared/week-start';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
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
 * `PUT /api/settings` as the user changes them (settings save as you go, lib/use-save-as-you-go.ts): `show`
 * puts a change in the one cache entry at once, so the language, the time zone and the week's first day apply
 * everywhere before the server answers; `save` replaces them all on the server; `reload` reads what is stored
 * again after a refused save.
 */
export function useSaveUserSettings() {
  const client = useQueryClient();
  return useMemo(
    () => ({
      current: () => client.getQueryData<UserSettings>(userSettingsKey),
      show: (settings: UserSettings) => client.setQueryData(userSettingsKey, settings),
      save: (settings: UserSettings) =>
        apiFetch<UserSettings>('/api/settings', { method: 'PUT', json: settings }),
      reload: () => client.invalidateQueries({ queryKey: userSettingsKey }),
    }),
    [client],
  );
}

/**
 * The day every calendar and week picker starts its weeks on (0 Sunday, 1 Monday, 6 Saturday): the one chosen in
 * Settings → Language & Region, or the convention of the interface's language while it is "auto"
 * (packages/shared/src/week-start.ts). Pass it to `calendarWeeks(anchor, weeks, weekStart)`.
 */
export function useWeekStart(): WeekDay {
  const settings = useUserSettings({ retry: false });
  const { i18n: current } = useTranslation();
  return resolveWeekStart(
    settings.data?.region?.weekStart,
    current.resolvedLanguage ?? current.language ?? 'en',
  );
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
