import type { PlannedStream } from '@relaycast/shared/planned-streams';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

function renderBanner() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DueStreamsBanner />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('DueStreamsBanner', () => {
  it('lists streams due now with Open studio, and hides one once dismissed', async () => {
    let isDismissed = false;
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        requests.push(`${init?.method ?? 'GET'} ${url}`);
        if (url.endsWith('/dismiss')) {
          isDismissed = true;
          return new Response(JSON.stringify({ ...due, dismissedAt: new Date().toISOString() }));
        }
        return new Response(JSON.stringify({ streams: isDismissed ? [] : [due] }));
      }),
    );
    renderBanner();
    const banner = await screen.findByRole('region', { name: 'Streams due now' });
    expect(banner.textContent).toContain('Morning show');
    expect(screen.getByRole('link', { name: 'Open studio for Morning show' }).getAttribute('href')).toBe(
      '/streaming?plan=plan-1',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the reminder for Morning show' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Streams due now' })).toBeNull());
    expect(requests).toContain('POST /api/scheduled-streams/plan-1/dismiss');
  });

  it('shows nothing when no stream is due', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ streams: [] })));
    vi.stubGlobal('fetch', fetch);
    renderBanner();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Streams due now' })).toBeNull();
  });
});
