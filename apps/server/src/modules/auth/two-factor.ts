import { randomInt } from 'node:crypto';
import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import {
  BACKUP_CODE_COUNT,
  backupCodeSchema,
  TRUSTED_DEVICE_DAYS,
  TWO_FACTOR_LOCK_MINUTES,
  TWO_FACTOR_MAX_FAILED_CODES,
  totpCodeSchema,
} from '@relaycast/shared/security';
import { APIError, type createAuthMiddleware } from 'better-auth/api';
import type { TwoFactorOptions } from 'better-auth/plugins/two-factor';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { type ErrorRewrite, rewriteAs } from './auth-errors';

/**
 * Two-factor sign-in with Better Auth's `twoFactor` plugin (TOTP and backup codes; no e-mailed codes), and how
 * its second step joins the sign-in lock-out of login-lockout.service.ts (docs/decisions/0032-two-factor-and-sessions.md).
 */

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * The letters of a backup code: capitals and digits without the look-alikes 0/O, 1/I/L (read off paper or a
 * screen, a code has to survive being copied by hand). 31 symbols × 10 is about 49 bits per code.
 */
export const BACKUP_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** BACKUP_CODE_COUNT codes of the form XXXXX-XXXXX from BACKUP_CODE_ALPHABET, drawn with a CSPRNG. */
export function generateBackupCodes(): string[] {
  const draw = () =>
    Array.from({ length: 5 }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]);
  return Array.from({ length: BACKUP_CODE_COUNT }, () => `${draw().join('')}-${draw().join('')}`);
}

export const twoFactorOptions = {
  issuer: 'Relaycast',
  trustDeviceMaxAge: TRUSTED_DEVICE_DAYS * 24 * 60 * 60,
  backupCodeOptions: {
    amount: BACKUP_CODE_COUNT,
    length: 10,
    storeBackupCodes: 'encrypted',
    customBackupCodesGenerate: generateBackupCodes,
  },
  // Better Auth's own count of wrong codes in a row per account, across sign-in attempts; ours (the e-mail's
  // lock-out) counts them with wrong passwords.
  accountLockout: {
    enabled: true,
    maxFailedAttempts: TWO_FACTOR_MAX_FAILED_CODES,
    durationSeconds: TWO_FACTOR_LOCK_MINUTES * 60,
  },
} satisfies TwoFactorOptions;

/** Where a code is checked: the second step of a sign-in, or the confirmation of an enrolment. */
const SECOND_STEP_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

export function isSecondStepPath(path: string): boolean {
  return SECOND_STEP_PATHS.has(path);
}

const SECOND_STEP_CODE_RULES: Record<string, typeof totpCodeSchema | typeof backupCodeSchema> = {
  '/two-factor/verify-totp': totpCodeSchema,
  '/two-factor/verify-backup-code': backupCodeSchema,
};

/** A malformed code cannot be right: refused before it costs an attempt; a well-formed one is normalised. */
export function assertSecondStepCode(ctx: HookContext): void {
  const rule = SECOND_STEP_CODE_RULES[ctx.path];
  if (!rule) return;
  const parsed = rule.safeParse(ctx.body?.code);
  if (!parsed.success) {
    throw new APIError('UNAUTHORIZED', {
      code: 'TWO_FACTOR_CODE_INVALID',
      message: parsed.error.issues[0]?.message ?? AUTH_MESSAGES.twoFactorCodeInvalid,
    });
  }
  if (ctx.body) ctx.body.code = parsed.data;
}

/** Better Auth's two-factor error codes, answered with the product's wording. */
export const TWO_FACTOR_ERRORS: Record<string, ErrorRewrite> = {
  INVALID_CODE: rewriteAs('TWO_FACTOR_CODE_INVALID'),
  INVALID_BACKUP_CODE: rewriteAs('TWO_FACTOR_CODE_INVALID', {
    message: AUTH_MESSAGES.twoFactorBackupCodeInvalid,
  }),
  INVALID_TWO_FACTOR_COOKIE: rewriteAs('TWO_FACTOR_CHALLENGE_EXPIRED'),
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: rewriteAs('TWO_FACTOR_CHALLENGE_EXPIRED', {
    status: 400,
    message: AUTH_MESSAGES.twoFactorTooManyCodes,
  }),
  ACCOUNT_TEMPORARILY_LOCKED: rewriteAs('TOO_MANY_ATTEMPTS'),
  INVALID_PASSWORD: rewriteAs('TWO_FACTOR_PASSWORD_INVALID'),
  TOTP_ALREADY_ENABLED: rewriteAs('TWO_FACTOR_STATE', { message: AUTH_MESSAGES.twoFactorAlreadyOn }),
  TOTP_NOT_ENABLED: rewriteAs('TWO_FACTOR_STATE'),
  TWO_FACTOR_NOT_ENABLED: rewriteAs('TWO_FACTOR_STATE'),
  BACKUP_CODES_NOT_ENABLED: rewriteAs('TWO_FACTOR_STATE'),
};

/**
 * The e-mail of the account whose sign-in waits for its second step: named by the signed `two_factor` cookie
 * Better Auth set after the password. Null when the request has a session (a code confirming an enrolment,
 * not a sign-in) or no pending sign-in.
 */
export async function secondStepUserEmail(ctx: HookContext, db: Db): Promise<string | null> {
  const sessionToken = await ctx.getSignedCookie(
    ctx.context.authCookies.sessionToken.name,
    ctx.context.secret,
  );
  if (sessionToken) return null;
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!pending || pending.expiresAt.getTime() <= Date.now()) return null;
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, pending.value))
    .limit(1);
  return user?.email ?? null;
}

interface TwoFactorPluginHandle {
  shouldRequireTwoFactor?(ctx: HookContext): Promise<boolean>;
}

/** Whether a sign-in whose password was right still waits for a code (2FA on, device not trusted). */
export async function requiresSecondStep(ctx: HookContext): Promise<boolean> {
  const plugin = ctx.context.getPlugin('two-factor') as TwoFactorPluginHandle | null;
  if (plugin?.shouldRequireTwoFactor) return plugin.shouldRequireTwoFactor(ctx);
  return ctx.context.newSession?.user.twoFactorEnabled === true;
}
