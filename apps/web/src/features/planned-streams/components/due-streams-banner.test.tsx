import type { PlannedStream } from '@relaycast/shared/planned-streams';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { DueStreamsBanner } from './due-streams-banner';

const due: PlannedStream = {
  id: 'plan-1',
  title: 'Morning show',
  description: '',
  scheduledAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  timezone: 'UTC',
  destinationIds: [],
  remindedAt: null,
  dismissedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('DueStreamsBanner', () => {
  it('lists streams due now with Open studio, and hides one once dismissed', async () => {
    let isDismissed = false;
    const api = fakeApi({
      'GET /api/scheduled-streams/due': () => ({ streams: isDismissed ? [] : [due] }),
      'POST /api/scheduled-streams/plan-1/dismiss': () => {
        isDismissed = true;
        return { ...due, dismissedAt: new Date().toISOString() };
      },
    });
    renderWithProviders(<DueStreamsBanner />);
    const banner = await screen.findByRole('region', { name: 'Streams due now' });
    expect(banner.textContent).toContain('Morning show');
    expect(screen.getByRole('link', { name: 'Open studio for Morning show' }).getAttribute('href')).toBe(
      '/streaming?plan=plan-1',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the reminder for Morning show' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Streams due now' })).toBeNull());
    expect(api.callsTo('POST /api/scheduled-streams/plan-1/dismiss')).toHaveLength(1);
  });

  it('shows nothing when no stream is due', async () => {
    const api = fakeApi({ 'GET /api/scheduled-streams/due': { streams: [] } });
    renderWithProviders(<DueStreamsBanner />);
    await waitFor(() => expect(api.calls).not.toHaveLength(0));
    expect(screen.queryByRole('region', { name: 'Streams due now' })).toBeNull();
  });
});
