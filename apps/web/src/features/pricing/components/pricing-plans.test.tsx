import { PLANS } from '@relaycast/shared/plans';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PricingPlans, signupPathFor } from './pricing-plans';

function card(name: string) {
  return screen.getByRole('article', { name });
}

describe('PricingPlans', () => {
  it('renders every plan of the shared definition, monthly first, and switches every price', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PricingPlans />);
    expect(screen.getByRole('button', { name: 'Monthly' }).getAttribute('aria-pressed')).toBe('true');
    for (const plan of PLANS) {
      expect(within(card(plan.name)).getByText(`$${plan.monthlyPrice}`)).toBeTruthy();
      expect(within(card(plan.name)).queryByText(`$${plan.annualPrice}`)).toBeNull();
    }

    await user.click(screen.getByRole('button', { name: 'Annual' }));
    expect(screen.getByRole('button', { name: 'Annual' }).getAttribute('aria-pressed')).toBe('true');
    for (const plan of PLANS) {
      expect(within(card(plan.name)).getByText(`$${plan.annualPrice}`)).toBeTruthy();
      expect(within(card(plan.name)).queryByText(`$${plan.monthlyPrice}`)).toBeNull();
      const link = within(card(plan.name)).getByRole('link', { name: /^Get started/ });
      expect(link.getAttribute('href')).toBe(`/signup?plan=${plan.id}&billing=annual`);
    }
  });

  it('links each plan to sign-up with its id', () => {
    const premium = PLANS.find((plan) => plan.id === 'premium')!;
    expect(signupPathFor(premium, 'monthly')).toBe('/signup?plan=premium');
    expect(signupPathFor(premium, 'annual')).toBe('/signup?plan=premium&billing=annual');
  });
});
