import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/ui/spinner';
import { useAuth } from './auth-provider';
import type { LoginLocationState } from './components/login-form';

/**
 * Guards the signed-in app: waits for the session, then lets the user in or sends them to log in (home, when
 * they have just signed out).
 */
export function RequireAuth() {
  const { t } = useTranslation('auth');
  const { user, ready, signedOut } = useAuth();
  const location = useLocation();
  if (!ready) return <LoadingScreen label={t('Checking your session')} />;
  // Signing out on a protected page leads home, not to the login form.
  if (!user && signedOut) return <Navigate to="/" replace />;
  if (!user) {
    const state: LoginLocationState = {
      from: {
        pathname: location.pathname,
        search: location.search,
        hash: location.hash,
        state: location.state,
      },
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
