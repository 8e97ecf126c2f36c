import type { SocialAccount } from '@relaycast/shared/accounts';
import { ANALYTICS_MESSAGES } from '@relaycast/shared/analytics';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountFixture } from '@/test/accounts';
import { AnalyticsFiltersBar } from './analytics-filters';

const ACCOUNTS: SocialAccount[] = [
  accountFixture(),
  accountFixture({ id: 'bs-1', platform: 'bluesky', handle: 'cafe.bsky.social' }),
];

describe('AnalyticsFiltersBar', () => {
  it('sends each change as a patch, and choosing a platform clears the account', () => {
    const onChange = vi.fn();
    render(
      <AnalyticsFiltersBar
        value={{ range: '30d', account: 'ig-1' }}
        onChange={onChange}
        accounts={ACCOUNTS}
      />,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Range' }), { target: { value: '7d' } });
    expect(onChange).toHaveBeenLastCalledWith({ range: '7d' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Platform' }), { target: { value: 'bluesky' } });
    expect(onChange).toHaveBeenLastCalledWith({ platform: 'bluesky', account: undefined });
  });

  it('lists only the chosen platform’s accounts', () => {
    render(
      <AnalyticsFiltersBar
        value={{ range: '30d', platform: 'bluesky' }}
        onChange={() => {}}
        accounts={ACCOUNTS}
      />,
    );
    const options = screen.getByRole('combobox', { name: 'Account' }).querySelectorAll('option');
    expect([...options].map((option) => option.textContent)).toEqual([
      'All accounts',
      'cafe.bsky.social (Bluesky)',
    ]);
  });

  it('asks for both dates, then refuses them in the wrong order with the shared message', () => {
    const { rerender } = render(
      <AnalyticsFiltersBar
        value={{ range: 'custom', from: '2026-03-10' }}
        onChange={() => {}}
        accounts={ACCOUNTS}
      />,
    );
    expect(screen.getByText(ANALYTICS_MESSAGES.customRangeNeedsDates)).toBeTruthy();
    rerender(
      <AnalyticsFiltersBar
        value={{ range: 'custom', from: '2026-03-10', to: '2026-03-01' }}
        onChange={() => {}}
        accounts={ACCOUNTS}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(ANALYTICS_MESSAGES.rangeOrder);
  });
});
