import type { ConnectablePlatformList, SocialAccount } from '@relaycast/shared/accounts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { ConnectedAccountsScreen } from './connected-accounts-screen';

const ACCOUNT: SocialAccount = {
  id: 'a1',
  platform: 'twitter',
  handle: 'ada',
  displayName: 'Ada',
  avatarUrl: null,
  instanceUrl: null,
  status: 'needs_reconnect',
  lastSyncAt: '2026-11-20T10:00:00.000Z',
  lastError: 'X refused the refresh token.',
  timezone: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

const PLATFORMS: ConnectablePlatformList = {
  platforms: [
    { platform: 'twitter', name: 'X (Twitter)', method: 'oauth2', state: 'ready', missing: [] },
    {
      platform: 'linkedin',
      name: 'LinkedIn',
      method: 'oauth2',
      state: 'not_configured',
      missing: ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'],
    },
  ],
  limits: { planName: 'Standard', socialAccounts: 3, accountsPerPlatform: 1, used: 1 },
};

function renderScreen(url: string, accounts: SocialAccount[]) {
  const api = fakeApi({
    'GET /api/accounts': { accounts },
    'GET /api/accounts/platforms': PLATFORMS,
    'PATCH /api/accounts/a1': ({ body }) => ({ ...accounts[0], ...(body as object) }),
  });
  renderWithProviders(<ConnectedAccountsScreen />, { route: url });
  return api;
}

describe('ConnectedAccountsScreen', () => {
  it('warns about an account that needs reconnecting and offers Reconnect with the reason', async () => {
    renderScreen('/connected-accounts', [ACCOUNT]);
    expect(
      await screen.findByText(
        '1 account needs reconnecting: posts to it cannot be published until you reconnect.',
      ),
    ).toBeTruthy();
    const row = screen.getByRole('listitem', { name: 'ada on X (Twitter)' });
    expect(within(row).getByText('Needs reconnect')).toBeTruthy();
    expect(within(row).getByText('X refused the refresh token.')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Reconnect' })).toBeTruthy();
  });

  it("saves an account's audience time zone for its best time, and clears it with Same as mine", async () => {
    const api = renderScreen('/connected-accounts', [
      { ...ACCOUNT, status: 'connected', timezone: 'America/New_York' },
    ]);
    const row = await screen.findByRole('listitem', { name: 'ada on X (Twitter)' });
    const zone = within(row).getByLabelText('Audience time zone (best time)') as HTMLSelectElement;
    expect(zone.value).toBe('America/New_York');
    await userEvent.setup().selectOptions(zone, 'Same as mine');
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === 'PATCH')).toMatchObject([
        { url: '/api/accounts/a1', body: { timezone: null } },
      ]),
    );
  });

  it('names the variables of a platform that is not configured, with no Connect button', async () => {
    renderScreen('/connected-accounts', []);
    const linkedin = await screen.findByRole('listitem', { name: 'LinkedIn' });
    expect(within(linkedin).getByText('Not configured')).toBeTruthy();
    expect(within(linkedin).getByText('LINKEDIN_CLIENT_ID')).toBeTruthy();
    expect(within(linkedin).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Connect X (Twitter)' })).toBeTruthy();
  });

  it('offers Set up on each platform to those who connect accounts, and opens its setup', async () => {
    fakeApi({
      'GET /api/accounts': { accounts: [] },
      'GET /api/accounts/platforms': PLATFORMS,
      'GET /api/workspaces/current': { id: 'w1', name: 'Acme', role: 'admin' },
      'GET /api/accounts/platform-setup': {
        publicUrl: '',
        isPublicUrlSet: true,
        isPlainHttp: false,
        platforms: [],
      },
    });
    renderWithProviders(<ConnectedAccountsScreen />, { route: '/connected-accounts' });
    const linkedin = await screen.findByRole('listitem', { name: 'LinkedIn' });
    await userEvent.click(await within(linkedin).findByRole('button', { name: 'Set up LinkedIn' }));
    expect(await screen.findByRole('dialog', { name: 'Set up LinkedIn' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up X (Twitter)' })).toBeTruthy();
  });

  it('offers no Set up to a role that does not connect accounts', async () => {
    const api = fakeApi({
      'GET /api/accounts': { accounts: [] },
      'GET /api/accounts/platforms': PLATFORMS,
      'GET /api/workspaces/current': { id: 'w1', name: 'Acme', role: 'editor' },
    });
    renderWithProviders(<ConnectedAccountsScreen />, { route: '/connected-accounts' });
    const linkedin = await screen.findByRole('listitem', { name: 'LinkedIn' });
    await screen.findByRole('button', { name: 'Connect X (Twitter)' });
    await waitFor(() => expect(api.callsTo('GET /api/workspaces/current')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(linkedin).queryByRole('button')).toBeNull();
  });

  it('shows the outcome the OAuth callback put in the URL, and only known ones', async () => {
    renderScreen('/connected-accounts?result=platform_limit&platform=twitter&plan=standard', []);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your Standard plan allows 1 X (Twitter) account. Disconnect one or upgrade your plan.',
    );
  });
});
