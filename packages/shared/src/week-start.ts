import { isLanguage, type Language } from './languages';

/**
 * The first day of the week every calendar and week picker starts on (docs/decisions/0078-settings-save-as-you-go-and-week-start.md):
 * the user's choice in Settings → Language & Region, or while it is `auto` the convention of the interface's
 * language (Intl.Locale's week information where the runtime has it, else `LANGUAGE_WEEK_STARTS`). Days are
 * numbered as date-fns and `Date.getDay()` number them: 0 is Sunday, 1 Monday, 6 Saturday.
 */

export type WeekDay = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** What the setting may hold: the language's convention, or a day chosen by the user. */
export const WEEK_START_SETTINGS = ['auto', 'monday', 'sunday', 'saturday'] as const;
export type WeekStartSetting = (typeof WEEK_START_SETTINGS)[number];

/** The day each choice stands for. */
export const WEEK_START_DAYS: Record<Exclude<WeekStartSetting, 'auto'>, WeekDay> = {
  monday: 1,
  sunday: 0,
  saturday: 6,
};

/** Each interface language's convention, for runtimes without Intl.Locale week information. */
export const LANGUAGE_WEEK_STARTS: Record<Language, WeekDay> = { en: 0, es: 1, fr: 1, de: 1 };

/** Where weeks start for a language tag by its own convention (ISO's Monday when nothing is known). */
export function languageWeekStart(language: string): WeekDay {
  try {
    const locale = new Intl.Locale(language) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = locale.getWeekInfo?.().firstDay ?? locale.weekInfo?.firstDay;
    // Intl numbers Monday 1 to Sunday 7.
    if (firstDay !== undefined && firstDay >= 1 && firstDay <= 7) return (firstDay % 7) as WeekDay;
  } catch {
    // Not a language tag: the table below, then Monday.
  }
  const base = language.toLowerCase().split('-')[0];
  return isLanguage(base) ? LANGUAGE_WEEK_STARTS[base] : 1;
}

export function isWeekStartSetting(value: unknown): value is WeekStartSetting {
  return typeof value === 'string' && (WEEK_START_SETTINGS as readonly string[]).includes(value);
}

/** The day weeks start on: the user's choice, or the language's convention while the setting is `auto`. */
export function resolveWeekStart(setting: string | undefined, language: string): WeekDay {
  if (isWeekStartSetting(setting) && setting !== 'auto') return WEEK_START_DAYS[setting];
  return languageWeekStart(language);
}
