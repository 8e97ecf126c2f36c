import {
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_EXPIRES_IN_SECONDS,
  signInSchema,
  signUpSchema,
} from '@relaycast/shared/auth';
import { AUTH_MESSAGES, ERROR_CODES } from '@relaycast/shared/messages';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { organization } from 'better-auth/plugins/organization';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodType } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema/index';
import { ACCEPTED_ORIGIN_HEADER, ownHostPatterns } from '../../lib/request-origin';
import type { Mailer } from '../mail/mailer';
import { createPersonalWorkspace, findDefaultWorkspaceId } from '../workspaces/workspaces.service';
import { assertAuthInput } from './auth-input';
import {
  KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_MAX_AGE_SECONDS,
  knownDeviceCookie,
  knownDeviceFor,
} from './known-device';
import {
  clearAllLoginFailures,
  clearLoginFailures,
  releaseLoginAttempt,
  reserveLoginAttempt,
} from './login-lockout.service';
import type { PasswordReset } from './password-reset';
import { creditReferrer, generateInviteCode, resolveReferralCode } from './referrals.service';

export const AUTH_BASE_PATH = '/api/auth';

type ErrorRewrite = {
  status: 'CONFLICT' | 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN';
  code: string;
  message: string;
};

/** Better Auth's error codes that we answer with the product's own wording. */
const SIGN_UP_ERRORS: Record<string, ErrorRewrite> = {
  USER_ALREADY_EXISTS: {
    status: 'CONFLICT',
    code: ERROR_CODES.emailAlreadyRegistered,
    message: AUTH_MESSAGES.emailAlreadyRegistered,
  },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    status: 'CONFLICT',
    code: ERROR_CODES.emailAlreadyRegistered,
    message: AUTH_MESSAGES.emailAlreadyRegistered,
  },
  INVALID_EMAIL: {
    status: 'BAD_REQUEST',
    code: ERROR_CODES.invalidEmail,
    message: AUTH_MESSAGES.invalidEmail,
  },
  PASSWORD_TOO_SHORT: {
    status: 'BAD_REQUEST',
    code: ERROR_CODES.passwordTooShort,
    message: AUTH_MESSAGES.passwordTooShort,
  },
};
const SIGN_IN_ERRORS: Record<string, ErrorRewrite> = {
  INVALID_EMAIL_OR_PASSWORD: {
    status: 'UNAUTHORIZED',
    code: ERROR_CODES.invalidCredentials,
    message: AUTH_MESSAGES.invalidCredentials,
  },
  INVALID_EMAIL: {
    status: 'UNAUTHORIZED',
    code: ERROR_CODES.invalidCredentials,
    message: AUTH_MESSAGES.invalidCredentials,
  },
  INVALID_PASSWORD: {
    status: 'UNAUTHORIZED',
    code: ERROR_CODES.invalidCredentials,
    message: AUTH_MESSAGES.invalidCredentials,
  },
};
const RESET_ERRORS: Record<string, ErrorRewrite> = {
  INVALID_TOKEN: {
    status: 'BAD_REQUEST',
    code: ERROR_CODES.invalidToken,
    message: AUTH_MESSAGES.resetInvalidToken,
  },
  PASSWORD_TOO_SHORT: {
    status: 'BAD_REQUEST',
    code: ERROR_CODES.passwordTooShort,
    message: AUTH_MESSAGES.passwordTooShort,
  },
};

const WORKSPACE_CREATE_ERRORS: Record<string, ErrorRewrite> = {
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION: {
    status: 'FORBIDDEN',
    code: ERROR_CODES.workspaceCreationClosed,
    message: AUTH_MESSAGES.workspaceCreationClosed,
  },
};

function codeForIssue(path: string): string {
  if (path === 'email') return ERROR_CODES.invalidEmail;
  if (path === 'password') return ERROR_CODES.passwordTooShort;
  return ERROR_CODES.validation;
}

/** Validates a request body against the shared schema, so the form and the server give the same message. */
function assertValid(schemaToCheck: ZodType, body: unknown): void {
  const result = schemaToCheck.safeParse(body ?? {});
  if (result.success) return;
  const issue = result.error.issues[0];
  const path = issue?.path.join('.') ?? '';
  throw new APIError('BAD_REQUEST', {
    code: codeForIssue(path),
    message: issue?.message ?? AUTH_MESSAGES.signUpFallback,
  });
}

function rewriteError(returned: unknown, table: Record<string, ErrorRewrite>) {
  if (!isAPIError(returned)) return;
  const code = (returned.body as { code?: string } | undefined)?.code ?? '';
  const mapped = table[code];
  if (mapped) throw new APIError(mapped.status, { code: mapped.code, message: mapped.message });
}

function emailAlreadyRegistered() {
  return new APIError('CONFLICT', {
    code: ERROR_CODES.emailAlreadyRegistered,
    message: AUTH_MESSAGES.emailAlreadyRegistered,
  });
}

async function isEmailRegistered(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, normalizeEmail(email)))
    .limit(1);
  return row !== undefined;
}

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  passwordReset: PasswordReset;
}

/** A sign-in attempt between the before and after hooks: its reservation and the device it came from. */
interface PendingSignIn {
  reservationId: number;
  device: string | null;
}

export function createAuth({ db, config, log, passwordReset }: AuthDeps) {
  const pendingSignIns = new WeakMap<Request, PendingSignIn>();
  const secureCookies = config.publicUrl.startsWith('https://');
  return betterAuth({
    appName: 'Relaycast',
    // PUBLIC_URL set: the one address. Unset: the address of each request when it names this machine, so
    // links and redirects lead back where the user is (lib/request-origin.ts, docs/decisions/0018).
    baseURL: config.publicUrlConfigured
      ? config.publicUrl
      : { allowedHosts: ownHostPatterns(config.port), fallback: config.publicUrl, protocol: 'auto' },
    basePath: AUTH_BASE_PATH,
    secret: config.appSecret,
    // The forwarder (plugins/auth.ts) names the request's origin when it passed our own origin check.
    trustedOrigins: (request) => [...config.trustedOrigins, request?.headers.get(ACCEPTED_ORIGIN_HEADER)],
    database: drizzleAdapter(db, {
      provider: 'pg',
      usePlural: true,
      // Better Auth's model names (plural) mapped to our tables.
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
        organizations: schema.workspaces,
        members: schema.workspaceMembers,
        invitations: schema.workspaceInvitations,
      },
    }),
    plugins: [
      // Workspaces with roles (owner, admin, member). Each user gets a personal one at sign-up.
      organization({
        // Every user works in their personal workspace; creating more (each with fresh plan limits) waits for
        // teams and owner-wide limits (issue 19).
        allowUserToCreateOrganization: false,
        schema: {
          organization: {
            additionalFields: {
              plan: { type: 'string', required: false, input: false },
              trialEndsAt: { type: 'date', required: false, input: false },
            },
          },
        },
      }),
    ],
    telemetry: { enabled: false },
    // Flood protection is Fastify's rate limiter; the per-email lock-out below is ours.
    rateLimit: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        const fn = level === 'error' ? log.error : level === 'warn' ? log.warn : log.debug;
        fn.call(log, { args }, `auth: ${message}`);
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      cookiePrefix: 'relaycast',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_EXPIRES_IN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // The e-mailed reset link proves the address: it is how an owner locked out by someone else's guesses
      // gets back in at once, so it lifts the lock for every device.
      onPasswordReset: async ({ user }) => {
        await clearAllLoginFailures(db, user.email);
      },
      // Queued, not awaited: the answer must not take longer for an address that has an account.
      sendResetPassword: passwordReset.sendResetPassword,
    },
    user: {
      additionalFields: {
        referralCode: { type: 'string', required: false, input: true },
        referralCount: { type: 'number', required: false, input: false, defaultValue: 0 },
        inviteCode: { type: 'string', required: false, input: false },
        timezone: { type: 'string', required: false, input: false, defaultValue: 'UTC' },
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: {
              ...user,
              inviteCode: generateInviteCode(),
              referralCode: await resolveReferralCode(db, (user as { referralCode?: unknown }).referralCode),
              referralCount: 0,
            },
          }),
          after: async (user, context) => {
            const referralCode = (user as { referralCode?: string | null }).referralCode;
            if (referralCode) await creditReferrer(db, referralCode, user.id);
            const chosenPlan = (context?.body as { plan?: unknown } | undefined)?.plan;
            await createPersonalWorkspace(db, user, chosenPlan);
          },
        },
      },
      session: {
        create: {
          // A new session starts in the user's personal workspace.
          before: async (session) => ({
            data: { ...session, activeOrganizationId: await findDefaultWorkspaceId(db, session.userId) },
          }),
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        assertAuthInput(ctx.path, ctx.body, ctx.query);
        if (ctx.path === '/sign-up/email') {
          assertValid(signUpSchema, ctx.body);
          // Better Auth answers a duplicate with a look-alike success when auto sign-in is off; the product
          // tells the person to sign in instead, so the check comes first.
          if (await isEmailRegistered(db, String(ctx.body.email))) throw emailAlreadyRegistered();
        } else if (ctx.path === '/sign-in/email') {
          assertValid(signInSchema, ctx.body);
          const email = String(ctx.body.email);
          const device = knownDeviceFor(config.appSecret, ctx.getCookie(KNOWN_DEVICE_COOKIE), email);
          const ip = ctx.request?.headers.get('x-forwarded-for') ?? null;
          const reservation = await reserveLoginAttempt(db, email, device, ip);
          if (!reservation.allowed) {
            throw new APIError(
              'TOO_MANY_REQUESTS',
              {
                code: ERROR_CODES.tooManyAttempts,
                message: AUTH_MESSAGES.tooManyAttempts,
                retryAfterSeconds: reservation.retryAfterSeconds,
              },
              { 'retry-after': String(reservation.retryAfterSeconds) },
            );
          }
          if (ctx.request) pendingSignIns.set(ctx.request, { reservationId: reservation.id, device });
        } else if (ctx.path === '/request-password-reset') {
          await passwordReset.matchKnownAddressWork(String(ctx.body?.email ?? ''));
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        if (ctx.path === '/sign-up/email') {
          // Two sign-ups racing for one email: the loser fails on the unique index.
          if (isAPIError(returned) && (await isEmailRegistered(db, String(ctx.body?.email ?? '')))) {
            throw emailAlreadyRegistered();
          }
          rewriteError(returned, SIGN_UP_ERRORS);
        } else if (ctx.path === '/sign-in/email') {
          const email = String(ctx.body?.email ?? '');
          const pending = ctx.request ? pendingSignIns.get(ctx.request) : undefined;
          if (isAPIError(returned)) {
            // A wrong password stays counted; any other failure checked no password and is released.
            if (pending && returned.statusCode !== 401) await releaseLoginAttempt(db, pending.reservationId);
            rewriteError(returned, SIGN_IN_ERRORS);
          } else if (email) {
            await clearLoginFailures(db, email, pending?.device ?? null);
            ctx.setCookie(
              KNOWN_DEVICE_COOKIE,
              knownDeviceCookie(config.appSecret, ctx.getCookie(KNOWN_DEVICE_COOKIE), email),
              {
                httpOnly: true,
                sameSite: 'lax',
                secure: secureCookies,
                path: '/',
                maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS,
              },
            );
          }
        } else if (ctx.path === '/organization/create') {
          rewriteError(returned, WORKSPACE_CREATE_ERRORS);
        } else if (ctx.path === '/reset-password') {
          rewriteError(returned, RESET_ERRORS);
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
