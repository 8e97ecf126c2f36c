import type { CreatedReportLink } from '@relaycast/shared/analytics-report';
import type { ShortLink, ShortLinkClickReport } from '@relaycast/shared/short-links';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { postTargets, shortLinkClicks, shortLinks } from '../../db/schema/index';
import { insertAccount } from '../engagement/engagement.test-support';
import { insertPublishedPost } from './analytics.test-support';

/**
 * Link clicks per account and per country (docs/short-links.md, docs/decisions/0080-short-links.md): a link
 * counts for the account its post went to on the link's network, a link made by hand for none; each link's
 * countries on /links, in /analytics' rows, the CSV, a report link (the PDF) and the public API.
 */

let t: TestApp;
let ada: SignedInUser;
let eve: SignedInUser;
/** Two Mastodon accounts and a Bluesky one, all Ada's. */
const account = { mastoA: '', mastoB: '', sky: '' };
/** L1: post A's Mastodon copy (account mastoA); L2: post A's Bluesky copy (sky); L3: post B (mastoB); L4: by hand. */
const link = { l1: '', l2: '', l3: '', l4: '' };
const MARCH = { from: '2026-03-01T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' };
const MARCH_DAYS = 'range=custom&from=2026-03-01&to=2026-03-31';

async function insertLink(id: string, postId: string | null, platform: string | null) {
  await t.db.insert(shortLinks).values({
    id,
    workspaceId: ada.workspaceId,
    code: `Acc${id}${Math.random().toString(36).slice(2, 8)}`,
    target: `https://example.com/${id}`,
    postId,
    platform,
    sourceUrl: postId ? `https://example.com/${id}` : null,
  });
  return id;
}

async function postOf(targetId: string): Promise<string> {
  const rows = await t.db.select().from(postTargets);
  return rows.find((row) => row.id === targetId)?.postId ?? '';
}

beforeAll(async () => {
  t = await createTestApp();
  ada = await signInAsNewUser(t, { name: 'Ada Accounts' });
  eve = await signInAsNewUser(t, { name: 'Eve Accounts' });
  account.mastoA = await insertAccount(t, ada.workspaceId, 'mastodon', { handle: 'ada@a.social' });
  account.mastoB = await insertAccount(t, ada.workspaceId, 'mastodon', { handle: 'ada@b.social' });
  account.sky = await insertAccount(t, ada.workspaceId, 'bluesky', { handle: 'ada.bsky.social' });
  const postA = await postOf(
    await insertPublishedPost(t, ada.workspaceId, account.mastoA, 'mastodon', {
      text: 'Post A',
      publishedAt: '2026-03-02T10:00:00Z',
    }),
  );
  await t.db.insert(postTargets).values({
    id: `tgt-sky-${postA}`,
    workspaceId: ada.workspaceId,
    postId: postA,
    platform: 'bluesky',
    accountId: account.sky,
    status: 'published',
    publishedAt: new Date('2026-03-02T10:00:00Z'),
  });
  const postB = await postOf(
    await insertPublishedPost(t, ada.workspaceId, account.mastoB, 'mastodon', {
      text: 'Post B',
      publishedAt: '2026-03-03T10:00:00Z',
    }),
  );
  link.l1 = await insertLink(`l1-${postA}`, postA, 'mastodon');
  link.l2 = await insertLink(`l2-${postA}`, postA, 'bluesky');
  link.l3 = await insertLink(`l3-${postB}`, postB, 'mastodon');
  link.l4 = await insertLink(`l4-${postB}`, null, null);
  const march = new Date('2026-03-10T09:00:00Z');
  await t.db.insert(shortLinkClicks).values([
    { linkId: link.l1, hour: march, country: 'US', count: 3 },
    { linkId: link.l1, hour: march, country: 'DE', count: 2 },
    // A crawler's country is not a visitor's; April is outside March but in the link's to-date countries.
    { linkId: link.l1, hour: march, country: 'GB', crawler: 'Twitterbot', count: 6 },
    { linkId: link.l1, hour: new Date('2026-04-02T09:00:00Z'), country: 'JP', count: 1 },
    { linkId: link.l2, hour: march, country: 'FR', count: 4 },
    { linkId: link.l3, hour: march, count: 3 },
    { linkId: link.l4, hour: march, country: 'US', count: 2 },
  ]);
});

afterAll(() => t.close());

async function clicks(member: SignedInUser, scope: Record<string, string> = {}) {
  const query = new URLSearchParams({ ...MARCH, ...scope });
  const response = await member.get(`/api/short-links/clicks?${query.toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ShortLinkClickReport;
}

const idsOf = (report: ShortLinkClickReport) => report.rows.map((row) => row.linkId).sort();

describe('link clicks by account', () => {
  it('counts a link for the account its post went to on the link’s network, and no link made by hand', async () => {
    expect(idsOf(await clicks(ada))).toEqual([link.l1, link.l2, link.l3, link.l4].sort());
    const a = await clicks(ada, { accounts: account.mastoA });
    expect(idsOf(a)).toEqual([link.l1]);
    // The same post's Bluesky copy went to the Bluesky account, not to mastoA.
    expect(idsOf(await clicks(ada, { accounts: account.sky }))).toEqual([link.l2]);
    expect(idsOf(await clicks(ada, { accounts: `${account.mastoA},${account.mastoB}` }))).toEqual(
      [link.l1, link.l3].sort(),
    );
    expect(idsOf(await clicks(ada, { platforms: 'mastodon' }))).toEqual([link.l1, link.l3].sort());
    expect(idsOf(await clicks(ada, { platforms: 'bluesky', accounts: account.mastoA }))).toEqual([]);
    expect(idsOf(await clicks(ada, { accounts: 'no-such-account' }))).toEqual([]);
    // The summaries follow the same links.
    expect(a.countries).toEqual([
      { country: 'US', clicks: 3 },
      { country: 'DE', clicks: 2 },
    ]);
    // Another workspace naming Ada's account sees none of her links.
    expect((await clicks(eve, { accounts: account.mastoA })).rows).toEqual([]);
  });

  it('applies the accounts filter to the CSV export and to a report link', async () => {
    const csv = await ada.get(`/api/analytics/export.csv?${MARCH_DAYS}&accounts=${account.mastoB}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.split('\r\n');
    const rows = lines.slice(lines.indexOf('Link clicks') + 2).filter(Boolean);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('https://example.com/l3');

    const shared = await ada.send('POST', '/api/analytics/report-links', {
      filters: { range: 'custom', from: '2026-03-01', to: '2026-03-31', accounts: account.mastoA },
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const token = (shared.json() as CreatedReportLink).path.replace('/r/', '');
    const report = await t.app.inject({ method: 'GET', url: `/api/reports/${token}/link-clicks` });
    expect(report.statusCode, report.body).toBe(200);
    const { rows: reportRows } = report.json() as ShortLinkClickReport;
    expect(reportRows.map((row) => row.linkId)).toEqual([link.l1]);
  });
});

describe('link clicks by country, per link', () => {
  it('gives each row of the period its visitors’ countries, most first, crawlers and other days left out', async () => {
    const report = await clicks(ada);
    const countriesOf = (id: string) => report.rows.find((row) => row.linkId === id)?.countries;
    expect(countriesOf(link.l1)).toEqual([
      { country: 'US', clicks: 3 },
      { country: 'DE', clicks: 2 },
    ]);
    expect(countriesOf(link.l2)).toEqual([{ country: 'FR', clicks: 4 }]);
    expect(countriesOf(link.l3)).toEqual([]);
    expect(countriesOf(link.l4)).toEqual([{ country: 'US', clicks: 2 }]);
  });

  it('lists each link’s countries to date on /links and in a link’s details', async () => {
    const list = await ada.get('/api/short-links');
    expect(list.statusCode, list.body).toBe(200);
    const first = (list.json() as { links: ShortLink[] }).links.find((row) => row.id === link.l1);
    const expected = [
      { country: 'US', clicks: 3 },
      { country: 'DE', clicks: 2 },
      { country: 'JP', clicks: 1 },
    ];
    expect(first?.countries).toEqual(expected);
    const one = await ada.get(`/api/short-links/${link.l1}`);
    expect((one.json() as ShortLink).countries).toEqual(expected);
    const made = await ada.send('POST', '/api/short-links', { target: 'https://example.com/new' });
    expect((made.json() as ShortLink).countries).toEqual([]);
  });

  it('puts each link’s countries in the CSV, with DB-IP named in the column', async () => {
    const csv = await ada.get(`/api/analytics/export.csv?${MARCH_DAYS}`);
    const lines = csv.body.split('\r\n');
    const start = lines.indexOf('Link clicks');
    expect(lines[start + 1]).toBe(
      'Short link,Address,Network,Post,Clicks,Unique visitors,Link previews,Countries (IP geolocation by DB-IP)',
    );
    const rows = lines.slice(start + 2).filter(Boolean);
    expect(rows.find((row) => row.includes('example.com/l1'))).toMatch(/,5,0,6,US \(3\); DE \(2\)$/);
    expect(rows.find((row) => row.includes('example.com/l3'))).toMatch(/,3,0,0,$/);
    expect(rows.find((row) => row.includes('example.com/l4'))).toMatch(/,made by hand,,2,0,0,US \(2\)$/);
  });

  it('gives the countries to a report link (what the PDF prints) and to the public API', async () => {
    const shared = await ada.send('POST', '/api/analytics/report-links', {
      filters: { range: 'custom', from: '2026-03-01', to: '2026-03-31' },
    });
    const token = (shared.json() as CreatedReportLink).path.replace('/r/', '');
    const report = await t.app.inject({ method: 'GET', url: `/api/reports/${token}/link-clicks` });
    const { rows } = report.json() as ShortLinkClickReport;
    expect(rows.find((row) => row.linkId === link.l2)?.countries).toEqual([{ country: 'FR', clicks: 4 }]);

    const key = await ada.send('POST', '/api/api-keys', { name: 'Sheets', scopes: ['read'] });
    expect(key.statusCode, key.body).toBe(201);
    const { secret } = key.json() as { secret: string };
    const query = new URLSearchParams({ ...MARCH, accounts: account.mastoA });
    const api = await t.app.inject({
      method: 'GET',
      url: `/api/v1/short-links/clicks?${query.toString()}`,
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(api.statusCode, api.body).toBe(200);
    const body = api.json() as ShortLinkClickReport;
    expect(body.rows.map((row) => [row.linkId, row.countries])).toEqual([
      [
        link.l1,
        [
          { country: 'US', clicks: 3 },
          { country: 'DE', clicks: 2 },
        ],
      ],
    ]);
    const document = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(document.body).toContain('"accounts"');
  });

  it('refuses a bad filter with a clear message and no 500', async () => {
    const response = await ada.get(`/api/short-links/clicks?accounts=${'x'.repeat(2001)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
