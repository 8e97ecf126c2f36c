import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { LinkClicksSection } from './link-clicks-section';

const REPORT = {
  rows: [
    {
      linkId: 'l1',
      code: 'Ab3dE9x',
      shortUrl: 'https://rc.example/Ab3dE9x',
      target: 'https://example.com/?utm_source=mastodon',
      postId: 'p1',
      postExcerpt: 'Our spring sale',
      platform: 'mastodon',
      clicks: 7,
      crawlerHits: 2,
      visitors: 5,
      countries: [
        { country: 'DE', clicks: 4 },
        { country: 'FR', clicks: 2 },
      ],
    },
  ],
  referrers: [{ site: 'mastodon.social', clicks: 5 }],
  devices: [{ device: 'mobile', clicks: 7 }],
  countries: [
    { country: 'DE', clicks: 4 },
    { country: 'US', clicks: 3 },
  ],
};

describe('Link clicks on /analytics', () => {
  it('shows each link with its post, network, clicks and link previews, for the page’s period', async () => {
    const api = fakeApi({ 'GET /api/short-links/clicks': REPORT });
    renderWithProviders(<LinkClicksSection />, { route: '/analytics?range=7d' });
    const row = await screen.findByTestId('link-clicks-row');
    expect(within(row).getAllByText('Our spring sale').length).toBeGreaterThan(0);
    expect(within(row).getByText('Mastodon')).toBeTruthy();
    expect(within(row).getByText('7')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('5')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Unique visitors' })).toBeTruthy();
    expect(screen.getByText('From: mastodon.social (5)')).toBeTruthy();
    expect(screen.getByText(/Countries: Germany \(4\), United States \(3\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'IP geolocation by DB-IP' }).getAttribute('href')).toBe(
      'https://db-ip.com',
    );
    const url = new URL(api.callsTo('GET /api/short-links/clicks')[0]!.url, 'http://app.test');
    const days =
      (Date.parse(url.searchParams.get('to')!) - Date.parse(url.searchParams.get('from')!)) / 86_400_000;
    expect(days).toBe(7);
    expect(url.searchParams.has('accounts')).toBe(false);
    expect(within(row).getByText('Germany (4), France (2)')).toBeTruthy();
    expect(screen.queryByText(/links made by hand are left out/)).toBeNull();
  });

  it('applies the page’s network and account filters, and says links made by hand are left out', async () => {
    const api = fakeApi({ 'GET /api/short-links/clicks': REPORT });
    renderWithProviders(<LinkClicksSection />, {
      route: '/analytics?range=7d&platform=mastodon&account=acc-1',
    });
    await screen.findByTestId('link-clicks-row');
    const url = new URL(api.callsTo('GET /api/short-links/clicks')[0]!.url, 'http://app.test');
    expect(url.searchParams.get('platforms')).toBe('mastodon');
    expect(url.searchParams.get('accounts')).toBe('acc-1');
    expect(
      screen.getByText(
        'Only the links of posts sent to the chosen account; links made by hand are left out.',
      ),
    ).toBeTruthy();
  });
});

describe('Link clicks on /analytics with a custom range', () => {
  it('asks for the range’s days, from the first day’s start to the end of the last', async () => {
    const api = fakeApi({ 'GET /api/short-links/clicks': REPORT });
    renderWithProviders(<LinkClicksSection />, {
      route: '/analytics?range=custom&from=2026-03-01&to=2026-03-31',
    });
    await screen.findByTestId('link-clicks-row');
    expect(
      screen.getByText(
        'Clicks on your short links from 2026-03-01 to 2026-03-31, per post, network and link.',
      ),
    ).toBeTruthy();
    const url = new URL(api.callsTo('GET /api/short-links/clicks')[0]!.url, 'http://app.test');
    const from = Date.parse(url.searchParams.get('from')!);
    const to = Date.parse(url.searchParams.get('to')!);
    // 31 days, give or take a daylight-saving hour in the user's zone.
    expect(Math.abs((to - from) / 3_600_000 - 31 * 24)).toBeLessThanOrEqual(1);
    expect(Math.abs(from - Date.parse('2026-03-01T00:00:00Z'))).toBeLessThanOrEqual(14 * 3_600_000);
  });

  it('shows the last 30 days for a custom range the page refuses', async () => {
    fakeApi({ 'GET /api/short-links/clicks': REPORT });
    renderWithProviders(<LinkClicksSection />, { route: '/analytics?range=custom&from=2026-03-31' });
    expect(
      await screen.findByText('Clicks on your short links in the last 30 days, per post, network and link.'),
    ).toBeTruthy();
  });
});
