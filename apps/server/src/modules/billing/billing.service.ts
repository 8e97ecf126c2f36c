import {
  BILLING_MESSAGES,
  type BillingStatusView,
  type CheckoutRequest,
  isBillingStatus,
  PLAN_KEEPING_STATUSES,
} from '@relaycast/shared/billing';
import { roleCan } from '@relaycast/shared/roles';
import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { workspaces } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';

/**
 * Choosing a plan and managing it through Stripe (docs/decisions/0046-stripe-billing.md): the billing card's
 * status, a Checkout Session to subscribe, a Customer Portal session to change or cancel. Only the owner
 * (the `billing` permission) may start either; every query is scoped to the caller's workspace.
 */

/** Stripe refuses a subscription trial that ends sooner than this. */
const TRIAL_END_MIN_MS = 48 * 60 * 60 * 1000 + 60_000;

export interface BillingDeps {
  db: Db;
  config: Config;
  /** Undefined when the server has no Stripe keys. */
  stripe: Stripe | undefined;
  log?: { warn(obj: unknown, msg?: string): void };
}

async function readBilling(db: Db, workspaceId: string) {
  const [row] = await db
    .select({
      plan: workspaces.plan,
      stripeCustomerId: workspaces.stripeCustomerId,
      billingStatus: workspaces.billingStatus,
      billingInterval: workspaces.billingInterval,
      currentPeriodEnd: workspaces.currentPeriodEnd,
      cancelAtPeriodEnd: workspaces.cancelAtPeriodEnd,
      trialEndsAt: workspaces.trialEndsAt,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!row) throw new AppError('NOT_FOUND', { message: BILLING_MESSAGES.workspaceNotFound });
  return row;
}

export async function billingStatus(deps: BillingDeps, caller: Caller): Promise<BillingStatusView> {
  const row = await readBilling(deps.db, caller.workspaceId);
  return {
    billingMode: deps.config.billingMode,
    stripeEnabled: deps.stripe !== undefined,
    canManage: roleCan(caller.role, 'billing'),
    plan: row.plan,
    interval: row.billingInterval,
    status: isBillingStatus(row.billingStatus) ? row.billingStatus : null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    hasCustomer: row.stripeCustomerId !== null,
  };
}

/** Checkout and the portal are the owner's (their routes declare `billing`); they need Stripe's keys. */
function requireStripe(deps: BillingDeps): Stripe {
  if (!deps.stripe || !deps.config.stripe) {
    throw new AppError('BILLING_NOT_CONFIGURED');
  }
  return deps.stripe;
}

/** Stripe's failures (network, its 4xx/5xx) become one 502 the user can act on; the details go to the log. */
async function callStripe<T>(deps: BillingDeps, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    deps.log?.warn({ err }, `Stripe: ${what} failed`);
    throw new AppError('BILLING_PROVIDER_UNAVAILABLE');
  }
}

/** The workspace's Stripe customer, made once (an idempotency key and a guarded update keep it to one). */
async function ensureCustomer(deps: BillingDeps, stripe: Stripe, caller: Caller): Promise<string> {
  const row = await readBilling(deps.db, caller.workspaceId);
  if (row.stripeCustomerId) return row.stripeCustomerId;
  const customer = await callStripe(deps, 'customers.create', () =>
    stripe.customers.create(
      {
        email: caller.email,
        name: caller.workspaceName,
        metadata: { workspace_id: caller.workspaceId },
      },
      { idempotencyKey: `relaycast-customer-${caller.workspaceId}` },
    ),
  );
  await deps.db
    .update(workspaces)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(workspaces.id, caller.workspaceId), isNull(workspaces.stripeCustomerId)));
  const again = await readBilling(deps.db, caller.workspaceId);
  return again.stripeCustomerId ?? customer.id;
}

/** A Checkout Session for the plan and period; the browser goes to its URL and comes back to /usage. */
export async function startCheckout(
  deps: BillingDeps,
  caller: Caller,
  input: CheckoutRequest,
  linkBase: string,
  now = new Date(),
): Promise<{ url: string }> {
  const stripe = requireStripe(deps);
  const settings = deps.config.stripe!;
  const row = await readBilling(deps.db, caller.workspaceId);
  if (isBillingStatus(row.billingStatus) && PLAN_KEEPING_STATUSES.includes(row.billingStatus)) {
    throw new AppError('ALREADY_SUBSCRIBED');
  }
  const customer = await ensureCustomer(deps, stripe, caller);
  // Chosen during the trial, the first charge waits for its end (Stripe wants that at least 48 hours away).
  const trialEnd =
    row.trialEndsAt && row.trialEndsAt.getTime() - now.getTime() > TRIAL_END_MIN_MS ? row.trialEndsAt : null;
  const session = await callStripe(deps, 'checkout.sessions.create', () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: caller.workspaceId,
      line_items: [{ price: settings.prices[input.plan][input.interval], quantity: 1 }],
      success_url: `${linkBase}/usage?checkout=success`,
      cancel_url: `${linkBase}/usage?checkout=cancelled`,
      metadata: { workspace_id: caller.workspaceId, plan: input.plan, interval: input.interval },
      subscription_data: {
        metadata: { workspace_id: caller.workspaceId },
        ...(trialEnd ? { trial_end: Math.floor(trialEnd.getTime() / 1000) } : {}),
      },
    }),
  );
  if (!session.url) throw new AppError('BILLING_PROVIDER_UNAVAILABLE');
  return { url: session.url };
}

/** A Customer Portal session (change plan, card, cancel); it returns to /usage. */
export async function openPortal(
  deps: BillingDeps,
  caller: Caller,
  linkBase: string,
): Promise<{ url: string }> {
  const stripe = requireStripe(deps);
  const row = await readBilling(deps.db, caller.workspaceId);
  if (!row.stripeCustomerId) throw new AppError('NOT_FOUND', { message: BILLING_MESSAGES.noCustomer });
  const customer = row.stripeCustomerId;
  const session = await callStripe(deps, 'billingPortal.sessions.create', () =>
    stripe.billingPortal.sessions.create({ customer, return_url: `${linkBase}/usage` }),
  );
  return { url: session.url };
}
