import { z } from 'zod';

/**
 * The first-run checklist on /dashboard (`GET /api/onboarding`, `PUT /api/onboarding`). Each step is done only
 * when the database says so for the caller's workspace; the server derives it, the browser only shows it.
 */

export const ONBOARDING_STEP_IDS = ['account', 'post', 'ai', 'live'] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEP_IDS)[number];

/** A user is greeted "Welcome" (not "Welcome back") while their account is younger than this. */
export const NEW_USER_HOURS = 24;

export const onboardingStepSchema = z.object({
  id: z.enum(ONBOARDING_STEP_IDS),
  done: z.boolean(),
});
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

export const onboardingSchema = z.object({
  /** True while the account is younger than NEW_USER_HOURS: the dashboard says "Welcome", not "Welcome back". */
  isNewUser: z.boolean(),
  /** The user hid the checklist (kept per user). */
  dismissed: z.boolean(),
  /** Whether this user may set the workspace's AI provider (owner or admin); others are told to ask the owner. */
  canSetAiProvider: z.boolean(),
  steps: z.array(onboardingStepSchema),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

export const onboardingInputSchema = z.object({ dismissed: z.boolean() });
export type OnboardingInput = z.infer<typeof onboardingInputSchema>;

/** What each step says on the dashboard, and where it leads. */
export const ONBOARDING_TEXT = {
  heading: 'Get started',
  intro: 'Four steps to your first post and your first stream.',
  dismiss: 'Hide checklist',
  show: 'Show the getting-started checklist',
  allDone: 'You are all set: every step is done.',
  done: 'Done',
  steps: {
    account: { title: 'Connect a first account', action: 'Connect an account', to: '/connected-accounts' },
    post: { title: 'Write and schedule a first post', action: 'Write a post', to: '/post-composer' },
    ai: { title: 'Set the AI provider', action: 'Open Settings', to: '/settings' },
    aiMember: {
      title: 'AI provider',
      pending: 'Your workspace owner sets it in Settings; ask them to turn on the AI assistant.',
    },
    live: { title: 'Go live once', action: 'Open the studio', to: '/streaming' },
  },
} as const;
