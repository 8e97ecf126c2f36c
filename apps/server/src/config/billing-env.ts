import { normalizeEmail } from '@relaycast/shared/auth';
import { BILLING_PERIODS, type BillingPeriod, PLAN_IDS, type PlanId } from '@relaycast/shared/plans';
import { z } from 'zod';

/**
 * The billing settings of the environment (docs/decisions/0046-stripe-billing.md), read by env.ts:
 * Stripe's keys and one price id per plan and billing period, and the instance administrators.
 */

const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** `STRIPE_PRICE_STANDARD_MONTHLY` … `STRIPE_PRICE_ENTREPRENEUR_ANNUAL`. */
export function priceEnvName(plan: PlanId, period: BillingPeriod): string {
  return `STRIPE_PRICE_${plan.toUpperCase()}_${period.toUpperCase()}`;
}

const PRICE_ENV_NAMES = PLAN_IDS.flatMap((plan) =>
  BILLING_PERIODS.map((period) => priceEnvName(plan, period)),
);

export const billingEnvShape = {
  /** Billing through Stripe (docs/decisions/0046-stripe-billing.md): set, billing is "managed" (trial, then a chosen plan); unset, "self-hosted". */
  STRIPE_SECRET_KEY: optional,
  /** The signing secret of the webhook endpoint (`whsec_…`) that points at /api/billing/webhook. */
  STRIPE_WEBHOOK_SECRET: optional,
  /** Replaces https://api.stripe.com (the local fake in tests and e2e). */
  STRIPE_API_BASE: optional.refine(
    (value) => value === undefined || value.startsWith('http://') || value.startsWith('https://'),
    { message: 'must start with http:// or https://' },
  ),
  ...Object.fromEntries(PRICE_ENV_NAMES.map((name) => [name, optional])),
  /** Comma-separated e-mails of the instance administrators (the /admin page). */
  ADMIN_EMAILS: optional,
} as Record<string, typeof optional>;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The Stripe Price id of each plan and billing period. */
  prices: Record<PlanId, Record<BillingPeriod, string>>;
  /** Undefined: Stripe's own API. */
  apiBase: string | undefined;
}

/**
 * Stripe's settings when STRIPE_SECRET_KEY is set, with the problems that stop the server at start: a managed
 * server without the webhook secret or a price would take payments it never hears about, or offer a plan
 * nobody can buy.
 */
export function readBillingEnv(env: Record<string, unknown>): {
  stripe: StripeSettings | undefined;
  adminEmails: string[];
  problems: string[];
} {
  const read = (name: string) => env[name] as string | undefined;
  const adminEmails = (read('ADMIN_EMAILS') ?? '')
    .split(',')
    .map((email) => email.trim())
    .filter(Boolean)
    .map(normalizeEmail);
  const secretKey = read('STRIPE_SECRET_KEY');
  // BILLING_MODE=self-hosted turns Stripe off even with a key: plans are the administrator's then.
  if (!secretKey || read('BILLING_MODE') === 'self-hosted')
    return { stripe: undefined, adminEmails, problems: [] };
  const problems: string[] = [];
  const webhookSecret = read('STRIPE_WEBHOOK_SECRET');
  if (!webhookSecret) problems.push('STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY');
  const prices = Object.fromEntries(
    PLAN_IDS.map((plan) => [
      plan,
      Object.fromEntries(
        BILLING_PERIODS.map((period) => {
          const value = read(priceEnvName(plan, period));
          if (!value) problems.push(`${priceEnvName(plan, period)}: required with STRIPE_SECRET_KEY`);
          return [period, value ?? ''];
        }),
      ),
    ]),
  ) as StripeSettings['prices'];
  return {
    stripe: { secretKey, webhookSecret: webhookSecret ?? '', prices, apiBase: read('STRIPE_API_BASE') },
    adminEmails,
    problems,
  };
}
