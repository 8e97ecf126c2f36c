import { DEFAULT_USER_SETTINGS, type UserSettings as Settings } from '@relaycast/shared/settings';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useWeekStart } from '@/api/settings';
import { applyLanguage, i18n } from '@/i18n';
import { apiError, fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { UserSettings } from './user-settings';

/** The endpoints the form and its parts read, answering as a fresh account would; PUT stores what it is given. */
function fakeServer(options: { refuse?: boolean } = {}) {
  let stored: Settings = structuredClone(DEFAULT_USER_SETTINGS);
  const api = fakeApi({
    'GET /api/settings': () => stored,
    'PUT /api/settings': ({ body }) => {
      if (options.refuse) return apiError(500, 'The database is down.');
      stored = body as Settings;
      return stored;
    },
    'GET /api/api-keys': { keys: [], enabled: true },
    'GET /api/sessions': { devices: [] },
  });
  return { api, puts: () => api.callsTo('PUT /api/settings').map((call) => call.body as Settings) };
}

function WeekStartProbe() {
  return <output aria-label="week start">{useWeekStart()}</output>;
}

function section(name: string): HTMLElement {
  return screen.getByRole('heading', { name }).closest('section') as HTMLElement;
}

afterEach(async () => {
  await act(() => applyLanguage('en'));
});

describe('the user settings form, composed of several features', () => {
  it('shows the push switch under Notifications, and two-factor, API keys and devices under Security', async () => {
    fakeServer();
    renderWithProviders(<UserSettings />, { route: '/settings' });
    const notifications = (await screen.findByRole('heading', { name: 'Notifications' })).closest('section');
    expect(notifications).not.toBeNull();
    expect(
      within(notifications as HTMLElement).getByRole('switch', { name: 'Push notifications' }),
    ).toBeTruthy();

    const security = section('Security');
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

describe('settings save as you go', () => {
  it('has no Save button: a switch is saved when flipped, and its section says "Saved"', async () => {
    const { puts } = fakeServer();
    renderWithProviders(<UserSettings />, { route: '/settings' });
    const notifications = (await screen.findByRole('heading', { name: 'Notifications' })).closest(
      'section',
    ) as HTMLElement;
    expect(screen.queryByRole('button', { name: /save/i })).toBeNull();

    await userEvent.click(within(notifications).getByRole('switch', { name: 'Stream notifications' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.notifications.streamNotifications).toBe(false);
    expect(await within(notifications).findByText('Saved')).toBeTruthy();
    // Only the section that changed says so.
    expect(within(section('Security')).queryByText('Saved')).toBeNull();
  });

  it('saves quick changes in order, so the last one is what the server keeps', async () => {
    const { puts } = fakeServer();
    renderWithProviders(<UserSettings />, { route: '/settings' });
    const email = await screen.findByRole('switch', { name: 'Email notifications' });
    await userEvent.click(email);
    await userEvent.click(screen.getByRole('switch', { name: 'Stream notifications' }));
    await userEvent.click(email);
    await waitFor(() => expect(puts()).toHaveLength(3));
    expect(puts().at(-1)?.notifications).toEqual({
      emailNotifications: true,
      pushNotifications: true,
      streamNotifications: false,
    });
  });

  it('switches the language as it is picked, and saves it', async () => {
    const { puts } = fakeServer();
    renderWithProviders(<UserSettings />, { route: '/settings' });
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'de');
    expect(await screen.findByRole('heading', { name: 'Sprache & Region' })).toBeTruthy();
    await waitFor(() => expect(puts().at(-1)?.region.language).toBe('de'));
  });

  it('starts weeks where the language says unless the user picks a day, for every calendar (useWeekStart)', async () => {
    const { puts } = fakeServer();
    renderWithProviders(
      <>
        <UserSettings />
        <WeekStartProbe />
      </>,
      { route: '/settings' },
    );
    const probe = () => screen.getByRole('status', { name: 'week start' }).textContent;
    await screen.findByLabelText('First day of the week');
    expect(probe()).toBe('0'); // English: Sunday
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'de');
    await waitFor(() => expect(probe()).toBe('1')); // German: Monday
    const weekStart = await screen.findByLabelText('Erster Tag der Woche');
    expect(within(weekStart).getByRole('option', { name: 'Wie die Sprache (Montag)' })).toBeTruthy();
    await userEvent.selectOptions(weekStart, 'sunday');
    await waitFor(() => expect(probe()).toBe('0'));
    await waitFor(() => expect(puts().at(-1)?.region).toMatchObject({ language: 'de', weekStart: 'sunday' }));
  });

  it('shows the server’s refusal and what is stored again', async () => {
    const { puts } = fakeServer({ refuse: true });
    renderWithProviders(<UserSettings />, { route: '/settings' });
    const stream = await screen.findByRole('switch', { name: 'Stream notifications' });
    await userEvent.click(stream);
    await waitFor(() => expect(puts()).toHaveLength(1));
    await waitFor(() => expect(stream.getAttribute('aria-checked')).toBe('true'));
  });
});
