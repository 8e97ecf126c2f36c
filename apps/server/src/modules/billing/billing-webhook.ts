import {
  BILLING_MESSAGES,
  type BillingStatus,
  isBillingStatus,
  PLAN_KEEPING_STATUSES,
} from '@relaycast/shared/billing';
import { BILLING_PERIODS, type BillingPeriod, PLAN_IDS, type PlanId } from '@relaycast/shared/plans';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { StripeSettings } from '../../config/billing-env';
import type { Db } from '../../db/client';
import { billingEvents, workspaces } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { findInputProblem, inputProblemError } from '../../lib/input-problems';
import type { BillingDeps } from './billing.service';
import { setWorkspacePlan } from './plan-change';
import { WEBHOOK_TOLERANCE_SECONDS } from './stripe-client';

/**
 * Stripe's webhooks (docs/decisions/0046-stripe-billing.md). The signature (`Stripe-Signature: t=…,v1=…`, an
 * HMAC-SHA256 of `${t}.${body}` with the endpoint's secret, at most five minutes old) is checked on the raw
 * body; the event id is stored in the same transaction as its effect, so a replay is a no-op; each workspace
 * remembers the `created` of the newest event applied, so an older event arriving late changes nothing.
 *
 * Handled: checkout.session.completed, customer.subscription.created/updated/deleted, invoice.paid and
 * invoice.payment_failed. Whatever the event, what is applied is a subscription's state: the event's own
 * object for customer.subscription.*, else the subscription fetched from Stripe.
 */

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export type WebhookOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored';

/** The part of a Stripe event the handler reads; checked after the signature like any input (decision 0060). */
export const stripeEventEnvelopeSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  // Seconds since 1970, as Stripe sends it; bounded so that it is a date the database can store (year 9999 at most).
  created: z.number().int().min(0).max(253_402_300_799),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

interface EventEnvelope {
  id: string;
  type: string;
  created: number;
  object: Record<string, unknown>;
}

/** Verifies the signature and the envelope; a 400 for anything else, never a 500. */
function verify(stripe: Stripe, secret: string, raw: Buffer, signature: string | undefined, now: Date) {
  if (!signature) throw new AppError('INVALID_WEBHOOK_SIGNATURE');
  let event: unknown;
  try {
    event = stripe.webhooks.constructEvent(
      raw,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      now.getTime(), // milliseconds: the SDK divides by 1000
    );
  } catch (err) {
    const badJson = err instanceof SyntaxError;
    throw new AppError('INVALID_WEBHOOK_SIGNATURE', {
      message: badJson ? BILLING_MESSAGES.invalidEvent : BILLING_MESSAGES.invalidSignature,
    });
  }
  // The body was read raw for the signature, so the input guard never saw it: the same rule, here (0060).
  const problem = findInputProblem(event);
  if (problem) throw inputProblemError(problem);
  const envelope = stripeEventEnvelopeSchema.safeParse(event);
  if (!envelope.success) {
    throw new AppError('INVALID_WEBHOOK_SIGNATURE', { message: BILLING_MESSAGES.invalidEvent });
  }
  const { id, type, created, data } = envelope.data;
  return { id, type, created, object: data.object };
}

const idOf = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string'
      ? (value as { id: string }).id
      : undefined;

/** The subscription an invoice belongs to (`parent.subscription_details` since 2025, `subscription` before). */
function invoiceSubscriptionId(invoice: Record<string, unknown>): string | undefined {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return idOf(parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
}

interface SubscriptionState {
  id: string;
  customer: string | undefined;
  status: BillingStatus;
  priceId: string | undefined;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  workspaceIdHint: string | undefined;
}

function subscriptionState(sub: Record<string, unknown>): SubscriptionState | null {
  const id = idOf(sub);
  if (!id || !isBillingStatus(sub.status)) return null;
  const item = (sub.items as { data?: Record<string, unknown>[] } | undefined)?.data?.[0];
  // current_period_end moved from the subscription to its items in Stripe's 2025 API versions.
  const periodEnd = (sub.current_period_end ?? item?.current_period_end) as unknown;
  const metadata = sub.metadata as Record<string, unknown> | undefined;
  return {
    id,
    customer: idOf(sub.customer),
    status: sub.status,
    priceId: idOf(item?.price),
    currentPeriodEnd: typeof periodEnd === 'number' ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end === true,
    workspaceIdHint: typeof metadata?.workspace_id === 'string' ? metadata.workspace_id : undefined,
  };
}

/** The plan and period a Stripe price id stands for (STRIPE_PRICE_<PLAN>_<PERIOD>). */
export function planOfPrice(
  settings: StripeSettings,
  priceId: string | undefined,
): { plan: PlanId; interval: BillingPeriod } | undefined {
  for (const plan of PLAN_IDS) {
    for (const interval of BILLING_PERIODS) {
      if (priceId && settings.prices[plan][interval] === priceId) return { plan, interval };
    }
  }
  return undefined;
}

/** What to apply, and to which workspace (found by the Stripe customer, else the id Relaycast sent along). */
async function subscriptionOf(
  deps: BillingDeps,
  stripe: Stripe,
  event: EventEnvelope,
): Promise<{ state: SubscriptionState; workspaceHint: string | undefined } | null> {
  const { object } = event;
  if (event.type.startsWith('customer.subscription.')) {
    const state = subscriptionState(object);
    return state ? { state, workspaceHint: state.workspaceIdHint } : null;
  }
  const subscriptionId =
    event.type === 'checkout.session.completed' ? idOf(object.subscription) : invoiceSubscriptionId(object);
  if (!subscriptionId) return null;
  let fetched: Record<string, unknown>;
  try {
    fetched = (await stripe.subscriptions.retrieve(subscriptionId)) as unknown as Record<string, unknown>;
  } catch (err) {
    deps.log?.warn({ err }, 'Stripe: subscriptions.retrieve failed');
    // A 503 makes Stripe deliver the event again later; the event id was not stored.
    throw new AppError('BILLING_PROVIDER_UNAVAILABLE', { status: 503 });
  }
  const state = subscriptionState(fetched);
  if (!state) return null;
  if (event.type === 'invoice.payment_failed' && state.status === 'active') state.status = 'past_due';
  if (event.type === 'invoice.paid' && (state.status === 'past_due' || state.status === 'unpaid')) {
    state.status = 'active';
  }
  const reference = event.type === 'checkout.session.completed' ? object.client_reference_id : undefined;
  return { state, workspaceHint: typeof reference === 'string' ? reference : state.workspaceIdHint };
}

async function findWorkspace(tx: Db, customer: string | undefined, hint: string | undefined) {
  const columns = {
    id: workspaces.id,
    stripeCustomerId: workspaces.stripeCustomerId,
    stripeSubscriptionId: workspaces.stripeSubscriptionId,
    billingStatus: workspaces.billingStatus,
    billingEventAt: workspaces.billingEventAt,
    plan: workspaces.plan,
    trialEndsAt: workspaces.trialEndsAt,
  };
  if (customer) {
    const [byCustomer] = await tx
      .select(columns)
      .from(workspaces)
      .where(eq(workspaces.stripeCustomerId, customer))
      .for('update');
    if (byCustomer) return byCustomer;
  }
  if (!hint) return undefined;
  const [byId] = await tx.select(columns).from(workspaces).where(eq(workspaces.id, hint)).for('update');
  // A workspace already tied to another customer is not taken over by an event naming it.
  if (!byId || (byId.stripeCustomerId !== null && byId.stripeCustomerId !== customer)) return undefined;
  return byId;
}

/** Verifies, records and applies one delivery. */
export async function handleStripeWebhook(
  deps: BillingDeps,
  raw: Buffer,
  signature: string | undefined,
  now = new Date(),
): Promise<WebhookOutcome> {
  const settings = deps.config.stripe;
  const stripe = deps.stripe;
  if (!settings || !stripe) {
    throw new AppError('BILLING_NOT_CONFIGURED', { status: 404 });
  }
  const event = verify(stripe, settings.webhookSecret, raw, signature, now);
  const [seen] = await deps.db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(eq(billingEvents.id, event.id));
  if (seen) return 'duplicate';
  const handled = (HANDLED_EVENTS as readonly string[]).includes(event.type);
  const target = handled ? await subscriptionOf(deps, stripe, event) : null;
  const created = new Date(event.created * 1000);

  return deps.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, createdAt: created, processedAt: now })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!recorded) return 'duplicate';
    if (!target) return 'ignored';
    const { state } = target;
    const workspace = await findWorkspace(tx, state.customer, target.workspaceHint);
    if (!workspace) return 'ignored';
    await tx.update(billingEvents).set({ workspaceId: workspace.id }).where(eq(billingEvents.id, event.id));
    if (workspace.billingEventAt && created.getTime() < workspace.billingEventAt.getTime()) return 'stale';
    const keeps = PLAN_KEEPING_STATUSES.includes(state.status);
    // An old subscription's last events do not end a newer one that is running.
    const current = workspace.billingStatus;
    if (
      workspace.stripeSubscriptionId &&
      workspace.stripeSubscriptionId !== state.id &&
      !keeps &&
      isBillingStatus(current) &&
      PLAN_KEEPING_STATUSES.includes(current)
    ) {
      return 'stale';
    }
    const priced = planOfPrice(settings, state.priceId);
    if (!priced)
      deps.log?.warn({ price: state.priceId }, 'Stripe: a subscription price matches no STRIPE_PRICE_*');
    const plan = keeps ? (priced?.plan ?? workspace.plan) : null;
    await tx
      .update(workspaces)
      .set({
        stripeCustomerId: workspace.stripeCustomerId ?? state.customer ?? null,
        stripeSubscriptionId: state.id,
        billingStatus: state.status,
        billingInterval: priced?.interval ?? null,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        billingEventAt: created,
        // Paying ends the trial: a plan cancelled later leaves publishing paused, as at a trial's end.
        ...(plan && !(workspace.trialEndsAt && workspace.trialEndsAt <= now) ? { trialEndsAt: now } : {}),
      })
      .where(eq(workspaces.id, workspace.id));
    await setWorkspacePlan(tx, workspace.id, plan, now);
    return 'applied';
  });
}
