import { isProtectedRoute } from '@relaycast/shared/routes';

/**
 * The one place that notices an ended session (docs/decisions/0063-errors.md): a request of the signed-in app
 * answered 401 (signed out on another device, the device revoked, the session expired) calls the handler the
 * auth provider registered, once, which sends the user to /login with the page to come back to. A 401 from
 * the auth API itself (a wrong password) or on a public page (a review link) is the page's own business.
 */
type SessionExpiredHandler = () => void;

let handler: SessionExpiredHandler | null = null;
let hasExpired = false;

/** Registers what to do when the session ends (the auth provider does); returns the unregistration. */
export function onSessionExpired(handle: SessionExpiredHandler): () => void {
  handler = handle;
  return () => {
    if (handler === handle) handler = null;
  };
}

/** A new session (signed in again) re-arms the handler. */
export function resetSessionExpiry(): void {
  hasExpired = false;
}

/** True when the 401 of a request to `path` means the session ended (and the user is being sent to sign in). */
export function isSessionExpiry(path: string): boolean {
  return hasExpired && !isAuthApi(path);
}

function isAuthApi(path: string): boolean {
  return new URL(path, window.location.origin).pathname.startsWith('/api/auth/');
}

/** apiFetch: a request to `path` was answered 401. */
export function reportUnauthorized(path: string): void {
  if (hasExpired || !handler || isAuthApi(path) || !isProtectedRoute(window.location.pathname)) return;
  hasExpired = true;
  handler();
}
