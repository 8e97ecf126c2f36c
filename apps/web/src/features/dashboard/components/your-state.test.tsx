import type { Dashboard } from '@relaycast/shared/dashboard';
import { PUBLISH_MESSAGES } from '@relaycast/shared/publishing';
import { defaultUserSettings, type UserSettings } from '@relaycast/shared/settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { YourState } from './your-state';

const EMPTY: Dashboard = {
  upcoming: [],
  recent: [],
  attention: [],
  attentionTotal: 0,
  reconnect: [],
  week: {
    followers: { current: null, previous: null },
    engagements: { current: null, previous: null },
    postsPublished: { current: 0, previous: 0 },
  },
};

const SEEDED: Dashboard = {
  upcoming: [
    {
      postId: 'post-1',
      scheduledAt: '2030-03-05T08:00:00.000Z',
      timezone: 'Europe/Paris',
      platforms: ['mastodon', 'bluesky'],
      excerpt: 'Spring launch',
    },
  ],
  recent: [
    {
      targetId: 't-1',
      postId: 'post-2',
      platform: 'mastodon',
      accountHandle: 'ada',
      excerpt: 'Hello fediverse',
      publishedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      url: 'https://mastodon.example/@ada/1',
      metrics: { views: null, reach: null, likes: 12, comments: 3, shares: 0, saves: null, clicks: null },
    },
    {
      targetId: 't-2',
      postId: 'post-3',
      platform: 'tiktok',
      accountHandle: null,
      excerpt: 'Fresh clip',
      publishedAt: new Date(Date.now() - 600_000).toISOString(),
      url: null,
      metrics: null,
    },
  ],
  attention: [
    {
      targetId: 't-3',
      postId: 'post-4',
      platform: 'mastodon',
      status: 'failed',
      reason: 'Validation failed: Text character limit of 500 exceeded',
      excerpt: 'Too long',
      scheduledAt: '2030-03-04T10:00:00.000Z',
      timezone: 'UTC',
      canRetry: true,
    },
    {
      targetId: 't-4',
      postId: 'post-5',
      platform: 'linkedin',
      status: 'needs_account',
      reason: PUBLISH_MESSAGES.noAccount('linkedin'),
      excerpt: 'For LinkedIn',
      scheduledAt: null,
      timezone: 'UTC',
      canRetry: false,
    },
  ],
  attentionTotal: 2,
  reconnect: [
    {
      accountId: 'a-1',
      platform: 'bluesky',
      handle: 'ada.bsky.social',
      displayName: '',
      lastError: 'Token expired',
    },
  ],
  week: {
    followers: { current: 2110, previous: 2000 },
    engagements: { current: 18, previous: null },
    postsPublished: { current: 6, previous: 3 },
  },
};

/** The user chose Tokyo in Settings: the dashboard shows every time there, whatever zone a post was planned in. */
const IN_TOKYO: UserSettings = {
  ...defaultUserSettings(),
  region: { language: 'en', timezone: 'Asia/Tokyo', weekStart: 'auto' },
};

function renderState(answer: () => Dashboard) {
  const api = fakeApi({
    'GET /api/dashboard': answer,
    'GET /api/settings': IN_TOKYO,
    'POST /api/posts/post-4/targets/t-3/retry': { id: 'post-4', targets: [] },
  });
  renderWithProviders(<YourState />);
  return api;
}

describe('YourState (dashboard)', () => {
  it('shows empty states and "not available", never sample figures, for a new workspace', async () => {
    renderState(() => EMPTY);
    const week = await screen.findByRole('region', { name: 'Last 7 days' });
    expect(within(week).getAllByText('not available')).toHaveLength(2);
    expect(within(week).getByText('0')).toBeTruthy();
    expect(screen.getByText('Nothing is scheduled. Plan a post and it shows up here.')).toBeTruthy();
    expect(
      screen.getByText('Nothing published yet. Your published posts and their first figures show up here.'),
    ).toBeTruthy();
    expect(screen.getByText('Nothing needs your attention: every post is on track.')).toBeTruthy();
  });

  it('shows the seeded posts, figures, failures and accounts, and retries a failed target', async () => {
    const api = renderState(() => SEEDED);
    const attention = await screen.findByRole('region', { name: 'Needs attention' });
    expect(
      within(attention).getByText('Mastodon: Validation failed: Text character limit of 500 exceeded'),
    ).toBeTruthy();
    expect(within(attention).getByText(`LinkedIn: ${PUBLISH_MESSAGES.noAccount('linkedin')}`)).toBeTruthy();
    expect(
      within(attention)
        .getByRole('link', { name: /Reconnect/ })
        .getAttribute('href'),
    ).toBe('/connected-accounts');
    expect(within(attention).getAllByRole('button', { name: /Retry/ })).toHaveLength(1);

    const upcoming = screen.getByRole('region', { name: 'Next scheduled posts' });
    // 08:00 UTC is 5:00 PM in Tokyo, the user's zone (9:00 AM in Paris, the zone it was planned in).
    expect(await within(upcoming).findByText(/5:00\sPM/)).toBeTruthy();
    expect(
      within(upcoming)
        .getByRole('link', { name: /Spring launch/ })
        .getAttribute('href'),
    ).toBe('/post-composer?post=post-1');

    const recent = screen.getByRole('region', { name: 'Recently published' });
    expect(within(recent).getByText('12')).toBeTruthy();
    expect(within(recent).getAllByText('not available')).toHaveLength(1);
    expect(within(recent).getByText('collecting…')).toBeTruthy();

    const week = screen.getByRole('region', { name: 'Last 7 days' });
    expect(within(week).getByText('2,110')).toBeTruthy();
    expect(within(week).getByText('+5.5%')).toBeTruthy();
    expect(within(week).getByText('+100%')).toBeTruthy();

    await userEvent.click(within(attention).getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(api.callsTo('POST /api/posts/post-4/targets/t-3/retry')).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET /api/dashboard').length).toBeGreaterThan(1));
  });

  it('says so when the dashboard cannot load', async () => {
    fakeApi({ '*': apiError(500, 'boom') });
    renderWithProviders(<YourState />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load your dashboard');
  });
});
