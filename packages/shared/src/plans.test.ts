import { describe, expect, it } from 'vitest';
import {
  annualSavingsInMonths,
  FREE_TRIAL_DAYS,
  findPlan,
  formatMegabytes,
  formatPrice,
  isBillingPeriod,
  MEGABYTE,
  PLAN_FEATURES,
  PLAN_IDS,
  PLANS,
  planPrice,
  STARTING_MONTHLY_PRICE,
} from './plans';

describe('plans', () => {
  it('lists Standard, Premium and Entrepreneur in that order, one per id', () => {
    expect(PLANS.map((plan) => plan.name)).toEqual(['Standard', 'Premium', 'Entrepreneur']);
    expect(PLANS.map((plan) => plan.id)).toEqual([...PLAN_IDS]);
  });

  it('carries the prices and limits of the specification', () => {
    const rows = PLANS.map((plan) => [
      plan.name,
      plan.monthlyPrice,
      plan.annualPrice,
      plan.socialAccounts,
      plan.accountsPerPlatform,
      plan.storageBytes / MEGABYTE,
      plan.maxFileSizeBytes / MEGABYTE,
    ]);
    expect(rows).toEqual([
      ['Standard', 29, 290, 3, 1, 100, 2],
      ['Premium', 39, 390, 42, 5, 500, 5],
      ['Entrepreneur', 69, 690, 70, 10, 1000, 10],
    ]);
  });

  it('keeps limits in bytes the server can compare file sizes against', () => {
    const standard = findPlan('standard')!;
    expect(standard.storageBytes).toBe(104_857_600);
    expect(standard.maxFileSizeBytes).toBe(2_097_152);
    for (const plan of PLANS) {
      expect(Number.isInteger(plan.storageBytes)).toBe(true);
      expect(plan.maxFileSizeBytes).toBeLessThan(plan.storageBytes);
    }
  });

  it('marks only Premium as popular', () => {
    expect(PLANS.filter((plan) => plan.popular).map((plan) => plan.id)).toEqual(['premium']);
  });

  it('reads the account allowances as the pricing page shows them', () => {
    expect(PLANS.map((plan) => plan.socialAccountsLabel)).toEqual(['3', 'Up to 42', 'Up to 70']);
  });

  it('gives every plan the same feature list', () => {
    expect(PLAN_FEATURES).toEqual([
      'Bulk post',
      'Draft posts',
      'Watermark',
      'URL shortener',
      'Proxies',
      'AI content and image generation',
      'Image editor',
      'Cloud import',
    ]);
    for (const plan of PLANS) expect(plan.features).toEqual(PLAN_FEATURES);
  });

  it('grows every limit from one plan to the next', () => {
    for (const [lower, higher] of [
      [PLANS[0]!, PLANS[1]!],
      [PLANS[1]!, PLANS[2]!],
    ] as const) {
      expect(higher.monthlyPrice).toBeGreaterThan(lower.monthlyPrice);
      expect(higher.socialAccounts).toBeGreaterThan(lower.socialAccounts);
      expect(higher.accountsPerPlatform).toBeGreaterThan(lower.accountsPerPlatform);
      expect(higher.storageBytes).toBeGreaterThan(lower.storageBytes);
      expect(higher.maxFileSizeBytes).toBeGreaterThan(lower.maxFileSizeBytes);
    }
  });

  it('states a 14-day trial and paid plans from $29 per month', () => {
    expect(FREE_TRIAL_DAYS).toBe(14);
    expect(STARTING_MONTHLY_PRICE).toBe(29);
  });
});

describe('plan helpers', () => {
  it('finds a plan by id and nothing for anything else', () => {
    expect(findPlan('premium')?.name).toBe('Premium');
    expect(findPlan('Premium')).toBeUndefined();
    expect(findPlan('gold')).toBeUndefined();
    expect(findPlan(null)).toBeUndefined();
    expect(findPlan('toString')).toBeUndefined();
  });

  it('prices a plan per period', () => {
    const premium = findPlan('premium')!;
    expect(planPrice(premium, 'monthly')).toBe(39);
    expect(planPrice(premium, 'annual')).toBe(390);
    expect(isBillingPeriod('annual')).toBe(true);
    expect(isBillingPeriod('yearly')).toBe(false);
  });

  it('saves two months a year on every plan', () => {
    expect(PLANS.map(annualSavingsInMonths)).toEqual([2, 2, 2]);
  });

  it('formats sizes and prices for display', () => {
    expect(PLANS.map((plan) => formatMegabytes(plan.storageBytes))).toEqual(['100 MB', '500 MB', '1000 MB']);
    expect(PLANS.map((plan) => formatMegabytes(plan.maxFileSizeBytes))).toEqual(['2 MB', '5 MB', '10 MB']);
    expect(formatPrice(290)).toBe('$290');
  });
});
