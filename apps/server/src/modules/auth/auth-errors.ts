import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { APIError, isAPIError } from 'better-auth/api';
import type { ZodType } from 'zod';

/** Better Auth's errors in the product's own wording, and the shared schemas' checks before Better Auth runs. */

export type ErrorRewrite = {
  status: 'CONFLICT' | 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'TOO_MANY_REQUESTS';
  code: string;
  message: string;
};

/** Better Auth's error codes that we answer with the product's own wording. */
export const SIGN_UP_ERRORS: Record<string, ErrorRewrite> = {
  USER_ALREADY_EXISTS: {
    status: 'CONFLICT',
    code: 'EMAIL_ALREADY_REGISTERED',
    message: AUTH_MESSAGES.emailAlreadyRegistered,
  },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    status: 'CONFLICT',
    code: 'EMAIL_ALREADY_REGISTERED',
    message: AUTH_MESSAGES.emailAlreadyRegistered,
  },
  INVALID_EMAIL: {
    status: 'BAD_REQUEST',
    code: 'INVALID_EMAIL',
    message: AUTH_MESSAGES.invalidEmail,
  },
  PASSWORD_TOO_SHORT: {
    status: 'BAD_REQUEST',
    code: 'PASSWORD_TOO_SHORT',
    message: AUTH_MESSAGES.passwordTooShort,
  },
};
export const SIGN_IN_ERRORS: Record<string, ErrorRewrite> = {
  INVALID_EMAIL_OR_PASSWORD: {
    status: 'UNAUTHORIZED',
    code: 'INVALID_EMAIL_OR_PASSWORD',
    message: AUTH_MESSAGES.invalidCredentials,
  },
  INVALID_EMAIL: {
    status: 'UNAUTHORIZED',
    code: 'INVALID_EMAIL_OR_PASSWORD',
    message: AUTH_MESSAGES.invalidCredentials,
  },
  INVALID_PASSWORD: {
    status: 'UNAUTHORIZED',
    code: 'INVALID_EMAIL_OR_PASSWORD',
    message: AUTH_MESSAGES.invalidCredentials,
  },
};
export const RESET_ERRORS: Record<string, ErrorRewrite> = {
  INVALID_TOKEN: {
    status: 'BAD_REQUEST',
    code: 'INVALID_TOKEN',
    message: AUTH_MESSAGES.resetInvalidToken,
  },
  PASSWORD_TOO_SHORT: {
    status: 'BAD_REQUEST',
    code: 'PASSWORD_TOO_SHORT',
    message: AUTH_MESSAGES.passwordTooShort,
  },
};

export const WORKSPACE_CREATE_ERRORS: Record<string, ErrorRewrite> = {
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION: {
    status: 'FORBIDDEN',
    code: 'WORKSPACE_CREATION_CLOSED',
    message: AUTH_MESSAGES.workspaceCreationClosed,
  },
};

function codeForIssue(path: string): string {
  if (path === 'email') return 'INVALID_EMAIL';
  if (path === 'password') return 'PASSWORD_TOO_SHORT';
  return 'VALIDATION_ERROR';
}

/** Validates a request body against the shared schema, so the form and the server give the same message. */
export function assertValid(schemaToCheck: ZodType, body: unknown): void {
  const result = schemaToCheck.safeParse(body ?? {});
  if (result.success) return;
  const issue = result.error.issues[0];
  const path = issue?.path.join('.') ?? '';
  throw new APIError('BAD_REQUEST', {
    code: codeForIssue(path),
    message: issue?.message ?? AUTH_MESSAGES.signUpFallback,
  });
}

export function rewriteError(returned: unknown, table: Record<string, ErrorRewrite>) {
  if (!isAPIError(returned)) return;
  const code = (returned.body as { code?: string } | undefined)?.code ?? '';
  const mapped = table[code];
  if (mapped) throw new APIError(mapped.status, { code: mapped.code, message: mapped.message });
}

export function emailAlreadyRegistered() {
  return new APIError('CONFLICT', {
    code: 'EMAIL_ALREADY_REGISTERED',
    message: AUTH_MESSAGES.emailAlreadyRegistered,
  });
}
