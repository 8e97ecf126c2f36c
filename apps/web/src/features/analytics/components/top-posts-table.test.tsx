import { ANALYTICS_MESSAGES, type TopPost } from '@relaycast/shared/analytics';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { TopPostsTable } from './top-posts-table';

const POST: TopPost = {
  targetId: 't1',
  postId: 'p1',
  platform: 'mastodon',
  accountId: 'a1',
  accountHandle: '@ada',
  text: 'Our spring sale',
  thumbnailUrl: null,
  url: null,
  publishedAt: '2026-03-05T10:00:00Z',
  metrics: { views: 100, reach: null, likes: 4, comments: 1, shares: 2, saves: null, clicks: null },
  engagementRate: 7,
  linkClicks: 1234,
};

describe('Top posts', () => {
  it('shows each post’s link clicks beside its other figures, "not available" without a short link', async () => {
    const api = fakeApi({
      'GET /api/settings': { timezone: 'UTC' },
      'GET /api/analytics/top-posts': {
        items: [POST, { ...POST, targetId: 't2', text: 'No link here', linkClicks: null }],
        total: 2,
        page: 1,
        pageSize: 10,
      },
    });
    renderWithProviders(<TopPostsTable filters={{ range: '30d' }} />, { route: '/analytics' });
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => within(header).queryByRole('button')?.textContent ?? header.textContent);
    expect(headers.indexOf('Link clicks')).toBe(headers.indexOf('Engagement rate') + 1);
    const [, linked, unlinked] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(linked).at(-1)).toBe('1,234');
    expect(cells(unlinked).at(-1)).toBe(ANALYTICS_MESSAGES.notAvailable);
    await userEvent.click(within(table).getByRole('button', { name: 'Link clicks' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/analytics/top-posts').at(-1)?.url).toContain('sort=linkClicks'),
    );
  });
});
