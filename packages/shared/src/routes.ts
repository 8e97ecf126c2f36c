/**
 * Every route of the web app. The server uses this list to answer unknown paths with 404 while still
 * serving the app, and the router and the guard use it so the two never disagree. Each is a lowercase word:
 * short links are served at `/<code>` with codes that hold a capital letter and a digit (short-links.ts), and
 * packages/shared/src/short-links.test.ts checks that no page takes that shape. A custom code may not be the first
 * segment of any route here (RESERVED_SHORT_LINK_PATHS in short-link-codes.ts).
 */
export const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/features',
  '/pricing',
  '/blog',
  '/faq',
  '/login',
  '/signup',
  '/contact',
  '/forgot-password',
  '/reset-password',
  '/api-reference',
] as const;

/** Routes behind the sign-in guard (spec section 2, plus the screens its buttons lead to). */
export const PROTECTED_ROUTES = [
  '/dashboard',
  '/media-tools',
  '/calendar',
  '/analytics',
  '/settings',
  '/settings/members',
  '/settings/workspace',
  '/connected-accounts',
  '/video-editor',
  /** One library image in the image editor (docs/image-editor.md). */
  '/image-editor',
  '/streaming',
  '/clip-generator',
  '/create-post',
  '/engagement',
  '/post-composer',
  '/media-library',
  '/drafts',
  '/bulk-import',
  /** RSS and Atom feeds whose new items become posts (docs/feeds.md). */
  '/feeds',
  /** Evergreen collections: posts re-shared into the queue (docs/evergreen.md). */
  '/evergreen',
  '/stream-settings',
  '/stream-analytics',
  '/schedule-stream',
  '/usage',
  '/approvals',
  /** Short links made by hand and their clicks (docs/short-links.md). */
  '/links',
  /** The instance administrator's page (ADMIN_EMAILS); anyone else sees the not-found page. */
  '/admin',
] as const;

/** Route patterns with parameters, as regular expressions over the pathname. */
export const DYNAMIC_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/blog\/[a-z0-9-]+$/,
  // A read-only analytics report link (analytics-report.ts): public, shows its own "expired" message.
  /^\/r\/[A-Za-z0-9_-]{1,200}$/,
  // An invitation to a workspace (members.ts): public, shows its own "expired" or "used" message.
  /^\/invite\/[A-Za-z0-9_-]{1,200}$/,
  // A client review link (approvals.ts): public, shows its own "expired" or "revoked" message.
  /^\/review\/[A-Za-z0-9_.-]{1,200}$/,
];

export type PublicRoute = (typeof PUBLIC_ROUTES)[number];
export type ProtectedRoute = (typeof PROTECTED_ROUTES)[number];

const KNOWN = new Set<string>([...PUBLIC_ROUTES, ...PROTECTED_ROUTES]);

/** True when the web app has a screen for this pathname (trailing slashes ignored). */
export function isKnownAppRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return KNOWN.has(path) || DYNAMIC_ROUTE_PATTERNS.some((pattern) => pattern.test(path));
}

export function isProtectedRoute(pathname: string): boolean {
  return (PROTECTED_ROUTES as readonly string[]).includes(pathname);
}
