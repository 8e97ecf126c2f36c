import {
  firstSupportedLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type Language,
} from '@relaycast/shared/languages';
import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The interface's languages (docs/decisions/0039-i18n.md). Every user-visible string goes through i18next:
 * `const { t } = useTranslation('<namespace>')` in a component, `i18n.t(...)` elsewhere. The key is the English
 * text itself (the seed's exact strings stay exact in English, and a missing translation falls back to them).
 *
 * One namespace per feature folder (its name), `common` for the app shell and shared components, `messages` for
 * the server's and the shared schemas' messages. Catalogs are JSON files in `public/locales/<language>/
 * <namespace>.json`, fetched when a page first needs them: they are data, not JavaScript, so the home page's
 * JavaScript budget only carries i18next itself.
 */
export const NAMESPACES = [
  'common',
  'messages',
  'home',
  'about',
  'blog',
  'faq',
  'contact',
  'pricing',
  'product-features',
  'public-api',
  'auth',
  'accounts',
  'approvals',
  'ai-assistant',
  'analytics',
  'best-time',
  'bulk-import',
  'calendar',
  'clip-generator',
  'composer',
  'dashboard',
  'drafts',
  'engagement',
  'feeds',
  'evergreen',
  'image-editor',
  'media-library',
  'media-tools',
  'members',
  'notifications',
  'settings',
  'short-links',
  'proxies',
  'devices',
  'webhooks',
  'planned-streams',
  'streaming',
  'usage',
  'video-editor',
  'workspaces',
  'watermarks',
  'queue-slots',
  'composer-library',
  'nodes',
  'labels',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The language a visitor last chose (or their settings hold), kept for the public pages and the next visit. */
export const LANGUAGE_STORAGE_KEY = 'relaycast.language';

export { isLanguage };

/** The stored choice, else the first of the browser's languages we have, else English. */
export function detectLanguage(
  stored: string | null = readStoredLanguage(),
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Language {
  if (isLanguage(stored)) return stored;
  return firstSupportedLanguage(preferred) ?? 'en';
}

/**
 * Keeps the choice in the browser, and in a cookie the server reads: the English first page of the home page is
 * sent ready-drawn (prerender.tsx) only to visitors whose language is English.
 */
function rememberLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie; the Cookie Store API is not in every browser we support.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Fetches `/locales/<language>/<namespace>.json` (served with revalidation, so an upgrade is seen at once). */
const fetchBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(`/locales/${language}/${namespace}.json`)
      .then((response) => {
        if (!response.ok) throw new Error(`${language}/${namespace}: ${response.status}`);
        return response.json();
      })
      .then((catalog) => callback(null, catalog))
      .catch((error: Error) => callback(error, false));
  },
};

const OPTIONS = {
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  // A component's namespace first, then the shell's shared words ("Cancel", "Save").
  fallbackNS: 'common',
  // Keys are English sentences: dots and colons in them are text, not paths.
  keySeparator: false as const,
  nsSeparator: false as const,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnEmptyString: false,
};

/**
 * Starts i18next in the browser: the detected language, the shell's catalog and the page's first namespace
 * are fetched before the first render (main.tsx awaits this), every other namespace when a page asks for it.
 */
export function startI18n(language: Language = detectLanguage(), namespaces: Namespace[] = ['common']) {
  document.documentElement.lang = language;
  // A choice stored before the cookie existed reaches the server from now on.
  const stored = readStoredLanguage();
  if (isLanguage(stored)) rememberLanguage(stored);
  // English needs no `messages` catalog: the messages are written in English.
  const ns = language === 'en' ? namespaces : [...namespaces, 'messages'];
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18n
    .use(fetchBackend)
    .use(initReactI18next)
    .init({ ...OPTIONS, lng: language, ns, react: { useSuspense: true } });
}

/**
 * For tests and the build's prerender (prerender.tsx): every catalog given up front, so nothing is fetched and
 * nothing suspends.
 */
export function startI18nWith(resources: Record<string, Record<string, Record<string, string>>>) {
  return i18n.use(initReactI18next).init({
    ...OPTIONS,
    lng: 'en',
    ns: [...NAMESPACES],
    resources,
    react: { useSuspense: false },
  });
}

/**
 * Switches the interface (and every date and number formatted through `currentLocale()`), and remembers the
 * choice for the public pages and the next visit. Missing catalogs are fetched first.
 */
export async function applyLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  if (i18n.resolvedLanguage === language) return;
  if (language !== 'en') await i18n.loadNamespaces('messages');
  await i18n.changeLanguage(language);
}

/**
 * The catalogs a path needs before its first paint: the shell's, the page's, and for the signed-in app the
 * route guard's and the header bell's, fetched side by side rather than one after another as each suspends.
 */
export function namespacesForPath(pathname: string, isProtected: boolean): Namespace[] {
  const page = namespaceForPath(pathname);
  const shell: Namespace[] = isProtected ? ['common', 'auth', 'notifications'] : ['common'];
  return page && !shell.includes(page) ? [...shell, page] : shell;
}

/** The page a path opens (its feature's catalog). */
export function namespaceForPath(pathname: string): Namespace | undefined {
  if (pathname === '/') return 'home';
  const first = pathname.split('/')[1] ?? '';
  if (first === 'features') return 'product-features';
  if (first === 'r') return 'analytics';
  if (first === 'api-reference') return 'public-api';
  if (first === 'invite') return 'members';
  if (first === 'login' || first === 'signup' || first.endsWith('-password')) return 'auth';
  return (NAMESPACES as readonly string[]).includes(first) ? (first as Namespace) : undefined;
}

/** The BCP 47 tag dates, numbers and relative times are written in: the interface's language. */
export function currentLocale(): string {
  return i18n.resolvedLanguage ?? i18n.language ?? 'en';
}

/** A number as the interface's language writes it ("1,234.5", "1 234,5", "1.234,5"). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(currentLocale(), options).format(value);
}

/**
 * A message the server or a shared schema wrote (the seed's exact English), in the interface's language
 * when the `messages` catalog has it, else as written.
 */
export function translateMessage(message: string): string {
  return i18n.t(message, { ns: 'messages', defaultValue: message });
}

export { i18n };
