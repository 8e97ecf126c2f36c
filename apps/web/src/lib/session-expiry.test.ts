import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '@/test/api.fake';
import { ApiError, apiFetch } from './api-client';
import { onSessionExpired, resetSessionExpiry } from './session-expiry';

/** Every request answered with this error. */
function answering(status: number, { code, message }: { code: string; message: string }) {
  fakeApi({ '*': apiError(status, message, code) });
}

const UNAUTHORIZED = { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' };

describe('an ended session', () => {
  let expired: ReturnType<typeof vi.fn<() => void>>;
  let unregister: () => void;

  beforeEach(() => {
    resetSessionExpiry();
    expired = vi.fn<() => void>();
    unregister = onSessionExpired(expired);
    window.history.replaceState(null, '', '/calendar');
  });
  afterEach(() => {
    unregister();
    window.history.replaceState(null, '', '/');
  });

  it('is handled once when requests of the signed-in app are answered 401', async () => {
    answering(401, UNAUTHORIZED);
    const calls = await Promise.allSettled([
      apiFetch('/api/posts'),
      apiFetch('/api/media'),
      apiFetch('/api/me'),
    ]);
    expect(calls.every((call) => call.status === 'rejected' && call.reason instanceof ApiError)).toBe(true);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('is handled again after a new sign-in', async () => {
    answering(401, UNAUTHORIZED);
    await apiFetch('/api/posts').catch(() => undefined);
    resetSessionExpiry();
    await apiFetch('/api/posts').catch(() => undefined);
    expect(expired).toHaveBeenCalledTimes(2);
  });

  it('is not a refused sign-in, a public page or another refusal', async () => {
    answering(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password.' });
    await apiFetch('/api/auth/sign-in/email', { method: 'POST', json: {} }).catch(() => undefined);
    answering(403, { code: 'FORBIDDEN', message: 'No.' });
    await apiFetch('/api/posts').catch(() => undefined);
    window.history.replaceState(null, '', '/review/some-token');
    answering(401, UNAUTHORIZED);
    await apiFetch('/api/review/some-token').catch(() => undefined);
    expect(expired).not.toHaveBeenCalled();
  });
});
