import {
  ERRORS,
  type ErrorCode,
  type ErrorDefinition,
  type ErrorStatus,
  errorMessage,
} from '@relaycast/shared/errors';
import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { APIError, isAPIError } from 'better-auth/api';
import type { ZodType } from 'zod';

/** Better Auth's errors in the product's own wording, and the shared schemas' checks before Better Auth runs. */

export type ErrorRewrite = {
  status: StatusName;
  code: ErrorCode;
  message: string;
};

/** The HTTP statuses Better Auth's APIError takes by name, for the codes the auth routes answer with. */
const STATUS_NAMES = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  409: 'CONFLICT',
  429: 'TOO_MANY_REQUESTS',
} as const;
type StatusName = (typeof STATUS_NAMES)[keyof typeof STATUS_NAMES];

/**
 * A Better Auth error answered as one of our codes (packages/shared/src/errors.ts): the status and message come
 * from the registry, so the auth routes say what every other route says for the same code. `message` gives a
 * more specific wording; `status` one of the code's `alsoStatus`.
 */
export function rewriteAs(
  code: ErrorCode,
  options: { message?: string; status?: ErrorStatus<ErrorCode> } = {},
): ErrorRewrite {
  const definition = ERRORS[code] as ErrorDefinition;
  const status = options.status ?? definition.status;
  const name = STATUS_NAMES[status as keyof typeof STATUS_NAMES];
  if (!name || (status !== definition.status && !definition.alsoStatus?.includes(status))) {
    throw new Error(`${code} is not answered with ${status}`);
  }
  return { status: name, code, message: options.message ?? errorMessage(code as 'INVALID_EMAIL') };
}

/** Better Auth's error codes that we answer with the product's own wording. */
export const SIGN_UP_ERRORS: Record<string, ErrorRewrite> = {
  USER_ALREADY_EXISTS: rewriteAs('EMAIL_ALREADY_REGISTERED'),
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: rewriteAs('EMAIL_ALREADY_REGISTERED'),
  INVALID_EMAIL: rewriteAs('INVALID_EMAIL'),
  PASSWORD_TOO_SHORT: rewriteAs('PASSWORD_TOO_SHORT'),
};
export const SIGN_IN_ERRORS: Record<string, ErrorRewrite> = {
  INVALID_EMAIL_OR_PASSWORD: rewriteAs('INVALID_EMAIL_OR_PASSWORD'),
  INVALID_EMAIL: rewriteAs('INVALID_EMAIL_OR_PASSWORD'),
  INVALID_PASSWORD: rewriteAs('INVALID_EMAIL_OR_PASSWORD'),
};
export const RESET_ERRORS: Record<string, ErrorRewrite> = {
  INVALID_TOKEN: rewriteAs('INVALID_TOKEN'),
  PASSWORD_TOO_SHORT: rewriteAs('PASSWORD_TOO_SHORT'),
};

export const WORKSPACE_CREATE_ERRORS: Record<string, ErrorRewrite> = {
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION: rewriteAs('WORKSPACE_CREATION_CLOSED'),
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
  const { status, code, message } = rewriteAs('EMAIL_ALREADY_REGISTERED');
  return new APIError(status, { code, message });
}
