import Stripe from 'stripe';
import type { StripeSettings } from '../../config/billing-env';

/**
 * Stripe's official SDK, pointed at Stripe or, with STRIPE_API_BASE, at another origin (the local fake of
 * stripe.fake.ts in tests and e2e). One retry on a network error; the SDK adds an idempotency key to each POST.
 */
export function createStripeClient(settings: StripeSettings): Stripe {
  const options: Stripe.StripeConfig = {
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    httpClient: Stripe.createFetchHttpClient(),
  };
  if (settings.apiBase) {
    const url = new URL(settings.apiBase);
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.host = url.hostname;
    options.port = url.port || (url.protocol === 'http:' ? 80 : 443);
  }
  return new Stripe(settings.secretKey, options);
}

/** Signatures older than this (seconds) are refused: a captured delivery cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
