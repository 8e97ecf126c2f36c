import type { EngagementMetrics } from '@relaycast/shared/engagement';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MetricCards } from './metric-cards';

function renderCards() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MetricCards days={30} onDaysChange={() => {}} />
    </QueryClientProvider>,
  );
}

function answer(metrics: EngagementMetrics) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      return new Response(JSON.stringify(metrics), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

describe('MetricCards', () => {
  it('shows the four figures for the period, with the rate in percent and the time in minutes', async () => {
    const requests = answer({
      periodDays: 30,
      likes: 12,
      comments: 5,
      dms: 2,
      inboundItems: 8,
      responseRate: 62.5,
      avgResponseTime: 14.2,
    });
    renderCards();
    expect(screen.getByRole('status')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Total Likes' }).textContent).toContain('12'),
    );
    expect(screen.getByRole('region', { name: 'Comments' }).textContent).toContain('5');
    expect(screen.getByRole('region', { name: 'Response Rate' }).textContent).toContain('62.5%');
    expect(screen.getByRole('region', { name: 'Avg Response Time' }).textContent).toContain('14.2 min');
    expect(requests).toEqual(['/api/engagement/metrics?days=30']);
  });

  it('says there were no inbound items instead of 0% or a made-up time', async () => {
    answer({
      periodDays: 30,
      likes: 0,
      comments: 0,
      dms: 0,
      inboundItems: 0,
      responseRate: null,
      avgResponseTime: null,
    });
    renderCards();
    const rate = await screen.findByRole('region', { name: 'Response Rate' });
    expect(rate.textContent).toContain('No inbound items in this period');
    expect(rate.textContent).not.toContain('%');
    expect(screen.getByRole('region', { name: 'Avg Response Time' }).textContent).toContain(
      'No inbound items in this period',
    );
  });
});
