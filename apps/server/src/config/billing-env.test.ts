import { describe, expect, it } from 'vitest';
import { priceEnvName } from './billing-env';
import { ConfigError, loadConfig } from './env';

const BASE = { DATA_DIR: '/tmp/relaycast-billing-env-test', APP_SECRET: 'x'.repeat(32) };
const PRICES = Object.fromEntries(
  (['standard', 'premium', 'entrepreneur'] as const).flatMap((plan) =>
    (['monthly', 'annual'] as const).map((period) => [priceEnvName(plan, period), `price_${plan}_${period}`]),
  ),
);

describe('billing settings', () => {
  it('is self-hosted without a Stripe key, and reads ADMIN_EMAILS normalized', () => {
    const config = loadConfig({ ...BASE, ADMIN_EMAILS: ' Root@Example.com, ops@example.com ,' });
    expect(config.billingMode).toBe('self-hosted');
    expect(config.stripe).toBeUndefined();
    expect(config.adminEmails).toEqual(['root@example.com', 'ops@example.com']);
  });

  it('fails at start when a Stripe key comes without the webhook secret or a price', () => {
    expect(() => loadConfig({ ...BASE, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(ConfigError);
    try {
      loadConfig({ ...BASE, STRIPE_SECRET_KEY: 'sk_test_1', ...PRICES, STRIPE_PRICE_PREMIUM_ANNUAL: '' });
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        'STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY',
        'STRIPE_PRICE_PREMIUM_ANNUAL: required with STRIPE_SECRET_KEY',
      ]);
    }
    expect.assertions(2);
  });

  it('leaves Stripe off when BILLING_MODE=self-hosted, key or not', () => {
    const config = loadConfig({ ...BASE, STRIPE_SECRET_KEY: 'sk_test_1', BILLING_MODE: 'self-hosted' });
    expect(config.billingMode).toBe('self-hosted');
    expect(config.stripe).toBeUndefined();
  });

  it('is managed with every setting, the prices by plan and period', () => {
    const config = loadConfig({
      ...BASE,
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_BASE: 'http://127.0.0.1:4242',
      ...PRICES,
    });
    expect(config.billingMode).toBe('managed');
    expect(config.stripe).toMatchObject({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      apiBase: 'http://127.0.0.1:4242',
      prices: { premium: { annual: 'price_premium_annual' } },
    });
  });
});
