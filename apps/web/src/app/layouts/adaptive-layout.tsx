import { lazy, Suspense } from 'react';
import { LoadingScreen } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/auth-provider';
import { PublicLayout } from './public-layout';

// Same chunk as the protected routes' layout: loaded only once someone is signed in.
const AppLayout = lazy(() => import('./app-layout').then((m) => ({ default: m.AppLayout })));

/**
 * For pages that both the public top bar and the signed-in sidebar link to (/features): visitors get the
 * public site around it, signed-in users keep their sidebar. Until the session is known the public layout
 * shows, so visitors never wait for it.
 */
export function AdaptiveLayout() {
  const { user } = useAuth();
  if (!user) return <PublicLayout />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AppLayout />
    </Suspense>
  );
}
