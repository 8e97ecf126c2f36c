/** The Stripe settings the e2e server runs with; the Stripe fake of global-setup.ts checks the same. */
export const E2E_STRIPE_SECRET_KEY = 'sk_test_e2e';
export const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_e2e';

/** STRIPE_PRICE_<PLAN>_<PERIOD>: price ids the fake accepts as they are. */
export const E2E_STRIPE_PRICE_ENV: Record<string, string> = Object.fromEntries(
  ['STANDARD', 'PREMIUM', 'ENTREPRENEUR'].flatMap((plan) =>
    ['MONTHLY', 'ANNUAL'].map((period) => [
      `STRIPE_PRICE_${plan}_${period}`,
      `price_${plan.toLowerCase()}_${period.toLowerCase()}`,
    ]),
  ),
);
