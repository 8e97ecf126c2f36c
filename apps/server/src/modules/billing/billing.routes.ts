import {
  BILLING_MESSAGES,
  billingRedirectSchema,
  billingStatusSchema,
  checkoutRequestSchema,
} from '@relaycast/shared/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { linkBaseUrl } from '../../lib/request-origin';
import { type BillingDeps, billingStatus, openPortal, startCheckout } from './billing.service';
import { handleStripeWebhook } from './billing-webhook';
import { createStripeClient } from './stripe-client';

/** Stripe's events are a few kilobytes; a subscription with many items stays far under this. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Billing (docs/decisions/0046-stripe-billing.md): the billing card's status, Checkout and the
 * Customer Portal for the owner, and Stripe's webhook, which reads its body raw for the signature.
 */
export const billingRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  const deps: BillingDeps = {
    db,
    config,
    stripe: config.stripe ? createStripeClient(config.stripe) : undefined,
    log: app.log,
  };

  app.get(
    '/api/billing',
    { config: { permission: 'view' }, schema: { response: { 200: billingStatusSchema } } },
    async (request) => billingStatus(deps, await callerOf(request)),
  );

  app.post(
    '/api/billing/checkout',
    {
      config: { permission: 'billing', permissionMessage: BILLING_MESSAGES.ownerOnly },
      schema: { body: checkoutRequestSchema, response: { 200: billingRedirectSchema } },
    },
    async (request) =>
      startCheckout(deps, await callerOf(request), request.body, linkBaseUrl(request, config)),
  );

  app.post(
    '/api/billing/portal',
    {
      config: { permission: 'billing', permissionMessage: BILLING_MESSAGES.ownerOnly },
      schema: { response: { 200: billingRedirectSchema } },
    },
    async (request) => openPortal(deps, await callerOf(request), linkBaseUrl(request, config)),
  );

  // Its own context: here, and only here, every body is kept as the raw bytes Stripe signed.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    raw.post(
      '/api/billing/webhook',
      { config: { auth: 'public' }, bodyLimit: WEBHOOK_BODY_LIMIT },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const outcome = await handleStripeWebhook(
          deps,
          body,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true, outcome };
      },
    );
  });
};
