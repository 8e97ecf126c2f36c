import { ANALYTICS_MESSAGES } from '@relaycast/shared/analytics';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountFixture } from '@/test/accounts';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { AnalyticsDashboard } from './analytics-dashboard';

const ACCOUNT = accountFixture();

describe('AnalyticsDashboard: Download CSV', () => {
  it('is a link to the CSV of the filters in the address', async () => {
    fakeApi({ 'GET /api/accounts': { accounts: [ACCOUNT] } });
    renderWithProviders(<AnalyticsDashboard />, { route: '/analytics?range=7d&platform=instagram' });
    const link = await screen.findByRole('link', { name: 'Download CSV' });
    expect(link.getAttribute('href')).toBe('/api/analytics/export.csv?range=7d&platforms=instagram');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('cannot be used while the custom range is out of order: the filters say why, nothing is asked', async () => {
    const api = fakeApi({ 'GET /api/accounts': { accounts: [ACCOUNT] } });
    renderWithProviders(<AnalyticsDashboard />, {
      route: '/analytics?range=custom&from=2026-03-10&to=2026-03-01',
    });
    const button = await screen.findByRole('button', { name: 'Download CSV' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    expect(screen.getByText(ANALYTICS_MESSAGES.rangeOrder)).toBeTruthy();
    expect(api.calls.filter((call) => call.url.startsWith('/api/analytics/'))).toEqual([]);
  });
});
