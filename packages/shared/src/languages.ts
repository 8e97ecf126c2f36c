/**
 * The interface's languages (Settings → Language & Region). Kept apart from settings.ts, which builds zod
 * schemas, so the browser's entry (i18n) reads them without loading zod on the home page.
 */
export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language in its own words, as a language picker shows it. */
export const LANGUAGE_LABELS: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};
