import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToasterProps } from 'sonner';
import { areToastsNeeded, subscribeToToasts } from '@/lib/toast';

const SonnerToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Sonner's toaster, mounted (and downloaded) only once the first toast is shown. */
export function DeferredToaster(props: ToasterProps) {
  const isNeeded = useSyncExternalStore(subscribeToToasts, areToastsNeeded, () => false);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
    </Suspense>
  );
}
