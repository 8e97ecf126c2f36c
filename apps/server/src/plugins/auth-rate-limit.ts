import { normalizeEmail } from '@relaycast/shared/auth';
import { AUTH_MESSAGES, fillMessage, waitInWords } from '@relaycast/shared/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/env';
import { AppError } from '../lib/app-error';

/**
 * Better Auth endpoints where a password, an address or a one-time token is tried: the only ones limited per
 * client IP and per e-mail. Reading the session, signing out and the rest are never limited here, so a busy
 * office behind one IP is not sent to the login page (docs/decisions/0018-origins-sign-in-hardening.md).
 */
const CREDENTIAL_PATHS = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/request-password-reset',
  '/forget-password',
  '/reset-password',
  // A code after the password, and the password typed to turn two-factor on or off.
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
]);

const EMAIL_WINDOW_MS = 15 * 60 * 1000;

export function isCredentialPath(authPath: string): boolean {
  return CREDENTIAL_PATHS.has(authPath);
}

function emailOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' && email.trim() !== '' ? normalizeEmail(email) : null;
}

function refusal(seconds: number) {
  const wait = Math.max(1, Math.ceil(seconds));
  return new AppError('AUTH_RATE_LIMITED', {
    message: fillMessage(AUTH_MESSAGES.authRateLimited, { seconds: waitInWords(wait) }),
    headers: { 'retry-after': String(wait) },
  });
}

/**
 * The check run before a credential request reaches Better Auth: per IP (AUTH_RATE_LIMIT_PER_MINUTE a minute)
 * and per e-mail (AUTH_RATE_LIMIT_PER_EMAIL per 15 minutes), so neither many addresses from one IP nor one
 * address from many IPs floods sign-in, sign-up or reset e-mails. The counts live in this process (a flood
 * limit; the lock-out that guards passwords is in the database and holds across processes).
 */
export function createCredentialLimiter(app: FastifyInstance, config: Config) {
  const perIp = app.createRateLimit({
    max: config.authRateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `auth-ip:${request.ip}`,
  });
  const perEmail = app.createRateLimit({
    max: config.authRateLimitPerEmail,
    timeWindow: EMAIL_WINDOW_MS,
    keyGenerator: (request) => `auth-email:${emailOf(request.body)}`,
  });
  return async function checkCredentialLimits(request: FastifyRequest, authPath: string) {
    if (!isCredentialPath(authPath)) return;
    const byIp = await perIp(request);
    if (!byIp.isAllowed && byIp.isExceeded) throw refusal(byIp.ttlInSeconds);
    if (emailOf(request.body) === null) return;
    const byEmail = await perEmail(request);
    if (!byEmail.isAllowed && byEmail.isExceeded) throw refusal(byEmail.ttlInSeconds);
  };
}
