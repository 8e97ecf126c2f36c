/** The signed-in user as the web app knows it. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
}

/**
 * Auth state as the product describes it: loading at first, following the session, loading with the error
 * cleared during sign-in and sign-up, the error kept on failure, the user cleared on sign-out (a failed
 * sign-out keeps its message). `ready` turns true once the first session answer arrived, so the route guard
 * can wait without flashing the login page.
 */
export interface AuthState {
  user: AuthUser | null;
  loading: boolean;
  error: string | null;
  ready: boolean;
  /** True after the user signed out here, so the route guard sends them home rather than to log in. */
  signedOut: boolean;
}

export type AuthEvent =
  | { type: 'session'; user: AuthUser | null }
  | { type: 'request' }
  | { type: 'success'; user?: AuthUser | null }
  | { type: 'failure'; error: string }
  | { type: 'signed-out' }
  | { type: 'clear-error' };

export const initialAuthState: AuthState = {
  user: null,
  loading: true,
  error: null,
  ready: false,
  signedOut: false,
};

export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'session':
      return {
        ...state,
        user: event.user,
        loading: false,
        ready: true,
        signedOut: event.user ? false : state.signedOut,
      };
    case 'request':
      return { ...state, loading: true, error: null };
    case 'success':
      return {
        ...state,
        loading: false,
        user: event.user === undefined ? state.user : event.user,
        signedOut: event.user ? false : state.signedOut,
      };
    case 'failure':
      return { ...state, loading: false, error: event.error };
    case 'signed-out':
      return { ...state, user: null, loading: false, error: null, signedOut: true };
    case 'clear-error':
      return { ...state, error: null };
  }
}
