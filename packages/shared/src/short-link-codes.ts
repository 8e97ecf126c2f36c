import { PROTECTED_ROUTES, PUBLIC_ROUTES } from './routes';

/**
 * Custom short-link codes ("back-halves", docs/decisions/0080-short-links.md): their shape and the paths they may
 * not take. The schema and its messages are in short-links.ts.
 */

export const MIN_CUSTOM_SHORT_LINK_CODE = 4;
export const MAX_CUSTOM_SHORT_LINK_CODE = 50;

/**
 * First path segments a custom code may not take, compared without case: every page of the web app
 * (routes.ts), the prefixes of its pages with parameters (/r/, /invite/, /review/, /blog/), the server's own
 * paths (/api, /metrics) and the built app's folders (/assets, /locales), plus a few kept for later.
 */
export const RESERVED_SHORT_LINK_PATHS: ReadonlySet<string> = new Set([
  ...[...PUBLIC_ROUTES, ...PROTECTED_ROUTES].map((route) => route.split('/')[1] ?? '').filter(Boolean),
  ...['r', 'invite', 'review', 'blog', 'api', 'metrics', 'assets', 'locales', 'static', 'public', 'health'],
  ...['auth', 'logout', 'docs', 'help', 'status', 'app', 'www', 'favicon', 'robots', 'sitemap', 'sw'],
]);

/** A custom code ("back-half"): 4 to 50 letters, digits, '-' and '_'. Reserved paths are checked apart. */
export function isCustomShortLinkCodeShape(value: string): boolean {
  return new RegExp(`^[A-Za-z0-9_-]{${MIN_CUSTOM_SHORT_LINK_CODE},${MAX_CUSTOM_SHORT_LINK_CODE}}$`).test(
    value,
  );
}

/** Whether a code takes a path of the app or the server (compared without case). */
export function isReservedShortLinkPath(value: string): boolean {
  return RESERVED_SHORT_LINK_PATHS.has(value.toLowerCase());
}
