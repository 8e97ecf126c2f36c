/**
 * Better Auth, configured for Relaycast: e-mail and password, verification and reset mail, sessions, the
 * workspace (organization) made at sign-up, and the product's own wording for its errors.
 * Over 300 lines on purpose: Better Auth takes its whole configuration as one object, and its hooks refer to
 * each other.
 */
import {
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_EXPIRES_IN_SECONDS,
  signInSchema,
  signUpSchema,
} from '@relaycast/shared/auth';
import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { organization } from 'better-auth/plugins/organization';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema/index';
import { hashPassword, verifyPassword } from '../../lib/password-hashing';
import { ACCEPTED_ORIGIN_HEADER, ownHostPatterns } from '../../lib/request-origin';
import type { Mailer } from '../mail/mailer';
import { createPersonalWorkspace, findDefaultWorkspaceId } from '../workspaces/workspaces.service';
import {
  assertValid,
  emailAlreadyRegistered,
  RESET_ERRORS,
  rewriteError,
  SIGN_IN_ERRORS,
  SIGN_UP_ERRORS,
  WORKSPACE_CREATE_ERRORS,
} from './auth-errors';
import { assertAuthInput } from './auth-input';
import { withContextsOffBetweenCalls } from './better-auth-contexts';
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
import {
  assertSecondStepCode,
  isSecondStepPath,
  requiresSecondStep,
  secondStepUserEmail,
  TWO_FACTOR_ERRORS,
  twoFactorOptions,
} from './two-factor';

export const AUTH_BASE_PATH = '/api/auth';

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

/**
 * A sign-in attempt between the before and after hooks: its reservation, the device it came from and, for the
 * second step (a code after the password), the account's e-mail.
 */
interface PendingSignIn {
  reservationId: number;
  device: string | null;
  email: string;
}

type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

// function-budget: better-auth's one configuration (plugins, hooks, mail callbacks), read as one object
export function createAuth({ db, config, log, passwordReset }: AuthDeps) {
  const pendingSignIns = new WeakMap<Request, PendingSignIn>();
  const secureCookies = config.publicUrl.startsWith('https://');

  /** A sign-in that is done (password, and the code when asked): the count starts afresh on this device. */
  async function completeSignIn(ctx: AuthHookContext, device: string | null, email: string) {
    await clearLoginFailures(db, email, device);
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

  /**
   * Counts a password or code attempt toward the e-mail's and the device's lock-out, or refuses it with 429
   * while locked; the after hook keeps or releases the reservation.
   */
  async function reserveOrRefuse(ctx: AuthHookContext, email: string) {
    const device = knownDeviceFor(config.appSecret, ctx.getCookie(KNOWN_DEVICE_COOKIE), email);
    const ip = ctx.request?.headers.get('x-forwarded-for') ?? null;
    const reservation = await reserveLoginAttempt(db, email, device, ip);
    if (!reservation.allowed) {
      throw new APIError(
        'TOO_MANY_REQUESTS',
        {
          code: 'TOO_MANY_ATTEMPTS',
          message: AUTH_MESSAGES.tooManyAttempts,
          retryAfterSeconds: reservation.retryAfterSeconds,
        },
        { 'retry-after': String(reservation.retryAfterSeconds) },
      );
    }
    if (ctx.request) pendingSignIns.set(ctx.request, { reservationId: reservation.id, device, email });
  }

  const auth = betterAuth({
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
        twoFactors: schema.twoFactors,
      },
    }),
    plugins: [
      // Workspaces with roles (owner, admin, member). Each user gets a personal one at sign-up.
      organization({
        // Every user works in their personal workspace; creating more (each with fresh plan limits) waits for
        // teams and owner-wide limits (docs/decisions/0044-workspaces.md).
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
      // TOTP with backup codes and "trust this device" (modules/auth/two-factor.ts, docs/security.md).
      twoFactor(twoFactorOptions),
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
      // Better Auth's scrypt; the tests' setup lowers its cost (lib/password-hashing.ts).
      password: { hash: hashPassword, verify: verifyPassword },
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
            // With Stripe, a plan is bought at Checkout: the one picked on the pricing page is not granted here.
            await createPersonalWorkspace(db, user, config.stripe ? null : chosenPlan);
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
          await reserveOrRefuse(ctx, String(ctx.body.email));
        } else if (isSecondStepPath(ctx.path)) {
          assertSecondStepCode(ctx);
          // The code typed after the password counts toward the same lock-out as the password.
          const email = await secondStepUserEmail(ctx, db);
          if (email) await reserveOrRefuse(ctx, email);
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
          const pending = ctx.request ? pendingSignIns.get(ctx.request) : undefined;
          if (isAPIError(returned)) {
            // A wrong password stays counted; any other failure checked no password and is released.
            if (pending && returned.statusCode !== 401) await releaseLoginAttempt(db, pending.reservationId);
            rewriteError(returned, SIGN_IN_ERRORS);
          } else if (await requiresSecondStep(ctx)) {
            // The password was right, yet the sign-in is not done: earlier failures stay counted until the
            // code is right too, so signing in again never buys fresh guesses at the code.
            if (pending) await releaseLoginAttempt(db, pending.reservationId);
          } else {
            const email = pending?.email ?? String(ctx.body?.email ?? '');
            if (email) await completeSignIn(ctx, pending?.device ?? null, email);
          }
        } else if (isSecondStepPath(ctx.path)) {
          const pending = ctx.request ? pendingSignIns.get(ctx.request) : undefined;
          if (isAPIError(returned)) {
            // A wrong code stays counted like a wrong password; a refusal that checked no code is released.
            const code = (returned.body as { code?: string } | undefined)?.code ?? '';
            const wasGuess = code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE';
            if (pending && !wasGuess) await releaseLoginAttempt(db, pending.reservationId);
            rewriteError(returned, TWO_FACTOR_ERRORS);
          } else if (pending) {
            await completeSignIn(ctx, pending.device, pending.email);
          }
        } else if (ctx.path.startsWith('/two-factor/')) {
          rewriteError(returned, TWO_FACTOR_ERRORS);
        } else if (ctx.path === '/organization/create') {
          rewriteError(returned, WORKSPACE_CREATE_ERRORS);
        } else if (ctx.path === '/reset-password') {
          rewriteError(returned, RESET_ERRORS);
        }
      }),
    },
  });
  // Its AsyncLocalStorage instances are switched off between its calls (docs/decisions/0133).
  return withContextsOffBetweenCalls(auth);
}

export type Auth = ReturnType<typeof createAuth>;
