import { AUTH_MESSAGES, GENERIC_MESSAGES } from '@relaycast/shared/messages';
import { POST_MESSAGES } from '@relaycast/shared/posts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { CATALOGS } from '@/i18n/test-catalogs';
import { apiError, fakeApi } from '@/test/api.fake';
import { ApiError, apiFetch } from './api-client';
import { onSessionExpired, resetSessionExpiry } from './session-expiry';
import { showError } from './show-error';
import { toast } from './toast';

vi.mock('./toast', () => ({ toast: { error: vi.fn() } }));

const french = (message: string) => CATALOGS.fr?.messages?.[message];

describe('showError', () => {
  beforeEach(() => vi.mocked(toast.error).mockClear());
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the message of an API refusal in the interface language', async () => {
    await i18n.changeLanguage('fr');
    fakeApi({ 'PATCH /api/posts/1': apiError(409, POST_MESSAGES.notEditable, 'POST_NOT_EDITABLE') });
    const error = await apiFetch('/api/posts/1', { method: 'PATCH', json: {} }).catch((failure) => failure);
    showError(error, 'Could not save the post.');
    expect(french(POST_MESSAGES.notEditable)).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(french(POST_MESSAGES.notEditable), {});
  });

  it('shows the fallback for an answer that is not the API’s and for an error without a message', () => {
    showError(new ApiError(502, 'HTTP_ERROR', 'Bad Gateway'), 'Could not save the post.');
    showError(undefined, 'Could not save the post.');
    showError(new Error(''));
    expect(vi.mocked(toast.error).mock.calls.map(([message]) => message)).toEqual([
      'Could not save the post.',
      'Could not save the post.',
      GENERIC_MESSAGES.internal,
    ]);
  });

  it('titles the toast and puts the server’s reason under it', () => {
    showError(new ApiError(503, 'ANALYSIS_UNAVAILABLE', 'ffmpeg is missing.'), undefined, {
      title: 'No clips could be found.',
    });
    showError(new TypeError('Failed to fetch'), undefined, { title: 'No clips could be found.' });
    expect(vi.mocked(toast.error).mock.calls).toEqual([
      ['No clips could be found.', { description: 'ffmpeg is missing.' }],
      ['No clips could be found.', { description: undefined }],
    ]);
  });

  it('shows nothing for the 401 that ended the session: the sign-in page says so', async () => {
    resetSessionExpiry();
    const unregister = onSessionExpired(() => undefined);
    window.history.replaceState(null, '', '/calendar');
    fakeApi({ 'GET /api/posts': apiError(401, GENERIC_MESSAGES.unauthorized, 'UNAUTHORIZED') });
    showError(await apiFetch('/api/posts').catch((failure) => failure));
    showError(
      new ApiError(
        401,
        'INVALID_EMAIL_OR_PASSWORD',
        AUTH_MESSAGES.invalidCredentials,
        [],
        '/api/auth/sign-in/email',
      ),
    );
    unregister();
    window.history.replaceState(null, '', '/');
    expect(vi.mocked(toast.error).mock.calls).toEqual([[AUTH_MESSAGES.invalidCredentials, {}]]);
  });
});
