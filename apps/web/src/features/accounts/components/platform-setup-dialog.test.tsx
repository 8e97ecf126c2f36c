import {
  ACCOUNT_SETUP_MESSAGES,
  type KeyCheck,
  type PlatformSetupList,
} from '@relaycast/shared/accounts-setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { PlatformSetupDialog } from './platform-setup-dialog';

const SETUP: PlatformSetupList = {
  publicUrl: 'https://social.example.org',
  isPublicUrlSet: true,
  isPlainHttp: false,
  platforms: [
    {
      platform: 'linkedin',
      name: 'LinkedIn',
      method: 'oauth2',
      needsKeys: true,
      isConfigured: false,
      redirectUri: 'https://social.example.org/api/accounts/oauth/linkedin/callback',
      scopes: ['openid', 'profile', 'w_member_social'],
      variables: [
        { name: 'LINKEDIN_CLIENT_ID', portalName: 'Client ID', isSet: true },
        { name: 'LINKEDIN_CLIENT_SECRET', portalName: 'Primary Client Secret', isSet: false },
      ],
      portalUrl: 'https://www.linkedin.com/developers/apps',
      caveats: [...ACCOUNT_SETUP_MESSAGES.caveats.linkedin],
      canCheck: true,
    },
    {
      platform: 'twitter',
      name: 'X (Twitter)',
      method: 'oauth2',
      needsKeys: true,
      isConfigured: true,
      redirectUri: 'https://social.example.org/api/accounts/oauth/twitter/callback',
      scopes: ['tweet.read', 'tweet.write'],
      variables: [
        { name: 'TWITTER_CLIENT_ID', portalName: 'OAuth 2.0 Client ID', isSet: true },
        { name: 'TWITTER_CLIENT_SECRET', portalName: 'OAuth 2.0 Client Secret', isSet: true },
      ],
      portalUrl: 'https://console.x.com',
      caveats: [...ACCOUNT_SETUP_MESSAGES.caveats.twitter],
      canCheck: true,
    },
    {
      platform: 'mastodon',
      name: 'Mastodon',
      method: 'instance-oauth2',
      needsKeys: false,
      isConfigured: true,
      redirectUri: null,
      scopes: ['read', 'write'],
      variables: [],
      portalUrl: null,
      caveats: [...ACCOUNT_SETUP_MESSAGES.caveats.mastodon],
      canCheck: false,
    },
  ],
};

function checked(outcome: KeyCheck['outcome'], rest: Partial<KeyCheck> = {}): KeyCheck {
  return {
    platform: 'twitter',
    outcome,
    message: ACCOUNT_SETUP_MESSAGES.outcome.ok,
    detail: null,
    checked: [ACCOUNT_SETUP_MESSAGES.checked.clientAuthentication, ACCOUNT_SETUP_MESSAGES.checked.https],
    notChecked: [ACCOUNT_SETUP_MESSAGES.notChecked.redirect],
    checkedAt: '2026-11-26T10:00:00.000Z',
    ...rest,
  };
}

describe('PlatformSetupDialog', () => {
  it('gives an unconfigured platform its redirect address, scopes, variables, caveats and portal', async () => {
    fakeApi({ 'GET /api/accounts/platform-setup': SETUP });
    renderWithProviders(<PlatformSetupDialog platform="linkedin" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Set up LinkedIn' });
    const address = await within(dialog).findByLabelText('Redirect address');
    expect((address as HTMLInputElement).value).toBe(
      'https://social.example.org/api/accounts/oauth/linkedin/callback',
    );
    expect(within(dialog).getByRole('button', { name: 'Copy redirect address' })).toBeTruthy();
    const scopes = within(dialog).getByRole('list', { name: 'Scopes' });
    expect(
      within(scopes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['openid', 'profile', 'w_member_social']);
    const variables = within(dialog).getByRole('list', { name: 'Variables for LinkedIn' });
    const secret = within(variables).getByText('LINKEDIN_CLIENT_SECRET').closest('li') as HTMLElement;
    expect(secret.textContent).toContain('Primary Client Secret');
    expect(secret.textContent).toContain('Missing');
    expect(
      within(dialog).getByText(/Posting as a company Page needs the Community Management API/),
    ).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'Open the LinkedIn developer portal' }).getAttribute('href'),
    ).toBe('https://www.linkedin.com/developers/apps');
    // Not configured yet: nothing to check, and it says when there will be.
    expect(within(dialog).queryByRole('button', { name: 'Check keys' })).toBeNull();
    expect(within(dialog).getByText(/Once both variables are set/)).toBeTruthy();
  });

  it('checks the keys of a configured platform and shows what was and was not checked', async () => {
    const api = fakeApi({
      'GET /api/accounts/platform-setup': SETUP,
      'POST /api/accounts/platform-setup/twitter/check': checked('ok'),
    });
    renderWithProviders(<PlatformSetupDialog platform="twitter" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Set up X (Twitter)' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Check keys' }));
    const result = await within(dialog).findByRole('status');
    expect(result.textContent).toContain('The keys work.');
    expect(result.textContent).toContain(ACCOUNT_SETUP_MESSAGES.checked.clientAuthentication);
    expect(result.textContent).toContain(ACCOUNT_SETUP_MESSAGES.notChecked.redirect);
    expect(api.callsTo('POST /api/accounts/platform-setup/twitter/check')).toHaveLength(1);
  });

  it("shows a refusal in the platform's own words", async () => {
    fakeApi({
      'GET /api/accounts/platform-setup': SETUP,
      'POST /api/accounts/platform-setup/twitter/check': checked('refused', {
        message: ACCOUNT_SETUP_MESSAGES.outcome.refused,
        detail: 'Client authentication failed.',
        checked: [],
      }),
    });
    renderWithProviders(<PlatformSetupDialog platform="twitter" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Set up X (Twitter)' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Check keys' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toContain(
        'The platform refused these keys.X (Twitter) answered: “Client authentication failed.”',
      ),
    );
  });

  it('says a platform without keys has nothing to register', async () => {
    fakeApi({ 'GET /api/accounts/platform-setup': SETUP });
    renderWithProviders(<PlatformSetupDialog platform="mastodon" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Set up Mastodon' });
    expect(await within(dialog).findByText(/^Nothing to register: Relaycast registers itself/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Redirect address')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Check keys' })).toBeNull();
  });
});
