import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { useEffect } from 'react';
import type { ExternalToast } from 'sonner';
import { translateMessage } from '@/i18n';

/**
 * Toasts, with the toast library loaded the first time one is shown rather than with every page: most
 * visits to the public site never show one, and sonner is about a tenth of the JavaScript the home page
 * would otherwise load. Sonner keeps toasts created before its <Toaster> mounts and shows them once it does.
 * Import `toast` from here, never from 'sonner' (Biome enforces it).
 */

let isNeeded = false;
const listeners = new Set<() => void>();

/** For <DeferredToaster>: re-render once a toast has been asked for. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function areToastsNeeded(): boolean {
  return isNeeded;
}

type Kind = 'success' | 'error' | 'info' | 'warning';

/**
 * A refusal of the page's own address (the server is configured for another one) is not a passing error: it
 * stays on screen until dismissed, once, because it tells the administrator what to set.
 */
function withPersistence(kind: Kind, message: string, options?: ExternalToast): ExternalToast | undefined {
  const refused = [AUTH_MESSAGES.crossSiteRefused, translateMessage(AUTH_MESSAGES.crossSiteRefused)];
  if (kind !== 'error' || !refused.some((text) => message.startsWith(text))) return options;
  return { ...options, id: 'cross-site-refused', duration: Number.POSITIVE_INFINITY, closeButton: true };
}

function show(kind: Kind, message: string, options?: ExternalToast): void {
  const shown = withPersistence(kind, message, options);
  if (!isNeeded) {
    isNeeded = true;
    for (const listener of listeners) listener();
  }
  void import('sonner').then(({ toast: sonnerToast }) => {
    sonnerToast[kind](message, shown);
  });
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
};

/** How many shown pages ask for toasts at the top (useToastsAtTop); the toaster reads it. */
let pagesAskingForTop = 0;
const placementListeners = new Set<() => void>();

/** For <DeferredToaster>: re-render when a page asks for toasts at the top or stops asking. */
export function subscribeToToastPlacement(listener: () => void): () => void {
  placementListeners.add(listener);
  return () => placementListeners.delete(listener);
}

export function areToastsAtTop(): boolean {
  return pagesAskingForTop > 0;
}

/**
 * While the calling page is shown, toasts appear at the top centre, just under the header, instead of the
 * bottom right (full width at the bottom on a phone): for a page whose own controls fill the right column and
 * the bottom of the screen, such as the video editor's overlay fields and Export button
 * (docs/decisions/0076-calendar-views.md).
 */
export function useToastsAtTop(): void {
  useEffect(() => {
    pagesAskingForTop += 1;
    for (const listener of placementListeners) listener();
    return () => {
      pagesAskingForTop -= 1;
      for (const listener of placementListeners) listener();
    };
  }, []);
}
