import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToasterProps } from 'sonner';
import { areToastsAtTop, areToastsNeeded, subscribeToToastPlacement, subscribeToToasts } from '@/lib/toast';

/**
 * Toasts at the top, for a page that asks (useToastsAtTop): centred, under the sticky header (64 px,
 * app/layouts/site-header.tsx) so they cover neither the navigation nor the page's controls on the right and
 * at the bottom; full width under the header on a phone.
 */
const AT_TOP: Partial<ToasterProps> = {
  position: 'top-center',
  offset: { top: 80 },
  mobileOffset: { top: 72 },
};

const SonnerToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Sonner's toaster, mounted (and downloaded) only once the first toast is shown. */
export function DeferredToaster(props: ToasterProps) {
  const isNeeded = useSyncExternalStore(subscribeToToasts, areToastsNeeded, () => false);
  const atTop = useSyncExternalStore(subscribeToToastPlacement, areToastsAtTop, () => false);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} {...(atTop ? AT_TOP : {})} />
    </Suspense>
  );
}
