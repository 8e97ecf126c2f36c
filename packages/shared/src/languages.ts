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

/** The cookie that mirrors a visitor's chosen language, so the server can tell before any script runs. */
export const LANGUAGE_COOKIE = 'relaycast.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of a browser's languages (most preferred first, as `navigator.languages` lists them) that the
 * interface has, by base language ("fr-CA" is French); undefined when none is. The browser picks its interface
 * language with this, and the server uses it on an `Accept-Language` header to know which first page to send.
 */
export function firstSupportedLanguage(preferred: readonly string[]): Language | undefined {
  for (const tag of preferred) {
    const base = tag.trim().toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return undefined;
}

/** An `Accept-Language` header's tags, most preferred first (by q, then by order); `*` and q=0 left out. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1_000)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}
