import { z } from 'zod';
import { BILLING_MODES, BILLING_PERIODS, PLAN_IDS } from './plans';

/**
 * Billing through Stripe (docs/plans-and-billing.md, docs/decisions/0046-stripe-billing.md): the
 * billing page's status, Checkout and the Customer Portal, and the instance administrator's page.
 */

/**
 * Stripe's subscription statuses we keep. `active`, `trialing` and `past_due` keep the plan (past_due is the
 * grace while Stripe retries the card); `canceled`, `unpaid` and `incomplete_expired` end it; `incomplete` was
 * never paid.
 */
export const BILLING_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

export function isBillingStatus(value: unknown): value is BillingStatus {
  return typeof value === 'string' && (BILLING_STATUSES as readonly string[]).includes(value);
}

/** Statuses whose subscription still gives its plan. */
export const PLAN_KEEPING_STATUSES: readonly BillingStatus[] = ['active', 'trialing', 'past_due'];

/** `GET /api/billing`: what the billing card shows. */
export const billingStatusSchema = z.object({
  billingMode: z.enum(BILLING_MODES),
  /** Stripe is configured on this server: Checkout and the portal can be used. */
  stripeEnabled: z.boolean(),
  /** The caller may choose a plan and manage billing (the workspace's owner). */
  canManage: z.boolean(),
  plan: z.enum(PLAN_IDS).nullable(),
  interval: z.enum(BILLING_PERIODS).nullable(),
  status: z.enum(BILLING_STATUSES).nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** A Stripe customer exists, so the portal can open. */
  hasCustomer: z.boolean(),
});
export type BillingStatusView = z.infer<typeof billingStatusSchema>;

export const checkoutRequestSchema = z.strictObject({
  plan: z.enum(PLAN_IDS),
  interval: z.enum(BILLING_PERIODS),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Checkout and the portal answer a Stripe-hosted page to send the browser to. */
export const billingRedirectSchema = z.object({ url: z.string() });

/** `GET /api/admin/workspaces`: every workspace of the instance (the administrator's page). */
export const adminWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner: z.string().nullable(),
  members: z.number().int(),
  plan: z.enum(PLAN_IDS).nullable(),
  effectivePlan: z.enum(PLAN_IDS),
  onTrial: z.boolean(),
  publishingBlocked: z.boolean(),
  billingStatus: z.enum(BILLING_STATUSES).nullable(),
  createdAt: z.string(),
});
export type AdminWorkspace = z.infer<typeof adminWorkspaceSchema>;

export const adminWorkspacesSchema = z.object({
  billingMode: z.enum(BILLING_MODES),
  workspaces: z.array(adminWorkspaceSchema),
});
export type AdminWorkspaces = z.infer<typeof adminWorkspacesSchema>;

/** `GET /api/admin/me`: whether the caller is one of this server's administrators (ADMIN_EMAILS). */
export const instanceAdminStatusSchema = z.object({ admin: z.boolean() });
export type InstanceAdminStatus = z.infer<typeof instanceAdminStatusSchema>;

export const adminSetPlanSchema = z.strictObject({ plan: z.enum(PLAN_IDS).nullable() });

export const BILLING_MESSAGES = {
  stripeNotConfigured: 'Billing is not set up on this server. Its administrator sets plans.',
  ownerOnly: 'Only the workspace owner can change the plan and billing.',
  alreadySubscribed: 'This workspace already has a subscription: change or cancel it in Manage billing.',
  noCustomer: 'Choose a plan first: there is no billing account for this workspace yet.',
  stripeUnavailable: 'The payment provider could not be reached. Try again in a moment.',
  invalidSignature: 'The webhook signature is missing, invalid or too old.',
  invalidEvent: 'The webhook payload is not a valid event.',
  paymentFailed:
    'Your last payment failed. Update your payment method in Manage billing to keep your plan; Stripe retries the charge for a few days.',
  workspaceNotFound: 'No workspace with this id.',
} as const;
