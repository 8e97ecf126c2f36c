import type { CreatedReportLink } from '@relaycast/shared/analytics-report';
import type { ShortLink } from '@relaycast/shared/short-links';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/auth-requests';
import { shortLinkClicks } from '../../db/schema/index';

/**
 * Link clicks in the reports (docs/short-links.md): the CSV export's "Link clicks" section and the report link's
 * `/link-clicks` (what the PDF prints) over the report's days, another workspace's links never in them.
 */

const s = useTestApp({ ada: 'Ada', bob: 'Bob' });
const MARCH = { range: 'custom', from: '2026-03-01', to: '2026-03-31' } as const;

async function linkWithClicks(member: typeof s.ada, target: string, hour: string, clicks: number) {
  const made = await member.send('POST', '/api/short-links', { target });
  expect(made.statusCode, made.body).toBe(201);
  const link = made.json() as ShortLink;
  await s.t.db.insert(shortLinkClicks).values([
    { linkId: link.id, hour: new Date(hour), count: clicks },
    { linkId: link.id, hour: new Date(hour), crawler: 'Twitterbot', count: 2 },
  ]);
  return link;
}

const query = (range: Record<string, string>) => new URLSearchParams(range).toString();

describe('link clicks in the reports', () => {
  it('puts each link’s clicks of the range in the CSV export, crawlers apart', async () => {
    const march = await linkWithClicks(s.ada, 'https://example.com/march', '2026-03-10T09:00:00Z', 5);
    const april = await linkWithClicks(s.ada, 'https://example.com/april', '2026-04-02T09:00:00Z', 3);
    await linkWithClicks(s.bob, 'https://example.com/bobs', '2026-03-10T09:00:00Z', 7);
    const csv = await s.ada.get(`/api/analytics/export.csv?${query(MARCH)}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.split('\r\n');
    const start = lines.indexOf('Link clicks');
    expect(start).toBeGreaterThan(0);
    expect(lines[start + 1]).toBe(
      'Short link,Address,Network,Post,Clicks,Unique visitors,Link previews,Countries (IP geolocation by DB-IP)',
    );
    const rows = lines.slice(start + 2).filter(Boolean);
    expect(rows).toEqual([`${march.shortUrl},https://example.com/march,made by hand,,5,0,2,`]);
    expect(csv.body).not.toContain(april.code);
    expect(csv.body).not.toContain('bobs');
  });

  it('leaves out the links of the networks the export is not filtered to', async () => {
    const csv = await s.ada.get(`/api/analytics/export.csv?${query({ ...MARCH, platforms: 'mastodon' })}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.split('\r\n');
    expect(lines.slice(lines.indexOf('Link clicks') + 2).filter(Boolean)).toEqual([]);
  });

  it('gives a report link’s holder the same rows over the report’s days, and refuses a bad token', async () => {
    const shared = await s.ada.send('POST', '/api/analytics/report-links', { filters: MARCH });
    expect(shared.statusCode, shared.body).toBe(201);
    const token = (shared.json() as CreatedReportLink).path.replace('/r/', '');
    const response = await s.t.app.inject({ method: 'GET', url: `/api/reports/${token}/link-clicks` });
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = response.json() as { rows: { target: string; clicks: number; crawlerHits: number }[] };
    expect(rows.map(({ target, clicks, crawlerHits }) => ({ target, clicks, crawlerHits }))).toEqual([
      { target: 'https://example.com/march', clicks: 5, crawlerHits: 2 },
    ]);
    const wrong = await s.t.app.inject({ method: 'GET', url: `/api/reports/${'x'.repeat(43)}/link-clicks` });
    expect(wrong.statusCode).toBe(404);
  });
});
