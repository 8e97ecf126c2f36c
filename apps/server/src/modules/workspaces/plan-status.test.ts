import { PLAN_MESSAGES } from '@relaycast/shared/plans';
import { describe, expect, it } from 'vitest';
import { effectivePlan, planStatus } from './plan-status';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-24T12:00:00Z');
const endsIn = (ms: number) => new Date(now.getTime() + ms);

describe('planStatus', () => {
  it('managed, no plan, trial running: Standard limits and the days left, rounded up', () => {
    expect(planStatus({ plan: null, trialEndsAt: endsIn(14 * DAY) }, 'managed', now)).toMatchObject({
      plan: { id: 'standard' },
      onTrial: true,
      trialDaysLeft: 14,
      publishingBlocked: false,
      reason: null,
    });
    expect(planStatus({ plan: null, trialEndsAt: endsIn(DAY + 1) }, 'managed', now).trialDaysLeft).toBe(2);
    expect(planStatus({ plan: null, trialEndsAt: endsIn(60_000) }, 'managed', now).trialDaysLeft).toBe(1);
  });

  it('managed, no plan, trial over (the clock set forward): publishing blocked with the reason, Standard limits', () => {
    const workspace = { plan: null, trialEndsAt: endsIn(14 * DAY) };
    const later = new Date(now.getTime() + 14 * DAY);
    expect(planStatus(workspace, 'managed', later)).toEqual({
      plan: expect.objectContaining({ id: 'standard' }),
      onTrial: false,
      trialDaysLeft: 0,
      publishingBlocked: true,
      reason: PLAN_MESSAGES.trialEnded,
    });
  });

  it('managed with a chosen plan: that plan, no trial, never blocked', () => {
    const status = planStatus({ plan: 'premium', trialEndsAt: endsIn(-30 * DAY) }, 'managed', now);
    expect(status).toMatchObject({ plan: { id: 'premium' }, onTrial: false, publishingBlocked: false });
  });

  it('self-hosted: the highest plan without a chosen one, no trial end, never blocked', () => {
    const expired = planStatus({ plan: null, trialEndsAt: endsIn(-30 * DAY) }, 'self-hosted', now);
    expect(expired).toMatchObject({
      plan: { id: 'entrepreneur' },
      onTrial: false,
      trialDaysLeft: 0,
      publishingBlocked: false,
      reason: null,
    });
    const chosen = planStatus({ plan: 'standard', trialEndsAt: null }, 'self-hosted', now);
    expect(chosen.plan.id).toBe('standard');
  });

  it('managed without a trial end (an old workspace): Standard limits, not blocked', () => {
    expect(planStatus({ plan: null, trialEndsAt: null }, 'managed', now)).toMatchObject({
      plan: { id: 'standard' },
      publishingBlocked: false,
    });
  });

  it('effectivePlan follows the same rule', () => {
    expect(effectivePlan({ plan: null }, 'managed').id).toBe('standard');
    expect(effectivePlan({ plan: null }, 'self-hosted').id).toBe('entrepreneur');
    expect(effectivePlan({ plan: 'premium' }, 'self-hosted').id).toBe('premium');
  });
});
