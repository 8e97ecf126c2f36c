import { describe, expect, it } from 'vitest';
import { authReducer, initialAuthState } from './auth-state';

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com' };

describe('authReducer', () => {
  it('starts loading with no user and not ready', () => {
    expect(initialAuthState).toEqual({
      user: null,
      loading: true,
      error: null,
      ready: false,
      signedOut: false,
    });
  });

  it('follows the session', () => {
    const signedIn = authReducer(initialAuthState, { type: 'session', user: ada });
    expect(signedIn).toMatchObject({ user: ada, loading: false, ready: true });
    expect(authReducer(signedIn, { type: 'session', user: null }).user).toBeNull();
  });

  it('clears the error and loads during a request, keeps the error on failure', () => {
    const failed = authReducer({ ...initialAuthState, loading: false, error: 'old' }, { type: 'request' });
    expect(failed).toMatchObject({ loading: true, error: null });
    const after = authReducer(failed, { type: 'failure', error: 'Invalid email or password.' });
    expect(after).toMatchObject({ loading: false, error: 'Invalid email or password.' });
  });

  it('sets the user on success and clears it on sign-out', () => {
    const ok = authReducer({ ...initialAuthState, loading: true }, { type: 'success', user: ada });
    expect(ok).toMatchObject({ user: ada, loading: false });
    const out = authReducer(ok, { type: 'signed-out' });
    expect(out).toMatchObject({ user: null, signedOut: true });
    // Signing in again clears the flag, so a later expired session sends the user to log in.
    expect(authReducer(out, { type: 'session', user: ada }).signedOut).toBe(false);
  });

  it('keeps the user and the message when sign-out fails', () => {
    const signedIn = authReducer(initialAuthState, { type: 'session', user: ada });
    const failed = authReducer(signedIn, { type: 'failure', error: 'Failed to sign out' });
    expect(failed).toMatchObject({ user: ada, error: 'Failed to sign out' });
  });
});
