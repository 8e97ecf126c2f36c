/**
 * Billing through Stripe end to end through the routes, against the local fake of Stripe's API and its webhook
 * signing (docs/decisions/0046-stripe-billing.md). On PGlite and PostgreSQL. Over 300 lines on purpose: one
 * server and one fake shared by the checkout, the portal and every webhook case the issue lists.
 */
import { BILLING_MESSAGES } from '@relaycast/shared/billing';
import { INPUT_MESSAGES } from '@relaycast/shared/messages';
import { PLAN_MESSAGES } from '@relaycast/shared/plans';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser, signUp, uniqueEmail } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { StripeSettings } from '../../config/billing-env';
import { billingEvents, workspaceMembers, workspaces } from '../../db/schema/index';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { platformsConfig } from '../accounts/accounts.test-support';
import {
  connectMastodon,
  createPost,
  getPost,
  inAnHour,
  makeDue,
} from '../publishing/publishing.test-support';
import { type StripeFake, startStripeFake } from './stripe.fake';

let t: TestApp;
let stripe: StripeFake;
let mastodon: PlatformFake;
let settings: StripeSettings;

const PRICES: StripeSettings['prices'] = {
  standard: { monthly: 'price_standard_m', annual: 'price_standard_y' },
  premium: { monthly: 'price_premium_m', annual: 'price_premium_y' },
  entrepreneur: { monthly: 'price_entrepreneur_m', annual: 'price_entrepreneur_y' },
};

beforeAll(async () => {
  stripe = await startStripeFake();
  mastodon = await startMastodonFake();
  settings = {
    secretKey: stripe.secretKey,
    webhookSecret: stripe.webhookSecret,
    prices: PRICES,
    apiBase: stripe.url,
  };
  t = await createTestApp({
    config: {
      stripe: settings,
      platforms: platformsConfig({ mastodon: { baseUrl: mastodon.url } }),
      allowPrivateAddresses: true,
    },
    publishing: {
      runWorkers: false,
      engine: { retryBaseMs: 1_000, attemptTimeoutMs: 60_000 },
    },
  });
  await t.app.ready();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await mastodon?.close();
});

const now = () => Math.floor(Date.now() / 1000);

/** Delivers a payload as Stripe does; `null` sends no signature header. */
function deliver(payload: string, signature: string | null = stripe.sign(payload)) {
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
}

async function workspaceRow(id: string) {
  const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, id));
  return row!;
}

/** A user who went through Checkout's first step: the workspace has its Stripe customer. */
async function customerOf(user: SignedInUser): Promise<string> {
  const res = await user.send('POST', '/api/billing/checkout', { plan: 'premium', interval: 'monthly' });
  expect(res.statusCode, res.body).toBe(200);
  return (await workspaceRow(user.workspaceId)).stripeCustomerId!;
}

/** An active subscription on the fake and its created event delivered: the workspace is on the plan. */
async function subscribed(user: SignedInUser, price = PRICES.premium.monthly, created = now() - 100) {
  const customer = await customerOf(user);
  const sub = stripe.subscribe(customer, price);
  const res = await deliver(stripe.event('customer.subscription.created', sub, { created }));
  expect(res.statusCode, res.body).toBe(200);
  return { customer, sub };
}

describe('checkout and the customer portal', () => {
  it('creates a customer and a subscription Checkout Session with the right parameters', async () => {
    const owner = await signInAsNewUser(t, { name: 'Olga Owner' });
    const res = await owner.send('POST', '/api/billing/checkout', {
      plan: 'premium',
      interval: 'annual',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url.startsWith(`${stripe.url}/checkout/cs_test_`)).toBe(true);

    const [customerCall] = stripe.server.received('POST', '/v1/customers').slice(-1);
    expect(customerCall!.body).toMatchObject({
      email: owner.email,
      'metadata[workspace_id]': owner.workspaceId,
    });
    const [sessionCall] = stripe.server.received('POST', '/v1/checkout/sessions').slice(-1);
    const row = await workspaceRow(owner.workspaceId);
    expect(sessionCall!.body).toMatchObject({
      mode: 'subscription',
      customer: row.stripeCustomerId,
      client_reference_id: owner.workspaceId,
      'line_items[0][price]': PRICES.premium.annual,
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost:3000/usage?checkout=success',
      cancel_url: 'http://localhost:3000/usage?checkout=cancelled',
      'subscription_data[metadata][workspace_id]': owner.workspaceId,
    });
    // Chosen on the first day of the 14-day trial: the first charge waits for the trial's end.
    const trialEnd = Number(sessionCall!.body?.['subscription_data[trial_end]']);
    expect(Math.abs(trialEnd * 1000 - row.trialEndsAt!.getTime())).toBeLessThan(1000);

    // A second checkout reuses the customer.
    const customers = stripe.customers.size;
    expect(
      (await owner.send('POST', '/api/billing/checkout', { plan: 'standard', interval: 'monthly' }))
        .statusCode,
    ).toBe(200);
    expect(stripe.customers.size).toBe(customers);
    expect(stripe.server.violations).toEqual([]);
  });

  it('opens the portal for a customer, and refuses before any checkout', async () => {
    const owner = await signInAsNewUser(t, { name: 'Pia Portal' });
    const before = await owner.send('POST', '/api/billing/portal');
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toBe(BILLING_MESSAGES.noCustomer);
    const customer = await customerOf(owner);
    const res = await owner.send('POST', '/api/billing/portal');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toContain(`${stripe.url}/portal/`);
    const [call] = stripe.server.received('POST', '/v1/billing_portal/sessions').slice(-1);
    expect(call!.body).toMatchObject({ customer, return_url: 'http://localhost:3000/usage' });
  });

  it('refuses a member who is not the owner, and calls Stripe for nothing', async () => {
    const admin = await signInAsNewUser(t, { name: 'Ari Admin' });
    await t.db
      .update(workspaceMembers)
      .set({ role: 'admin' })
      .where(eq(workspaceMembers.userId, admin.userId));
    const calls = stripe.server.requests.length;
    for (const url of ['/api/billing/checkout', '/api/billing/portal']) {
      const res = await admin.send('POST', url, { plan: 'standard', interval: 'monthly' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: BILLING_MESSAGES.ownerOnly });
    }
    expect(stripe.server.requests.length).toBe(calls);
    const status = (await admin.send('GET', '/api/billing')).json();
    expect(status).toMatchObject({ canManage: false, stripeEnabled: true, billingMode: 'managed' });
  });

  it('does not grant the plan picked at sign-up: with Stripe it is bought at Checkout', async () => {
    const email = uniqueEmail('picked');
    const res = await signUp(t.app, {
      name: 'Pick Premium',
      email,
      password: 'correct-horse-battery',
      plan: 'premium',
    } as never);
    expect(res.statusCode, res.body).toBe(200);
    const [member] = await t.db
      .select({ workspaceId: workspaceMembers.organizationId })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, res.json().user.id));
    expect((await workspaceRow(member!.workspaceId)).plan).toBeNull();
  });

  it('refuses a bad plan or period with a 400', async () => {
    const owner = await signInAsNewUser(t, { name: 'Bea Bad' });
    const res = await owner.send('POST', '/api/billing/checkout', { plan: 'gold', interval: 'weekly' });
    expect(res.statusCode).toBe(400);
  });

  it('answers 502 with a message when Stripe fails, and stores nothing', async () => {
    const owner = await signInAsNewUser(t, { name: 'Fay Fail' });
    stripe.server.failNext(
      { method: 'POST', path: '/v1/customers' },
      { status: 400, body: { error: { type: 'invalid_request_error', message: 'Refused' } } },
    );
    const res = await owner.send('POST', '/api/billing/checkout', {
      plan: 'standard',
      interval: 'monthly',
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(BILLING_MESSAGES.stripeUnavailable);
    expect((await workspaceRow(owner.workspaceId)).stripeCustomerId).toBeNull();
  });
});

describe('the webhook', () => {
  it('applies a valid checkout: plan, interval, status, trial over', async () => {
    const owner = await signInAsNewUser(t, { name: 'Val Valid' });
    const customer = await customerOf(owner);
    const sub = stripe.subscribe(customer, PRICES.entrepreneur.annual, {
      metadata: { workspace_id: owner.workspaceId },
    });
    const session = {
      id: 'cs_test_x',
      object: 'checkout.session',
      customer,
      subscription: sub.id,
      client_reference_id: owner.workspaceId,
    };
    const res = await deliver(stripe.event('checkout.session.completed', session));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });
    const row = await workspaceRow(owner.workspaceId);
    expect(row).toMatchObject({
      plan: 'entrepreneur',
      billingInterval: 'annual',
      billingStatus: 'active',
      stripeSubscriptionId: sub.id,
    });
    expect(row.trialEndsAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const status = (await owner.send('GET', '/api/billing')).json();
    expect(status).toMatchObject({
      plan: 'entrepreneur',
      interval: 'annual',
      status: 'active',
      canManage: true,
      hasCustomer: true,
    });
    expect((await owner.send('GET', '/api/workspaces/current')).json()).toMatchObject({
      plan: 'entrepreneur',
      isTrial: false,
      publishingBlocked: false,
    });
  });

  it('refuses a bad signature, a missing one, another secret and an expired timestamp with 400, changing nothing', async () => {
    const owner = await signInAsNewUser(t, { name: 'Sam Sig' });
    const customer = await customerOf(owner);
    const sub = stripe.subscribe(customer, PRICES.standard.monthly);
    const payload = stripe.event('customer.subscription.created', sub);
    const tampered = payload.replace('"active"', '"trialing"');
    const cases = [
      stripe.sign(payload).replace(/v1=\w{4}/, 'v1=0000'),
      null,
      stripe.sign(payload, now(), 'whsec_someone_else'),
      stripe.sign(payload, now() - 301),
      'garbage',
    ];
    for (const signature of cases) {
      const res = await deliver(payload, signature);
      expect(res.statusCode, String(signature)).toBe(400);
      expect(res.json().message).toBe(BILLING_MESSAGES.invalidSignature);
    }
    // A body changed after signing.
    expect((await deliver(tampered, stripe.sign(payload))).statusCode).toBe(400);
    // Not JSON, but signed.
    const notJson = (await deliver('not json', stripe.sign('not json'))).json();
    expect(notJson.message).toBe(BILLING_MESSAGES.invalidEvent);
    expect((await workspaceRow(owner.workspaceId)).plan).toBeNull();
    const id = JSON.parse(payload).id as string;
    expect(await t.db.select().from(billingEvents).where(eq(billingEvents.id, id))).toHaveLength(0);
    // Within the tolerance it is accepted.
    expect((await deliver(payload, stripe.sign(payload, now() - 200))).statusCode).toBe(200);
    expect((await workspaceRow(owner.workspaceId)).plan).toBe('standard');
  });

  it('refuses a signed event carrying a NUL or a lone surrogate with 400 and the input message, storing nothing', async () => {
    const owner = await signInAsNewUser(t, { name: 'Nula Null' });
    const sub = stripe.subscribe(await customerOf(owner), PRICES.standard.monthly);
    const cases: [string, string][] = [
      [
        stripe.event('customer.subscription.created', sub, { id: 'evt_nul\u0000' }),
        INPUT_MESSAGES.nulCharacter,
      ],
      [stripe.event('invoice.paid', { id: 'in_\ud800', subscription: sub.id }), INPUT_MESSAGES.loneSurrogate],
    ];
    for (const [payload, message] of cases) {
      const res = await deliver(payload);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message });
    }
    expect((await workspaceRow(owner.workspaceId)).plan).toBeNull();
  });

  it('refuses a signed event whose time is no date (out of range, negative, fractional) with 400, storing nothing', async () => {
    const owner = await signInAsNewUser(t, { name: 'Tim Outofrange' });
    const sub = stripe.subscribe(await customerOf(owner), PRICES.standard.monthly);
    for (const created of [1e308, -9_223_372_036_854_776_000, 253_402_300_800, 1.5]) {
      const res = await deliver(stripe.event('customer.subscription.created', sub, { created }));
      expect({ created, status: res.statusCode, message: res.json().message }).toEqual({
        created,
        status: 400,
        message: BILLING_MESSAGES.invalidEvent,
      });
    }
    expect((await workspaceRow(owner.workspaceId)).plan).toBeNull();
  });

  it('treats a replayed event as a no-op', async () => {
    const owner = await signInAsNewUser(t, { name: 'Rey Replay' });
    const { customer, sub } = await subscribed(owner, PRICES.premium.monthly);
    const cancelled = { ...sub, status: 'canceled' };
    const payload = stripe.event('customer.subscription.deleted', cancelled, { id: 'evt_replay_1' });
    expect((await deliver(payload)).json().outcome).toBe('applied');
    expect((await workspaceRow(owner.workspaceId)).plan).toBeNull();
    // The owner subscribes again (a newer event), then the old deletion is delivered again: nothing happens.
    const again = stripe.subscribe(customer, PRICES.premium.monthly);
    await deliver(stripe.event('customer.subscription.created', again, { created: now() + 5 }));
    expect((await workspaceRow(owner.workspaceId)).plan).toBe('premium');
    const replay = await deliver(payload);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe('duplicate');
    expect((await workspaceRow(owner.workspaceId)).plan).toBe('premium');
    expect(await t.db.select().from(billingEvents).where(eq(billingEvents.id, 'evt_replay_1'))).toHaveLength(
      1,
    );
  });

  it('ignores an event older than the last one applied (out of order)', async () => {
    const owner = await signInAsNewUser(t, { name: 'Otto Order' });
    const { sub } = await subscribed(owner, PRICES.standard.monthly, now() - 60);
    // The newer change (to Premium) arrives first, the older one (Standard, past due) after it.
    const newer = {
      ...sub,
      items: { ...sub.items, data: [{ ...sub.items.data[0]!, price: { id: PRICES.premium.monthly } }] },
    };
    expect(
      (await deliver(stripe.event('customer.subscription.updated', newer, { created: now() - 10 }))).json()
        .outcome,
    ).toBe('applied');
    const older = { ...sub, status: 'past_due' };
    const late = await deliver(stripe.event('customer.subscription.updated', older, { created: now() - 30 }));
    expect(late.statusCode).toBe(200);
    expect(late.json().outcome).toBe('stale');
    expect(await workspaceRow(owner.workspaceId)).toMatchObject({ plan: 'premium', billingStatus: 'active' });
  });

  it('marks a failed payment past due, keeps the plan during the grace, and a paid invoice restores it', async () => {
    const owner = await signInAsNewUser(t, { name: 'Pat Pastdue' });
    const { customer, sub } = await subscribed(owner, PRICES.premium.annual);
    const invoice = {
      id: 'in_1',
      object: 'invoice',
      customer,
      parent: { subscription_details: { subscription: sub.id } },
    };
    const failed = await deliver(stripe.event('invoice.payment_failed', invoice, { created: now() - 50 }));
    expect(failed.json().outcome).toBe('applied');
    expect(await workspaceRow(owner.workspaceId)).toMatchObject({
      plan: 'premium',
      billingStatus: 'past_due',
    });
    expect((await owner.send('GET', '/api/billing')).json().status).toBe('past_due');
    expect((await owner.send('GET', '/api/workspaces/current')).json()).toMatchObject({
      paymentFailed: true,
      publishingBlocked: false,
    });
    const paid = await deliver(stripe.event('invoice.paid', invoice, { created: now() - 40 }));
    expect(paid.json().outcome).toBe('applied');
    expect(await workspaceRow(owner.workspaceId)).toMatchObject({ plan: 'premium', billingStatus: 'active' });
  });

  it('cancelled: the plan ends at the period end and publishing is paused as at a trial end', async () => {
    const owner = await signInAsNewUser(t, { name: 'Cleo Cancel' });
    await connectMastodon(t, owner, mastodon);
    const { sub } = await subscribed(owner, PRICES.standard.monthly, now() - 100);
    const ending = { ...sub, cancel_at_period_end: true };
    await deliver(stripe.event('customer.subscription.updated', ending, { created: now() - 90 }));
    expect(await workspaceRow(owner.workspaceId)).toMatchObject({
      plan: 'standard',
      cancelAtPeriodEnd: true,
    });
    await deliver(
      stripe.event(
        'customer.subscription.deleted',
        { ...ending, status: 'canceled' },
        { created: now() - 80 },
      ),
    );
    expect(await workspaceRow(owner.workspaceId)).toMatchObject({ plan: null, billingStatus: 'canceled' });
    const res = await owner.send('POST', '/api/posts', {
      content: 'After the plan ended',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'PUBLISHING_BLOCKED',
      message: PLAN_MESSAGES.trialEnded,
    });
  });

  it('paid: targets held at the trial end are resumed', async () => {
    const owner = await signInAsNewUser(t, { name: 'Hal Held' });
    await connectMastodon(t, owner, mastodon);
    const post = await createPost(t, owner, {
      content: 'Held until paid',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    await t.db
      .update(workspaces)
      .set({ trialEndsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(workspaces.id, owner.workspaceId));
    await makeDue(t, post.id);
    await t.app.publishing.engine.sweep();
    expect((await getPost(t, owner, post.id)).targets[0]).toMatchObject({ status: 'held' });

    await subscribed(owner, PRICES.standard.monthly);
    expect((await getPost(t, owner, post.id)).targets[0]!.status).not.toBe('held');
    await t.app.publishing.engine.sweep();
    expect((await getPost(t, owner, post.id)).status).toBe('published');
  });

  it('records an event it does not handle, and one for an unknown customer, without effect', async () => {
    const other = await deliver(stripe.event('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(other.json().outcome).toBe('ignored');
    const stranger = stripe.subscribe('cus_unknown', PRICES.standard.monthly, {
      metadata: { workspace_id: 'nope' },
    });
    const res = await deliver(stripe.event('customer.subscription.created', stranger));
    expect(res.json().outcome).toBe('ignored');
  });

  it('cannot take over a workspace tied to another customer through the metadata', async () => {
    const victim = await signInAsNewUser(t, { name: 'Vic Victim' });
    await customerOf(victim);
    const attacker = stripe.subscribe('cus_attacker', PRICES.entrepreneur.monthly, {
      metadata: { workspace_id: victim.workspaceId },
    });
    expect((await deliver(stripe.event('customer.subscription.created', attacker))).json().outcome).toBe(
      'ignored',
    );
    expect((await workspaceRow(victim.workspaceId)).plan).toBeNull();
  });
});

describe('without Stripe', () => {
  it('answers the webhook 404 and checkout 409 with the message', async () => {
    const bare = await createTestApp();
    try {
      const user = await signInAsNewUser(bare, { name: 'Ned NoStripe' });
      const res = await user.send('POST', '/api/billing/checkout', {
        plan: 'standard',
        interval: 'monthly',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(BILLING_MESSAGES.stripeNotConfigured);
      const hook = await bare.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(hook.statusCode).toBe(404);
      expect((await user.send('GET', '/api/billing')).json()).toMatchObject({ stripeEnabled: false });
    } finally {
      await bare.close();
    }
  });
});
