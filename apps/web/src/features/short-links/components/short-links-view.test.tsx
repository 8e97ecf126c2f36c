import { SHORT_LINK_MESSAGES, type ShortLink } from '@relaycast/shared/short-links';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { ShortLinkSettingsCard } from './short-link-settings';
import { ShortLinksView } from './short-links-view';

const LINK: ShortLink = {
  id: 'l1',
  code: 'Ab3dE9x',
  shortUrl: 'https://rc.example/Ab3dE9x',
  target: 'https://example.com/article',
  postId: null,
  platform: null,
  disabled: false,
  clicks: 12,
  crawlerHits: 3,
  visitors: 9,
  countries: [
    { country: 'DE', clicks: 7 },
    { country: 'FR', clicks: 2 },
  ],
  createdBy: 'u1',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};

function linksApi(role: string) {
  let links = [LINK];
  return fakeApi({
    'GET /api/workspaces/current': { id: 'w1', name: 'Acme', role },
    'GET /api/short-links': () => ({ links }),
    'POST /api/short-links': ({ body }) => {
      const { code } = body as { code?: string };
      if (code === 'taken-code') {
        return new Response(JSON.stringify({ code: 'CONFLICT', message: SHORT_LINK_MESSAGES.codeTaken }), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        });
      }
      const made = {
        ...LINK,
        id: 'l2',
        code: code ?? 'Zz9Yy8X',
        shortUrl: `https://rc.example/${code ?? 'Zz9Yy8X'}`,
        target: (body as { target: string }).target,
        clicks: 0,
      };
      links = [made, ...links];
      return new Response(JSON.stringify(made), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    },
    'PATCH /api/short-links/l1': ({ body }) => {
      links = links.map((link) => (link.id === 'l1' ? { ...link, ...(body as Partial<ShortLink>) } : link));
      return links.find((link) => link.id === 'l1');
    },
    'GET /api/short-links/settings': { mode: 'ask', campaign: '', baseUrl: 'https://rcst.link' },
    'PUT /api/short-links/settings': ({ body }) => ({ ...(body as object), baseUrl: 'https://rcst.link' }),
  });
}

describe('the Links page', () => {
  it('lists each link with its clicks, link previews apart, and its visitors’ countries', async () => {
    linksApi('editor');
    renderWithProviders(<ShortLinksView />, { route: '/links' });
    const row = await screen.findByTestId('short-link');
    expect(within(row).getByRole('link', { name: LINK.shortUrl })).toBeTruthy();
    expect(within(row).getByText('12 clicks')).toBeTruthy();
    expect(within(row).getByText(/3 link-preview visits/)).toBeTruthy();
    expect(within(row).getByText(/9 unique visitors/)).toBeTruthy();
    expect(within(row).getByTestId('short-link-countries').textContent).toContain(
      'Countries: Germany (7), France (2)',
    );
    expect(within(row).getByRole('link', { name: 'IP geolocation by DB-IP' }).getAttribute('href')).toBe(
      'https://db-ip.com',
    );
  });

  it('shows no countries line for a link without a located click', async () => {
    fakeApi({
      'GET /api/workspaces/current': { id: 'w1', name: 'Acme', role: 'viewer' },
      'GET /api/short-links': { links: [{ ...LINK, countries: [] }] },
    });
    renderWithProviders(<ShortLinksView />, { route: '/links' });
    const row = await screen.findByTestId('short-link');
    expect(within(row).getByText('12 clicks')).toBeTruthy();
    expect(within(row).queryByTestId('short-link-countries')).toBeNull();
  });

  it('refuses a javascript: address before sending it, and makes a link of a web address', async () => {
    const api = linksApi('editor');
    renderWithProviders(<ShortLinksView />, { route: '/links' });
    const field = await screen.findByLabelText('Address to shorten');
    await userEvent.type(field, 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Shorten' }));
    expect((await screen.findByRole('alert')).textContent).toContain(SHORT_LINK_MESSAGES.targetScheme);
    expect(api.callsTo('POST /api/short-links')).toHaveLength(0);
    await userEvent.clear(field);
    await userEvent.type(field, 'https://example.org/new');
    await userEvent.click(screen.getByRole('button', { name: 'Shorten' }));
    await waitFor(() => expect(screen.getAllByTestId('short-link')).toHaveLength(2));
    expect(api.callsTo('POST /api/short-links')[0]?.body).toEqual({ target: 'https://example.org/new' });
  });

  it('makes a link under a custom code, says why a code is refused and when it is taken', async () => {
    const api = linksApi('editor');
    renderWithProviders(<ShortLinksView />, { route: '/links' });
    await userEvent.type(await screen.findByLabelText('Address to shorten'), 'https://example.org/sale');
    const code = screen.getByLabelText('Custom code (optional)');
    await userEvent.type(code, 'pricing');
    await userEvent.click(screen.getByRole('button', { name: 'Shorten' }));
    expect((await screen.findByRole('alert')).textContent).toContain(SHORT_LINK_MESSAGES.codeReserved);
    expect(api.callsTo('POST /api/short-links')).toHaveLength(0);
    await userEvent.clear(code);
    await userEvent.type(code, 'taken-code');
    await userEvent.click(screen.getByRole('button', { name: 'Shorten' }));
    expect((await screen.findByRole('alert')).textContent).toContain(SHORT_LINK_MESSAGES.codeTaken);
    await userEvent.clear(code);
    await userEvent.type(code, 'Spring_Sale');
    await userEvent.click(screen.getByRole('button', { name: 'Shorten' }));
    expect(await screen.findByRole('link', { name: 'https://rc.example/Spring_Sale' })).toBeTruthy();
    expect(api.callsTo('POST /api/short-links').map((call) => call.body)).toEqual([
      { target: 'https://example.org/sale', code: 'taken-code' },
      { target: 'https://example.org/sale', code: 'Spring_Sale' },
    ]);
  });

  it('edits a target and turns a link off', async () => {
    const api = linksApi('editor');
    renderWithProviders(<ShortLinksView />, { route: '/links' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit address' }));
    const field = screen.getByLabelText('New address');
    await userEvent.clear(field);
    await userEvent.type(field, 'https://example.org/moved');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('https://example.org/moved')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Off')).toBeTruthy();
    expect(api.callsTo('PATCH /api/short-links/l1').map((call) => call.body)).toEqual([
      { target: 'https://example.org/moved' },
      { disabled: true },
    ]);
  });

  it('shows a viewer the links without the form or the buttons', async () => {
    linksApi('viewer');
    renderWithProviders(<ShortLinksView />, { route: '/links' });
    await screen.findByTestId('short-link');
    expect(screen.queryByLabelText('Address to shorten')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
  });

  it('lets an admin choose when posts are shortened, saved as it changes; an editor only reads it', async () => {
    const api = linksApi('admin');
    const { unmount } = renderWithProviders(<ShortLinkSettingsCard />, { route: '/links' });
    await userEvent.selectOptions(await screen.findByLabelText('Shorten the links of posts'), 'always');
    await waitFor(() =>
      expect(api.callsTo('PUT /api/short-links/settings').map((call) => call.body)).toEqual([
        { mode: 'always', campaign: '' },
      ]),
    );
    expect(await screen.findByText('Saved')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Campaign (utm_campaign)'), 'Spring sale{Enter}');
    await waitFor(() => expect(api.callsTo('PUT /api/short-links/settings')).toHaveLength(2));
    expect(api.callsTo('PUT /api/short-links/settings')[1]?.body).toEqual({
      mode: 'always',
      campaign: 'Spring sale',
    });
    // Leaving the field unchanged sends nothing more; a name too long is said, not sent.
    await userEvent.click(document.body);
    await userEvent.type(screen.getByLabelText('Campaign (utm_campaign)'), 'x'.repeat(80));
    await userEvent.tab();
    expect(await screen.findByText('Keep the campaign name under 80 characters.')).toBeTruthy();
    expect(api.callsTo('PUT /api/short-links/settings')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Save link settings' })).toBeNull();
    unmount();
    linksApi('editor');
    renderWithProviders(<ShortLinkSettingsCard />, { route: '/links' });
    expect(await screen.findByText('Your workspace owner or an admin changes these settings.')).toBeTruthy();
    expect((screen.getByLabelText('Shorten the links of posts') as HTMLSelectElement).disabled).toBe(true);
  });
});
