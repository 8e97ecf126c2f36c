import { ANALYTICS_COLLECT_MESSAGES, type AnalyticsBudget } from '@relaycast/shared/analytics';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { AnalyticsCollectionSection } from './analytics-collection-section';

function renderSection() {
  renderWithProviders(<AnalyticsCollectionSection />);
}

const status = {
  accounts: [
    {
      accountId: 'acc-1',
      platform: 'twitter',
      handle: '@ada',
      supported: true,
      lastCollectedAt: null,
      nextCollectAt: '2026-11-23T18:00:00.000Z',
      lastError: ANALYTICS_COLLECT_MESSAGES.budgetNotSet,
    },
  ],
};

/** A fake of the two endpoints; PUT stores the budget it is given. */
function fakeServer(initial: AnalyticsBudget) {
  let budget = initial;
  const api = fakeApi({
    'GET /api/analytics/collect-status': status,
    'GET /api/analytics/budget': () => budget,
    'PUT /api/analytics/budget': ({ body }) => {
      budget = { ...budget, monthlyLimit: (body as { monthlyLimit: number }).monthlyLimit };
      return budget;
    },
  });
  return () => api.callsTo('PUT /api/analytics/budget').map((call) => call.body);
}

describe('Settings → Analytics collection', () => {
  it('says X is not collected without a budget, refuses a non-number, saves a budget as it is left', async () => {
    const puts = fakeServer({
      platform: 'twitter',
      month: '2026-11',
      monthlyLimit: null,
      used: 0,
      canEdit: true,
    });
    renderSection();
    expect(await screen.findByText(ANALYTICS_COLLECT_MESSAGES.budgetNotSet)).toBeTruthy();
    expect(await screen.findByText(/@ada/)).toBeTruthy();

    const input = screen.getByLabelText('Monthly X read budget');
    expect(screen.queryByRole('button', { name: /save/i })).toBeNull();
    await userEvent.type(input, '1.5');
    await userEvent.tab();
    expect((await screen.findByRole('alert')).textContent).toBe('Use a whole number of reads.');
    expect(puts()).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, '5000{Enter}');
    await waitFor(() => expect(puts()).toEqual([{ platform: 'twitter', monthlyLimit: 5000 }]));
    expect(await screen.findByText('0 of 5,000 X reads used in 2026-11 (UTC).')).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toBe('Saved');
    // Leaving the field with the stored value sends nothing more.
    await userEvent.tab();
    expect(puts()).toHaveLength(1);
  });

  it('shows a member the budget read-only, with who may change it', async () => {
    fakeServer({ platform: 'twitter', month: '2026-11', monthlyLimit: 100, used: 40, canEdit: false });
    renderSection();
    expect(await screen.findByText('40 of 100 X reads used in 2026-11 (UTC).')).toBeTruthy();
    expect(screen.getByText(ANALYTICS_COLLECT_MESSAGES.budgetAdminOnly)).toBeTruthy();
    expect(screen.getByLabelText('Monthly X read budget').closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /save/i })).toBeNull();
  });
});
