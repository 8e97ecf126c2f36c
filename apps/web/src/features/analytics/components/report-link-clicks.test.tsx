import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { ReportLinkClicks } from './report-link-clicks';
import { SharedReport } from './shared-report';

const ROW = {
  linkId: 'l1',
  code: 'Ab3dE9x',
  shortUrl: 'https://rc.example/Ab3dE9x',
  target: 'https://example.com/?utm_source=mastodon',
  postId: 'p1',
  postExcerpt: 'Our spring sale',
  platform: 'mastodon',
  clicks: 1234,
  crawlerHits: 2,
  visitors: 987,
  countries: [
    { country: 'DE', clicks: 1000 },
    { country: 'US', clicks: 234 },
  ],
};

describe('a shared report’s link clicks (the PDF prints them)', () => {
  it('shows each short link with its address, post, network, clicks and link previews', () => {
    renderWithProviders(
      <ReportLinkClicks
        rows={[ROW, { ...ROW, linkId: 'l2', postExcerpt: null, platform: null, countries: [] }]}
      />,
    );
    const section = screen.getByRole('region', { name: 'Link clicks' });
    const [first, second] = within(section).getAllByTestId('report-link-clicks-row');
    expect(first?.textContent).toContain('https://rc.example/Ab3dE9x');
    expect(first?.textContent).toContain('Our spring sale');
    expect(first?.textContent).toContain('Mastodon');
    expect(first?.textContent).toContain('1,234');
    expect(first?.textContent).toContain('987');
    expect(within(section).getByRole('columnheader', { name: 'Unique visitors' })).toBeTruthy();
    expect(second?.textContent).toContain('Made by hand');
    // Each link's countries, named, with DB-IP's credit (its licence asks for it).
    expect(within(section).getByRole('columnheader', { name: 'Countries' })).toBeTruthy();
    expect(first?.textContent).toContain('Germany (1000), United States (234)');
    expect(second?.textContent).toContain('—');
    expect(within(section).getByRole('link', { name: 'IP geolocation by DB-IP' })).toBeTruthy();
  });

  it('gives no DB-IP credit when no click has a country', () => {
    renderWithProviders(<ReportLinkClicks rows={[{ ...ROW, countries: [] }]} />);
    expect(screen.queryByRole('link', { name: 'IP geolocation by DB-IP' })).toBeNull();
  });

  it('says so when no short link was clicked', () => {
    renderWithProviders(<ReportLinkClicks rows={[]} />);
    expect(screen.getByText('No clicks on short links in this period.')).toBeTruthy();
  });

  it('is not read when the report link is refused', async () => {
    const token = 'a'.repeat(43);
    const api = fakeApi({
      [`GET /api/reports/${token}/link-clicks`]: { rows: [ROW] },
    });
    renderWithProviders(<SharedReport token={token} print={false} />, { route: `/r/${token}` });
    // The link itself answers 404 here (no route in the fake): nothing more is asked of it.
    await screen.findByText('Report unavailable');
    expect(api.callsTo(`GET /api/reports/${token}/link-clicks`)).toHaveLength(0);
  });
});
