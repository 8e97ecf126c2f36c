/**
 * Every catalog in `public/locales`, read at build time: what the component tests render with (English) and
 * what the catalog test checks. Never imported by the app, which fetches them (i18n/index.ts).
 */
const files = import.meta.glob<Record<string, string>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** `{ en: { common: {...}, calendar: {...} }, fr: {...} }` */
export const CATALOGS: Record<string, Record<string, Record<string, string>>> = {};
for (const [path, catalog] of Object.entries(files)) {
  const [language, file] = path.split('/').slice(-2) as [string, string];
  CATALOGS[language] ??= {};
  CATALOGS[language][file.replace(/\.json$/, '')] = catalog;
}
