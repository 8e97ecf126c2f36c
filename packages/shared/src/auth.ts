import { z } from 'zod';
import { AUTH_MESSAGES } from './messages';
import { nameSchema } from './names';
import { BILLING_MODES, PLAN_IDS } from './plans';

export const PASSWORD_MIN_LENGTH = 6;
/** Better Auth's default upper bound; longer passwords are refused rather than silently truncated. */
export const PASSWORD_MAX_LENGTH = 128;

/** Failed sign-ins allowed for one email inside the window before further attempts are refused. */
export const LOGIN_MAX_FAILED_ATTEMPTS = 5;
export const LOGIN_LOCKOUT_WINDOW_MINUTES = 15;
export const PASSWORD_RESET_EXPIRES_IN_SECONDS = 60 * 60;

const email = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.invalidEmail)
  .pipe(z.email({ message: AUTH_MESSAGES.invalidEmail }));

const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`);

/** A person's display name (sign-up, Better Auth's update-user): the one name rule of names.ts. */
export const USER_NAME_MAX = 120;
export const userNameSchema = nameSchema({
  max: USER_NAME_MAX,
  required: AUTH_MESSAGES.nameRequired,
  tooLong: AUTH_MESSAGES.nameTooLong,
});

export const signUpSchema = z.object({
  name: userNameSchema,
  email,
  password: newPassword,
  referralCode: z.string().trim().max(64).optional(),
  /** The plan picked on the pricing page; its limits apply from the start of the trial. */
  plan: z.enum(PLAN_IDS, { message: 'Please choose one of the plans on the pricing page.' }).optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email,
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The profile the API returns for the signed-in user (`GET /api/me`). */
export const userProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  referralCode: z.string().nullable(),
  referralCount: z.number().int(),
  inviteCode: z.string(),
  createdAt: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** The workspace the signed-in user works in (`GET /api/workspaces/current`). */
export const currentWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  /** The signed-in user's id: with `role`, what the web needs to offer only the actions the server allows. */
  userId: z.string(),
  plan: z.enum(PLAN_IDS).nullable(),
  /** The plan whose limits apply now (Standard during a trial without a chosen plan). */
  effectivePlan: z.enum(PLAN_IDS),
  trialEndsAt: z.string().nullable(),
  /** On a trial that has not ended (managed billing, no plan chosen). */
  isTrial: z.boolean(),
  billingMode: z.enum(BILLING_MODES),
  trialDaysLeft: z.number().int(),
  /** Trial over without a plan: posts can be saved as drafts, not scheduled or published. */
  publishingBlocked: z.boolean(),
  publishingBlockedReason: z.string().nullable(),
  /** Stripe could not charge the last invoice (past due): the plan holds while Stripe retries (billing). */
  paymentFailed: z.boolean(),
});
export type CurrentWorkspace = z.infer<typeof currentWorkspaceSchema>;

/** Turns free text into the canonical form stored for emails (lookups are case-insensitive). */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
