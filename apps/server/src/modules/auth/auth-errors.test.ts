import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { describe, expect, it } from 'vitest';
import {
  RESET_ERRORS,
  rewriteAs,
  SIGN_IN_ERRORS,
  SIGN_UP_ERRORS,
  WORKSPACE_CREATE_ERRORS,
} from './auth-errors';
import { TWO_FACTOR_ERRORS } from './two-factor';

/** Better Auth's errors are answered with the registry's codes, statuses and messages (packages/shared/src/errors.ts). */
describe('the auth error tables', () => {
  it('take status and message from the registry', () => {
    expect(SIGN_UP_ERRORS.USER_ALREADY_EXISTS).toEqual({
      status: 'CONFLICT',
      code: 'EMAIL_ALREADY_REGISTERED',
      message: AUTH_MESSAGES.emailAlreadyRegistered,
    });
    expect(SIGN_UP_ERRORS.PASSWORD_TOO_SHORT).toEqual({
      status: 'BAD_REQUEST',
      code: 'PASSWORD_TOO_SHORT',
      message: AUTH_MESSAGES.passwordTooShort,
    });
    for (const key of ['INVALID_EMAIL_OR_PASSWORD', 'INVALID_EMAIL', 'INVALID_PASSWORD']) {
      expect(SIGN_IN_ERRORS[key]).toEqual({
        status: 'UNAUTHORIZED',
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: AUTH_MESSAGES.invalidCredentials,
      });
    }
    expect(RESET_ERRORS.INVALID_TOKEN).toEqual({
      status: 'BAD_REQUEST',
      code: 'INVALID_TOKEN',
      message: AUTH_MESSAGES.resetInvalidToken,
    });
    expect(WORKSPACE_CREATE_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION?.status).toBe(
      'FORBIDDEN',
    );
    expect(TWO_FACTOR_ERRORS.ACCOUNT_TEMPORARILY_LOCKED).toEqual({
      status: 'TOO_MANY_REQUESTS',
      code: 'TOO_MANY_ATTEMPTS',
      message: AUTH_MESSAGES.tooManyAttempts,
    });
  });

  it('keep a more specific message, and a status only among those the code has', () => {
    expect(TWO_FACTOR_ERRORS.INVALID_BACKUP_CODE).toEqual({
      status: 'UNAUTHORIZED',
      code: 'TWO_FACTOR_CODE_INVALID',
      message: AUTH_MESSAGES.twoFactorBackupCodeInvalid,
    });
    expect(TWO_FACTOR_ERRORS.TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE).toEqual({
      status: 'BAD_REQUEST',
      code: 'TWO_FACTOR_CHALLENGE_EXPIRED',
      message: AUTH_MESSAGES.twoFactorTooManyCodes,
    });
    expect(() => rewriteAs('INVALID_TOKEN', { status: 409 })).toThrow(
      'INVALID_TOKEN is not answered with 409',
    );
  });
});
