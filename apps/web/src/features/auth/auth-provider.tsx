import type { SignInInput, SignUpInput } from '@relaycast/shared/auth';
import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { isProtectedRoute } from '@relaycast/shared/routes';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useState,
} from 'react';
import { translateMessage } from '@/i18n';
import { apiFetch } from '@/lib/api-client';
import type { authClient as AuthClient } from '@/lib/auth-client';
import { onSessionExpired, resetSessionExpiry } from '@/lib/session-expiry';
import { toast } from '@/lib/toast';
import { type AuthEvent, type AuthState, type AuthUser, authReducer, initialAuthState } from './auth-state';

export type AuthResult =
  /** `secondStep`: the password was right and the account asks for a two-factor code next. */
  | { ok: true; secondStep?: boolean }
  | {
      ok: false;
      code: string;
      message: string /** With a 429: how long until trying again. */;
      retryAfterSeconds?: number;
    };

export interface SecondStepInput {
  code: string;
  /** A backup code rather than the authenticator app's. */
  isBackupCode: boolean;
  trustDevice: boolean;
}

interface AuthContextValue extends AuthState {
  signIn(input: SignInInput): Promise<AuthResult>;
  /** Finishes a sign-in whose password asked for a second step. */
  completeSecondStep(input: SecondStepInput): Promise<AuthResult>;
  signUp(input: SignUpInput): Promise<AuthResult>;
  signOut(): Promise<AuthResult>;
  clearError(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function toAuthUser(user: { id: string; name: string; email: string } | undefined | null): AuthUser | null {
  return user ? { id: user.id, name: user.name, email: user.email } : null;
}

function failure(
  error: { code?: string; message?: string; retryAfterSeconds?: unknown } | null | undefined,
  fallback: string,
): AuthResult {
  const retryAfterSeconds =
    typeof error?.retryAfterSeconds === 'number' ? error.retryAfterSeconds : undefined;
  return {
    ok: false,
    code: error?.code ?? 'UNKNOWN',
    message: translateMessage(error?.message || fallback),
    ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
  };
}

/** The auth API could not be reached: the form shows the action's fallback message. */
function networkFailure(dispatch: (event: AuthEvent) => void, fallback: string): AuthResult {
  const message = translateMessage(fallback);
  dispatch({ type: 'failure', error: message });
  return { ok: false, code: 'NETWORK', message };
}

/**
 * Better Auth's browser client, loaded when a form first needs it: every page asks who is signed in, but only
 * the sign-in, sign-up, sign-out and password forms talk to the auth API, so the home page's JavaScript does
 * not carry the client (docs/benchmarks.md).
 */
function loadAuthClient(): Promise<typeof AuthClient> {
  return import('@/lib/auth-client').then((m) => m.authClient);
}

interface SessionAnswer {
  user: { id: string; name: string; email: string };
}

/**
 * Who is signed in: Better Auth's `GET /api/auth/get-session` (null when no one is), asked once when the app
 * opens and again by `refresh()` after a sign-in. A plain request rather than a query: the home page does not
 * load the query cache.
 */
function fetchSession(): Promise<SessionAnswer | null> {
  return apiFetch<SessionAnswer | null>('/api/auth/get-session').then((data) => data ?? null);
}

let earlySession: Promise<SessionAnswer | null> | undefined;

/**
 * Asks who is signed in as the app starts (main.tsx), while the language's catalogs are still on their way;
 * the provider's first render then takes that answer instead of asking again.
 */
export function prefetchSession(): void {
  earlySession = fetchSession();
  earlySession.catch(() => undefined);
}

function useSession() {
  const [state, setState] = useState<{ isPending: boolean; data: SessionAnswer | null }>({
    isPending: true,
    data: null,
  });
  const refresh = useCallback(() => {
    const answer = earlySession ?? fetchSession();
    earlySession = undefined;
    answer
      .then((data) => setState({ isPending: false, data }))
      .catch(() => setState({ isPending: false, data: null }));
  }, []);
  useEffect(refresh, [refresh]);
  const clear = useCallback(() => setState({ isPending: false, data: null }), []);
  return { ...state, refresh, clear };
}

// function-budget: AuthProvider lays out one screen part in one JSX tree; split into named parts when it next changes
export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const [state, dispatch] = useReducer(authReducer, initialAuthState);

  useEffect(() => {
    if (!session.isPending) dispatch({ type: 'session', user: toAuthUser(session.data?.user) });
  }, [session.isPending, session.data]);
  const refreshSession = session.refresh;
  const clearSession = session.clear;

  // The app's layout waits for the user's settings (their time zone): ask for them as soon as the session is
  // known, while the page's code still loads, rather than after. Loaded on demand, so the home page's bundle
  // does not grow.
  const userId = session.data?.user.id;
  useEffect(() => {
    if (!userId || !isProtectedRoute(window.location.pathname)) return;
    void Promise.all([import('@/api/settings'), import('@/lib/query-client')]).then(
      ([{ prefetchUserSettings }, { queryClient }]) => prefetchUserSettings(queryClient),
    );
  }, [userId]);

  // A 401 mid-session (lib/session-expiry.ts): forget the user and the cached data, and say why; the route
  // guard then sends them to /login with the page to come back to. A new session re-arms it.
  useEffect(
    () =>
      onSessionExpired(() => {
        clearSession();
        toast.info(translateMessage(AUTH_MESSAGES.sessionExpired), { id: 'session-expired' });
        void import('@/lib/query-client').then(({ queryClient }) => queryClient.clear());
      }),
    [clearSession],
  );
  useEffect(() => {
    if (userId) resetSessionExpiry();
  }, [userId]);

  const signIn = useCallback(
    async (input: SignInInput): Promise<AuthResult> => {
      dispatch({ type: 'request' });
      try {
        const authClient = await loadAuthClient();
        const { data, error } = await authClient.signIn.email({
          email: input.email,
          password: input.password,
        });
        if (error) {
          const result = failure(error, AUTH_MESSAGES.signInFallback);
          if (!result.ok) dispatch({ type: 'failure', error: result.message });
          return result;
        }
        if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) {
          dispatch({ type: 'success' });
          return { ok: true, secondStep: true };
        }
        dispatch({ type: 'success', user: toAuthUser(data && 'user' in data ? data.user : null) });
        refreshSession();
        return { ok: true };
      } catch {
        return networkFailure(dispatch, AUTH_MESSAGES.signInFallback);
      }
    },
    [refreshSession],
  );

  const completeSecondStep = useCallback(
    async (input: SecondStepInput): Promise<AuthResult> => {
      dispatch({ type: 'request' });
      const body = { code: input.code, trustDevice: input.trustDevice };
      try {
        const authClient = await loadAuthClient();
        const { data, error } = input.isBackupCode
          ? await authClient.twoFactor.verifyBackupCode(body)
          : await authClient.twoFactor.verifyTotp(body);
        if (error) {
          const result = failure(error, AUTH_MESSAGES.signInFallback);
          if (!result.ok) dispatch({ type: 'failure', error: result.message });
          return result;
        }
        dispatch({ type: 'success', user: toAuthUser(data?.user) });
        refreshSession();
        return { ok: true };
      } catch {
        return networkFailure(dispatch, AUTH_MESSAGES.signInFallback);
      }
    },
    [refreshSession],
  );

  const signUp = useCallback(async (input: SignUpInput): Promise<AuthResult> => {
    dispatch({ type: 'request' });
    try {
      const authClient = await loadAuthClient();
      const { error } = await authClient.signUp.email({
        name: input.name,
        email: input.email,
        password: input.password,
        ...(input.referralCode ? { referralCode: input.referralCode } : {}),
        ...(input.plan ? { plan: input.plan } : {}),
      } as Parameters<typeof AuthClient.signUp.email>[0]);
      if (error) {
        const result = failure(error, AUTH_MESSAGES.signUpFallback);
        if (!result.ok) dispatch({ type: 'failure', error: result.message });
        return result;
      }
      // Sign-up does not sign in: the person is sent to the login page.
      dispatch({ type: 'success' });
      return { ok: true };
    } catch {
      return networkFailure(dispatch, AUTH_MESSAGES.signUpFallback);
    }
  }, []);

  const signOut = useCallback(async (): Promise<AuthResult> => {
    try {
      const authClient = await loadAuthClient();
      const { error } = await authClient.signOut();
      if (error) {
        const result = failure(error, AUTH_MESSAGES.signOutFallback);
        if (!result.ok) dispatch({ type: 'failure', error: result.message });
        return result;
      }
      dispatch({ type: 'signed-out' });
      clearSession();
      return { ok: true };
    } catch {
      return networkFailure(dispatch, AUTH_MESSAGES.signOutFallback);
    }
  }, [clearSession]);

  const clearError = useCallback(() => dispatch({ type: 'clear-error' }), []);

  const value = useMemo(
    () => ({ ...state, signIn, completeSecondStep, signUp, signOut, clearError }),
    [state, signIn, completeSecondStep, signUp, signOut, clearError],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
