import type { SocialAccount } from '@relaycast/shared/accounts';
import { AI_MESSAGES } from '@relaycast/shared/ai';
import { FEED_MESSAGES, type Feed } from '@relaycast/shared/feeds';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { FeedsPage } from './feeds-page';

const ACCOUNT: SocialAccount = {
  id: 'a1',
  platform: 'mastodon',
  handle: '@olive',
  displayName: 'Olive',
  avatarUrl: null,
  instanceUrl: 'https://mastodon.social',
  status: 'connected',
  lastSyncAt: null,
  lastError: null,
  timezone: null,
  createdAt: '2026-11-01T00:00:00Z',
};

function feedOf(overrides: Partial<Feed> = {}): Feed {
  return {
    id: 'f1',
    url: 'https://blog.example/feed.xml',
    intervalMinutes: 60,
    platforms: ['mastodon'],
    accountIds: [],
    mode: 'draft',
    template: '{title} {link}',
    isEnabled: true,
    aiRewrite: false,
    aiInstruction: '',
    attachImage: true,
    title: 'Example blog',
    lastFetchedAt: new Date(Date.now() - 120_000).toISOString(),
    lastItemsFound: 500,
    lastPostsCreated: 1,
    lastError: null,
    nextFetchAt: null,
    createdAt: '2026-11-20T00:00:00Z',
    ...overrides,
  };
}

describe('the feeds page', () => {
  it('adds a feed to the platforms of the connected accounts and refuses a bad address first', async () => {
    const api = fakeApi({
      'GET /api/feeds': { items: [] },
      'GET /api/accounts': { accounts: [ACCOUNT] },
      'POST /api/feeds': feedOf(),
    });
    const user = userEvent.setup();
    renderWithProviders(<FeedsPage />, { route: '/feeds' });
    await screen.findByText('No feeds yet.');
    await waitFor(() => expect(api.callsTo('GET /api/accounts')).toHaveLength(1));
    await user.type(screen.getByLabelText('Feed address'), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Add feed' }));
    expect(await screen.findByText(FEED_MESSAGES.invalidUrl)).toBeTruthy();
    expect(api.callsTo('POST /api/feeds')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Feed address'));
    await user.type(screen.getByLabelText('Feed address'), 'https://blog.example/feed.xml');
    await user.click(screen.getByRole('button', { name: 'Add feed' }));
    await waitFor(() => expect(api.callsTo('POST /api/feeds')).toHaveLength(1));
    expect(api.callsTo('POST /api/feeds')[0]?.body).toEqual({
      url: 'https://blog.example/feed.xml',
      platforms: ['mastodon'],
    });
  });

  it('shows each feed’s status in words and saves a change as it is made', async () => {
    const blocked = feedOf({ id: 'f2', title: 'Broken blog', lastError: FEED_MESSAGES.blocked });
    const api = fakeApi({
      'GET /api/feeds': { items: [feedOf(), blocked] },
      'GET /api/accounts': { accounts: [ACCOUNT] },
      'PATCH /api/feeds/f1': feedOf({ mode: 'queue' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<FeedsPage />, { route: '/feeds' });
    const card = await screen.findByRole('article', { name: 'Example blog' });
    expect(within(card).getByText(/500 items found · 1 new post/)).toBeTruthy();
    const broken = screen.getByRole('article', { name: 'Broken blog' });
    expect(within(broken).getByRole('alert').textContent).toBe(FEED_MESSAGES.blocked);

    await user.selectOptions(within(card).getByLabelText('New items'), 'queue');
    await waitFor(() => expect(api.callsTo('PATCH /api/feeds/f1')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/feeds/f1')[0]?.body).toMatchObject({ mode: 'queue' });

    const interval = within(card).getByLabelText('Check every (minutes)');
    await user.clear(interval);
    await user.type(interval, '5');
    await user.tab();
    expect(within(card).getByText(FEED_MESSAGES.intervalTooShort)).toBeTruthy();
    expect(api.callsTo('PATCH /api/feeds/f1')).toHaveLength(1);
  });

  it('turns the item’s image off and saves it', async () => {
    const api = fakeApi({
      'GET /api/feeds': { items: [feedOf()] },
      'GET /api/accounts': { accounts: [ACCOUNT] },
      'PATCH /api/feeds/f1': feedOf({ attachImage: false }),
    });
    const user = userEvent.setup();
    renderWithProviders(<FeedsPage />, { route: '/feeds' });
    const card = await screen.findByRole('article', { name: 'Example blog' });
    const attach = within(card).getByLabelText('Attach the item’s image (fetched into the media library)');
    expect((attach as HTMLInputElement).checked).toBe(true);
    await user.click(attach);
    await waitFor(() => expect(api.callsTo('PATCH /api/feeds/f1')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/feeds/f1')[0]?.body).toMatchObject({ attachImage: false });
  });

  it('turns the AI rewrite on, saves its instruction when left, and says when no provider is set', async () => {
    const api = fakeApi({
      'GET /api/feeds': { items: [feedOf()] },
      'GET /api/accounts': { accounts: [ACCOUNT] },
      'GET /api/ai/status': {
        isConfigured: false,
        provider: null,
        model: null,
        instructions: null,
        hourlyLimit: 100,
        usedThisHour: 0,
      },
      'PATCH /api/feeds/f1': feedOf({ aiRewrite: true }),
    });
    const user = userEvent.setup();
    renderWithProviders(<FeedsPage />, { route: '/feeds' });
    const card = await screen.findByRole('article', { name: 'Example blog' });
    expect(within(card).queryByLabelText('Instruction to the AI (optional)')).toBeNull();
    await user.click(within(card).getByLabelText('Rewrite each item with AI'));
    await waitFor(() => expect(api.callsTo('PATCH /api/feeds/f1')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/feeds/f1')[0]?.body).toMatchObject({ aiRewrite: true });
    expect(await within(card).findByText(AI_MESSAGES.ownerSetsProvider)).toBeTruthy();

    const instruction = within(card).getByLabelText('Instruction to the AI (optional)');
    await user.type(instruction, 'End with a question.');
    expect(api.callsTo('PATCH /api/feeds/f1')).toHaveLength(1);
    await user.tab();
    await waitFor(() => expect(api.callsTo('PATCH /api/feeds/f1')).toHaveLength(2));
    expect(api.callsTo('PATCH /api/feeds/f1')[1]?.body).toMatchObject({
      aiRewrite: true,
      aiInstruction: 'End with a question.',
    });
  });
});
