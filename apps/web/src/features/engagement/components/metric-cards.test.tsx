import type { EngagementMetrics } from '@relaycast/shared/engagement';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { MetricCards } from './metric-cards';

function renderCards() {
  renderWithProviders(<MetricCards days={30} onDaysChange={() => {}} />);
}

function answer(metrics: EngagementMetrics) {
  return fakeApi({ 'GET /api/engagement/metrics': metrics });
}

describe('MetricCards', () => {
  it('shows the four figures for the period, with the rate in percent and the time in minutes', async () => {
    const api = answer({
      periodDays: 30,
      likes: 12,
      comments: 5,
      commentsReceived: 6,
      commentsUnanswered: 2,
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
    // What the team posted, and beside it what came in: a 0 never reads as "no comments arrived".
    expect(screen.getByRole('region', { name: 'Comments' }).textContent).toBe(
      'Comments5posted · 6 received, 2 unanswered',
    );
    expect(screen.getByRole('region', { name: 'Response Rate' }).textContent).toContain('62.5%');
    expect(screen.getByRole('region', { name: 'Avg Response Time' }).textContent).toContain('14.2 min');
    expect(api.calls.map((call) => call.url)).toEqual(['/api/engagement/metrics?days=30']);
  });

  it('says there were no inbound items instead of 0% or a made-up time', async () => {
    answer({
      periodDays: 30,
      likes: 0,
      comments: 0,
      commentsReceived: 0,
      commentsUnanswered: 0,
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
