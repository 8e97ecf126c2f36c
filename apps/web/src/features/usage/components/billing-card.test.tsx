import type { BillingStatusView } from '@relaycast/shared/billing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { BillingCard } from './billing-card';

const TRIAL: BillingStatusView = {
  billingMode: 'managed',
  stripeEnabled: true,
  canManage: true,
  plan: null,
  interval: null,
  status: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  hasCustomer: false,
};

function renderCard(billing: BillingStatusView) {
  const api = fakeApi({
    'GET /api/billing': billing,
    'POST /api/billing/checkout': { url: 'https://checkout.example/cs_1' },
  });
  renderWithProviders(<BillingCard />, { route: '/usage' });
  return api;
}

describe('BillingCard', () => {
  it('on a trial, sends the chosen plan and period to Checkout', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = renderCard(TRIAL);
    expect(await screen.findByText('No paid plan yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Plan'), { target: { value: 'entrepreneur' } });
    fireEvent.change(screen.getByLabelText('Billing period'), { target: { value: 'annual' } });
    fireEvent.click(screen.getByRole('button', { name: 'Choose plan' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_1'));
    expect(api.callsTo('POST /api/billing/checkout')[0]?.body).toEqual({
      plan: 'entrepreneur',
      interval: 'annual',
    });
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });

  it('shows an active plan with its renewal and the portal button, without Choose plan', async () => {
    renderCard({
      ...TRIAL,
      plan: 'premium',
      interval: 'monthly',
      status: 'active',
      currentPeriodEnd: '2026-12-24T00:00:00.000Z',
      hasCustomer: true,
    });
    expect(await screen.findByText('Premium plan, billed monthly')).toBeTruthy();
    expect(screen.getByText(/Renews on/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage billing' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose plan' })).toBeNull();
  });

  it('tells a member who is not the owner that only the owner can change it', async () => {
    renderCard({ ...TRIAL, canManage: false });
    expect(await screen.findByText('Only the workspace owner can change the plan and billing.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose plan' })).toBeNull();
  });

  it('self-hosted, says the administrator sets plans', async () => {
    renderCard({ ...TRIAL, billingMode: 'self-hosted', stripeEnabled: false });
    expect(
      await screen.findByText(
        'Plans on this server are set by its administrator (the admin page or npm run admin).',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose plan' })).toBeNull();
  });
});
