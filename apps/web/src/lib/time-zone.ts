import { addDaysToDate, instantToZoned, todayIn } from '@relaycast/shared/calendar';
import {
  BROWSER_TIME_ZONE,
  SETTINGS_TIME_ZONE_LABELS,
  SETTINGS_TIME_ZONES,
  type SettingsTimeZone,
} from '@relaycast/shared/settings';
import { currentLocale, i18n } from '@/i18n';

/** The spec's zone names as the interface's language writes them (catalog keys: the shared English labels). */
function settingsZoneLabel(zone: SettingsTimeZone): string {
  switch (zone) {
    case 'EST':
      return i18n.t('EST (Eastern Time)', { ns: 'common', defaultValue: SETTINGS_TIME_ZONE_LABELS.EST });
    case 'PST':
      return i18n.t('PST (Pacific Time)', { ns: 'common', defaultValue: SETTINGS_TIME_ZONE_LABELS.PST });
    case 'GMT':
      return i18n.t('GMT (UK time)', { ns: 'common', defaultValue: SETTINGS_TIME_ZONE_LABELS.GMT });
    default:
      return SETTINGS_TIME_ZONE_LABELS[zone];
  }
}

/**
 * The IANA time zone of this browser: what dates are shown and chosen in until the user picks a zone in
 * Settings (read it through `useTimeZone()` in api/settings.ts, which applies that choice).
 */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * What the Timezone setting offers: the browser's zone (the default), the spec's four, then every IANA zone this
 * browser knows, and the stored value if it is none of these (a zone another browser knows by another name).
 */
export function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const options = [BROWSER_TIME_ZONE, ...SETTINGS_TIME_ZONES, ...known];
  const unique = [...new Set(options)];
  return unique.includes(current) ? unique : [...unique, current];
}

/** How a time-zone setting reads: "Browser's time zone (Europe/Paris)", "PST (Pacific Time)", "America/New York". */
export function timeZoneLabel(setting: string): string {
  if (setting === BROWSER_TIME_ZONE) {
    return i18n.t("Browser's time zone ({{zone}})", {
      ns: 'common',
      zone: browserTimeZone().replaceAll('_', ' '),
    });
  }
  if (setting in SETTINGS_TIME_ZONE_LABELS) return settingsZoneLabel(setting as SettingsTimeZone);
  return setting.replaceAll('_', ' ');
}

function calendarDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 12));
}

/** `HH:mm` as the reader's locale writes a time of day ("2:30 PM", "14:30"). */
export function formatTimeOfDay(time: string, locale: string = currentLocale()): string {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, hh, mm)),
  );
}

/** A calendar date (YYYY-MM-DD) in words, e.g. "Tue, Mar 3". */
export function formatDate(
  date: string,
  options: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' },
  locale: string = currentLocale(),
): string {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(calendarDate(date));
}

/** An instant as a date and time in a time zone, e.g. "Tue, Mar 3 at 9:00 AM". */
export function formatInstant(
  instant: Date | string,
  timeZone: string,
  locale: string = currentLocale(),
): string {
  const { date, time } = instantToZoned(instant, timeZone);
  const year = date.slice(0, 4) !== todayIn(timeZone).slice(0, 4);
  const day = formatDate(
    date,
    { weekday: 'short', month: 'short', day: 'numeric', ...(year ? { year: 'numeric' } : {}) },
    locale,
  );
  return i18n.t('{{day}} at {{time}}', { ns: 'common', day, time: formatTimeOfDay(time, locale) });
}

/** The date and time a new post is proposed for: the next full hour, in the user's time zone. */
export function nextFullHour(timeZone: string, now: Date = new Date()): { date: string; time: string } {
  const { date, time } = instantToZoned(now, timeZone);
  const hour = Number(time.slice(0, 2)) + 1;
  if (hour >= 24) return { date: addDaysToDate(date, 1), time: '00:00' };
  return { date, time: `${String(hour).padStart(2, '0')}:00` };
}

/** An instant as a medium date and a short time in a time zone, e.g. "Mar 3, 2026, 9:00 AM". */
export function formatDateTime(
  instant: Date | string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
  locale: string = currentLocale(),
): string {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(new Date(instant));
}

/**
 * An instant in a time zone with the zone's name, for a reader who may be elsewhere (the client review page):
 * "Tue, Mar 3, 2026, 9:00 AM Eastern Standard Time", the zone's name in the reader's language.
 */
export function formatInstantWithZone(
  instant: Date | string,
  timeZone: string,
  locale: string = currentLocale(),
): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'long',
  }).format(new Date(instant));
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** How long ago an instant was, in words ("3 minutes ago", "yesterday", "just now"). */
export function formatRelative(
  instant: string | Date,
  now: Date = new Date(),
  locale: string = currentLocale(),
): string {
  const seconds = (new Date(instant).getTime() - now.getTime()) / 1000;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return i18n.t('just now', { ns: 'common' });
}
