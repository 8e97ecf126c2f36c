import { DEFAULT_USER_SETTINGS } from '@relaycast/shared/settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { UserSettings } from './user-settings';

/** The endpoints the form and its parts read, answering as a fresh account would. */
function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/settings') return new Response(JSON.stringify(DEFAULT_USER_SETTINGS));
      if (url === '/api/api-keys') return new Response(JSON.stringify({ keys: [], enabled: true }));
      if (url === '/api/sessions') return new Response(JSON.stringify({ devices: [] }));
      return new Response('{}', { status: 404 });
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the user settings form, composed of several features', () => {
  it('shows the push switch under Notifications, and two-factor, API keys and devices under Security', async () => {
    stubServer();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <UserSettings />
      </QueryClientProvider>,
    );
    const notifications = (await screen.findByRole('heading', { name: 'Notifications' })).closest('section');
    expect(notifications).not.toBeNull();
    expect(
      within(notifications as HTMLElement).getByRole('switch', { name: 'Push notifications' }),
    ).toBeTruthy();

    const security = screen.getByRole('heading', { name: 'Security' }).closest('section') as HTMLElement;
    const order = [
      within(security).getByRole('switch', { name: 'Two-factor authentication' }),
      within(security).getByRole('switch', { name: 'API key access' }),
      await within(security).findByText('No API keys yet.'),
      await within(security).findByText('Signed-in devices'),
    ];
    for (let index = 1; index < order.length; index++) {
      const previous = order[index - 1] as HTMLElement;
      expect(
        previous.compareDocumentPosition(order[index] as HTMLElement) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
  });

  it('keeps the moved parts translated: the collection table’s "Next" is not the pager’s', () => {
    expect(i18n.t('Next', { ns: 'analytics', context: 'collection', lng: 'fr' })).toBe('Prochaine');
    expect(i18n.t('Next', { ns: 'analytics', lng: 'fr' })).toBe('Suivant');
    expect(i18n.t('Signed-in devices', { ns: 'devices', lng: 'de' })).not.toBe('Signed-in devices');
  });
});
