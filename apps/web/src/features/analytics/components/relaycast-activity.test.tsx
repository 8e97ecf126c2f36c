import type { AnalyticsActivity } from '@relaycast/shared/analytics-activity';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { RelaycastActivity } from './relaycast-activity';

const ACTIVITY: AnalyticsActivity = {
  range: { from: '2026-03-08', to: '2026-03-14', timezone: 'UTC' },
  posts: { published: 3, failed: 1, byPlatform: [{ platform: 'instagram', published: 3, failed: 1 }] },
  engagement: {
    likes: 4,
    replies: 2,
    messages: 1,
    itemsReceived: 9,
    itemsAnswered: 5,
    medianResponseMinutes: 42,
  },
  streams: {
    count: 2,
    failed: 0,
    liveSeconds: 5400,
    peakBitrateKbps: 6000,
    destinations: 3,
    peakViewers: 340,
  },
};

describe('RelaycastActivity (/analytics)', () => {
  it('asks for the page’s range and shows the posts, inbox and stream figures', async () => {
    const api = fakeApi({ 'GET /api/analytics/activity': ACTIVITY });
    renderWithProviders(<RelaycastActivity filters={{ range: '7d', platform: 'instagram' }} />);
    const streams = await screen.findByRole('region', { name: 'Live streams' });
    expect(within(streams).getByText('1 h 30 min')).toBeTruthy();
    expect(within(streams).getByText('6,000 kbps')).toBeTruthy();
    expect(within(streams).getByText('Peak viewers')).toBeTruthy();
    expect(within(streams).getByText('340')).toBeTruthy();
    const inbox = screen.getByRole('region', { name: 'Inbox' });
    expect(within(inbox).getByText('42 min')).toBeTruthy();
    expect(within(inbox).getByText('4 · 2 · 1')).toBeTruthy();
    const posts = screen.getByRole('region', { name: 'Posts' });
    expect(within(posts).getByText('3 published')).toBeTruthy();
    expect(api.calls[0]?.url).toBe('/api/analytics/activity?range=7d&platforms=instagram');
  });
});
