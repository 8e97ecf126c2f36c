import { type ReactNode, Suspense } from 'react';
import { LoadingScreen } from '@/components/ui/spinner';
import { DeferredToaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/features/auth/auth-provider';

/** The spec allows at most 20 toasts on screen at once. */
export const MAX_TOASTS = 20;

/**
 * What every page sits in: the session, the toasts, and a boundary for a language's first catalog. The query
 * cache is given by the pages that fetch data (query-provider.tsx), so the home page does not load it.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      {/* Only while a language's shell catalog is fetched (i18n): pages have their own boundary. */}
      <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
      {/* Bottom right: at the top they covered Sign out and Get Started (docs/decisions/0026-rough-edges-layout.md); the navigation is all at
            the top and on the left, so nothing a toast covers down here is a way out of the page. */}
      <DeferredToaster
        richColors
        closeButton
        visibleToasts={MAX_TOASTS}
        position="bottom-right"
        theme="system"
      />
    </AuthProvider>
  );
}
