import { createHmac, randomBytes } from 'node:crypto';
import {
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from '../../platforms/testing/server.fake';

/**
 * A stand-in for the part of Stripe's API that billing calls (tests and the browser tests' global setup), on
 * the platform fakes' harness: `POST /v1/customers`, `POST /v1/checkout/sessions`, `POST
 * /v1/billing_portal/sessions`, `GET /v1/subscriptions/:id`, with the secret key checked like Stripe does
 * (Bearer). Its Checkout page (`GET /checkout/:id`) has a "Pay" button that makes the subscription, delivers
 * the signed events Stripe would (checkout.session.completed, customer.subscription.created, invoice.paid)
 * to the webhook URL, and sends the browser to the session's success_url. `sign` signs a payload as Stripe
 * does (`t=<seconds>,v1=<HMAC-SHA256 of "t.payload">`), so tests can forge good and bad deliveries.
 */

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; price: { id: string }; current_period_end: number }[] };
}

export interface StripeFake {
  url: string;
  server: FakeServer;
  secretKey: string;
  webhookSecret: string;
  customers: Map<string, Record<string, unknown>>;
  sessions: Map<string, Record<string, unknown>>;
  subscriptions: Map<string, FakeSubscription>;
  /** The `Stripe-Signature` header for a payload (now, or at `timestamp` in seconds). */
  sign(payload: string, timestamp?: number, secret?: string): string;
  /** An event as Stripe sends it. */
  event(type: string, object: unknown, options?: { id?: string; created?: number }): string;
  /** Makes (or replaces) a subscription on the fake and returns it. */
  subscribe(customer: string, price: string, patch?: Partial<FakeSubscription>): FakeSubscription;
  /** Pays a Checkout Session: subscription made, events delivered to the webhook URL. */
  completeCheckout(sessionId: string): Promise<FakeSubscription>;
  close(): Promise<void>;
}

export interface StripeFakeOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** Where the Checkout page delivers its events (the server's /api/billing/webhook). */
  webhookUrl?: string;
  port?: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const html = (text: unknown) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const seconds = () => Math.floor(Date.now() / 1000);

/** Form fields like `metadata[plan]` gathered into `{ plan }`. */
function nested(body: Record<string, unknown> | undefined, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body ?? {})) {
    const match = key.startsWith(`${prefix}[`) ? /^\w+\[(\w+)\]$/.exec(key) : null;
    if (match?.[1]) out[match[1]] = String(value);
  }
  return out;
}

// function-budget: a fake platform for tests: one server whose short routes imitate its API and share its state
export async function startStripeFake(options: StripeFakeOptions = {}): Promise<StripeFake> {
  const server = await startFakeServer({ port: options.port });
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake';
  const customers = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, FakeSubscription>();

  const authed = (handler: (request: FakeRequest) => FakeResponse) => (request: FakeRequest) => {
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key' } } };
    }
    return handler(request);
  };
  const missing = (param: string): FakeResponse => {
    server.violations.push(`missing ${param}`);
    return {
      status: 400,
      body: { error: { type: 'invalid_request_error', param, message: `Missing ${param}` } },
    };
  };

  server.route(
    'POST',
    '/v1/customers',
    authed((request) => {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: request.body?.email ?? null,
        name: request.body?.name ?? null,
        metadata: nested(request.body, 'metadata'),
      };
      customers.set(customer.id, customer);
      return { body: customer };
    }),
  );

  server.route(
    'POST',
    '/v1/checkout/sessions',
    authed((request) => {
      const body = request.body ?? {};
      for (const param of ['mode', 'customer', 'client_reference_id', 'success_url', 'cancel_url']) {
        if (!body[param]) return missing(param);
      }
      if (!body['line_items[0][price]']) return missing('line_items[0][price]');
      if (!customers.has(String(body.customer)))
        return { status: 400, body: { error: { message: 'No such customer' } } };
      const sessionId = id('cs_test');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: body.mode,
        customer: body.customer,
        client_reference_id: body.client_reference_id,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        price: body['line_items[0][price]'],
        metadata: nested(body, 'metadata'),
        subscription_metadata: Object.fromEntries(
          Object.entries(body)
            .filter(([key]) => key.startsWith('subscription_data[metadata]['))
            .map(([key, value]) => [key.slice('subscription_data[metadata]['.length, -1), String(value)]),
        ),
        subscription: null as string | null,
        status: 'open',
        url: `${server.url}/checkout/${sessionId}`,
      };
      sessions.set(sessionId, session);
      return { body: session };
    }),
  );

  server.route(
    'POST',
    '/v1/billing_portal/sessions',
    authed((request) => {
      if (!request.body?.customer) return missing('customer');
      const portalId = id('bps');
      return {
        body: {
          id: portalId,
          object: 'billing_portal.session',
          customer: request.body.customer,
          return_url: request.body.return_url ?? null,
          url: `${server.url}/portal/${portalId}?return_url=${encodeURIComponent(String(request.body.return_url ?? ''))}`,
        },
      };
    }),
  );

  server.route(
    'GET',
    '/v1/subscriptions/:id',
    authed((request) => {
      const sub = subscriptions.get(request.params.id ?? '');
      return sub
        ? { body: sub }
        : {
            status: 404,
            body: { error: { type: 'invalid_request_error', message: 'No such subscription' } },
          };
    }),
  );

  const sign = (payload: string, timestamp = seconds(), secret = webhookSecret) =>
    `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

  const event = (type: string, object: unknown, eventOptions: { id?: string; created?: number } = {}) =>
    JSON.stringify({
      id: eventOptions.id ?? id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: eventOptions.created ?? seconds(),
      type,
      livemode: false,
      data: { object },
    });

  const subscribe = (customer: string, price: string, patch: Partial<FakeSubscription> = {}) => {
    const sub: FakeSubscription = {
      id: id('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      metadata: {},
      items: {
        object: 'list',
        data: [{ id: id('si'), price: { id: price }, current_period_end: seconds() + 30 * 86_400 }],
      },
      ...patch,
    };
    subscriptions.set(sub.id, sub);
    return sub;
  };

  const deliver = async (payload: string) => {
    if (!options.webhookUrl) return;
    const response = await fetch(options.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
      body: payload,
    });
    if (!response.ok) server.violations.push(`webhook answered ${response.status}`);
  };

  const completeCheckout = async (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const sub = subscribe(String(session.customer), String(session.price), {
      metadata: session.subscription_metadata as Record<string, string>,
    });
    Object.assign(session, { subscription: sub.id, status: 'complete', payment_status: 'paid' });
    await deliver(event('customer.subscription.created', sub));
    await deliver(event('checkout.session.completed', session));
    const invoice = {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      parent: { subscription_details: { subscription: sub.id } },
    };
    await deliver(event('invoice.paid', invoice));
    return sub;
  };

  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

  server.route('GET', '/checkout/:id', (request) => {
    const session = sessions.get(request.params.id ?? '');
    if (!session) return { status: 404, body: 'No such session' };
    return {
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: page(
        'Fake Stripe Checkout',
        `<p>Price ${html(session.price)}</p><form method="post" action="/checkout/${html(session.id)}/pay"><button type="submit">Pay</button></form><p><a href="${html(session.cancel_url)}">Back</a></p>`,
      ),
    };
  });

  server.route('POST', '/checkout/:id/pay', async (request) => {
    const session = sessions.get(request.params.id ?? '');
    if (!session) return { status: 404, body: 'No such session' };
    await completeCheckout(String(session.id));
    return { status: 303, redirect: String(session.success_url) };
  });

  server.route('GET', '/portal/:id', (request) => ({
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: page(
      'Fake Stripe customer portal',
      `<p><a href="${html(request.query.get('return_url') ?? '/')}">Return</a></p>`,
    ),
  }));

  return {
    url: server.url,
    server,
    secretKey,
    webhookSecret,
    customers,
    sessions,
    subscriptions,
    sign,
    event,
    subscribe,
    completeCheckout,
    close: () => server.close(),
  };
}
