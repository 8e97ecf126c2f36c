import type { BestTimeCell } from '@relaycast/shared/analytics';
import type { BestTimeResponse } from '@relaycast/shared/best-time-api';
import { BEST_TIME_MESSAGES } from '@relaycast/shared/best-time-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiFake, fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { BestTimeHeatmap } from './best-time-heatmap';

const ACCOUNT = {
  id: 'acct-1',
  platform: 'mastodon',
  handle: '@ada@example.social',
  displayName: 'Ada',
  avatarUrl: null,
  instanceUrl: 'https://example.social',
  status: 'connected',
  lastSyncAt: null,
  lastError: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** Tuesday 09:00 is the best hour (6 posts); Monday 10:00 has 2 posts; the rest none. */
function cells(): BestTimeCell[] {
  return Array.from({ length: 168 }, (_, hour) => {
    if (hour === 24 + 9) return { hourOfWeek: hour, score: 1.8, posts: 6, confidence: 'good' };
    if (hour === 10) return { hourOfWeek: hour, score: 1.2, posts: 2, confidence: 'thin' };
    return { hourOfWeek: hour, score: 1, posts: 0, confidence: 'none' };
  });
}

function response(accountIds: string[]): BestTimeResponse {
  return {
    timeZone: 'UTC',
    accountIds,
    platforms: ['mastodon'],
    totalPosts: 8,
    cells: cells(),
    suggestions: [
      {
        at: '2030-01-01T09:00:00.000Z',
        hourOfWeek: 33,
        score: 1.8,
        posts: 6,
        confidence: 'good',
        isExploration: false,
      },
    ],
    note: BEST_TIME_MESSAGES.exploration,
  };
}

describe('BestTimeHeatmap', () => {
  let api: ApiFake;
  beforeEach(() => {
    api = fakeApi({
      'GET /api/accounts': { accounts: [ACCOUNT] },
      'GET /api/best-time': ({ url }) => {
        const accountId = new URL(url, 'http://x').searchParams.get('accountId');
        return response(accountId ? [accountId] : []);
      },
    });
  });

  it('draws 7 × 24 cells with score, posts and confidence in each label, a legend and a table', async () => {
    renderWithProviders(<BestTimeHeatmap />);
    const grid = await screen.findByRole('figure', { name: 'Score by day and hour' });
    const all = within(grid).getAllByRole('img');
    expect(all).toHaveLength(168);
    const best = within(grid).getByRole('img', {
      name: 'Tuesday 09:00: score 1.80, 6 posts, good confidence',
    });
    expect(best.className).toContain('bg-primary/90');
    expect(best.getAttribute('data-confidence')).toBe('good');
    const monday = within(grid).getByRole('img', {
      name: 'Monday 10:00: score 1.20, 2 posts, thin confidence',
    });
    expect(monday.getAttribute('data-confidence')).toBe('thin');
    expect(
      within(grid).getByRole('img', { name: 'Sunday 23:00: score 1.00, 0 posts, no confidence' }).className,
    ).toContain('bg-primary/10');
    expect(screen.getByText('good: 5 posts or more')).toBeTruthy();
    expect(screen.getByText('no posts yet (published studies only)')).toBeTruthy();
    expect(screen.getByText(/at most 1 in 5 tries an hour/)).toBeTruthy();

    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    const tuesday = within(table).getByRole('row', { name: /^Tuesday/ });
    expect(within(tuesday).getByText('1.80 · 6 (good)')).toBeTruthy();
  });

  it('asks for one account once it is chosen', async () => {
    renderWithProviders(<BestTimeHeatmap />);
    const select = await screen.findByLabelText('Account');
    await screen.findByRole('option', { name: '@ada@example.social (Mastodon)' });
    await userEvent.selectOptions(select, 'acct-1');
    await vi.waitFor(() =>
      expect(api.callsTo('GET /api/best-time').some((call) => call.url.includes('accountId=acct-1'))).toBe(
        true,
      ),
    );
    expect(api.callsTo('GET /api/best-time')[0]?.url).not.toContain('accountId');
  });
});
