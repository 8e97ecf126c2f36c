import type { TopPostsPage } from '@relaycast/shared/analytics-page';
import type { ShortLinkClickReport } from '@relaycast/shared/short-links';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { postTargets, shortLinkClicks, shortLinks, shortLinkVisitors } from '../../db/schema/index';
import { insertAccount } from '../engagement/engagement.test-support';
import { insertPublishedPost } from './analytics.test-support';

/**
 * /analytics and short links (docs/short-links.md): a "Link clicks" figure on each top post (null when its copy
 * has no short link) and unique visitors per link in the "Link clicks" report.
 */

let t: TestApp;
let ada: SignedInUser;
let eve: SignedInUser;
const RANGE = 'range=custom&from=2026-03-01&to=2026-03-31';
let linkId = '';

async function postIdOf(targetId: string): Promise<string> {
  const [row] = await t.db.select().from(postTargets).where(eq(postTargets.id, targetId));
  return row?.postId ?? '';
}

async function insertLink(workspaceId: string, postId: string, platform: string, code: string) {
  const id = `link-${code}`;
  await t.db.insert(shortLinks).values({
    id,
    workspaceId,
    code,
    target: `https://example.com/${code}`,
    postId,
    platform,
    sourceUrl: `https://example.com/${code}`,
  });
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  ada = await signInAsNewUser(t, { name: 'Ada Links' });
  eve = await signInAsNewUser(t, { name: 'Eve Links' });
  const instagram = await insertAccount(t, ada.workspaceId, 'instagram', { handle: 'ada.ig' });
  const linked = await insertPublishedPost(t, ada.workspaceId, instagram, 'instagram', {
    text: 'With two links',
    publishedAt: '2026-03-05T10:00:00Z',
    views: 100,
  });
  const unclicked = await insertPublishedPost(t, ada.workspaceId, instagram, 'instagram', {
    text: 'Link nobody clicked',
    publishedAt: '2026-03-06T10:00:00Z',
    views: 50,
  });
  await insertPublishedPost(t, ada.workspaceId, instagram, 'instagram', {
    text: 'No link',
    publishedAt: '2026-03-07T10:00:00Z',
    views: 10,
  });
  const linkedPost = await postIdOf(linked);
  linkId = await insertLink(ada.workspaceId, linkedPost, 'instagram', 'Aa1link');
  const second = await insertLink(ada.workspaceId, linkedPost, 'instagram', 'Bb2link');
  // The same post's copy for another network: not this row's clicks.
  const otherNetwork = await insertLink(ada.workspaceId, linkedPost, 'bluesky', 'Cc3link');
  await insertLink(ada.workspaceId, await postIdOf(unclicked), 'instagram', 'Dd4link');
  await t.db.insert(shortLinkClicks).values([
    { linkId, hour: new Date('2026-03-05T11:00:00Z'), count: 4 },
    // A click after the range still counts: the row's figures are the post's to date.
    { linkId, hour: new Date('2026-04-20T11:00:00Z'), count: 1 },
    { linkId, hour: new Date('2026-03-05T11:00:00Z'), crawler: 'Twitterbot', count: 9 },
    { linkId: second, hour: new Date('2026-03-06T11:00:00Z'), count: 2 },
    { linkId: otherNetwork, hour: new Date('2026-03-06T11:00:00Z'), count: 50 },
  ]);
  await t.db.insert(shortLinkVisitors).values([
    { linkId, day: '2026-03-05', visitor: 'v1' },
    { linkId, day: '2026-03-05', visitor: 'v2' },
    { linkId, day: '2026-03-06', visitor: 'v1' },
    { linkId, day: '2026-04-20', visitor: 'v3' },
  ]);
});
afterAll(() => t.close());

async function topPosts(member: SignedInUser, query: string): Promise<TopPostsPage> {
  const res = await member.get(`/api/analytics/top-posts?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('link clicks on /analytics', () => {
  it('gives each top post its link clicks, people only, and null when its copy has no short link', async () => {
    const page = await topPosts(ada, `${RANGE}&sort=views`);
    expect(page.items.map((p) => [p.text, p.linkClicks])).toEqual([
      ['With two links', 7],
      ['Link nobody clicked', 0],
      ['No link', null],
    ]);
    const sorted = await topPosts(ada, `${RANGE}&sort=linkClicks&order=asc`);
    expect(sorted.items.map((p) => p.linkClicks)).toEqual([0, 7, null]);
    expect((await topPosts(eve, RANGE)).items).toEqual([]);
  });

  it('puts the link clicks in the CSV export’s top posts, "not available" without a short link', async () => {
    const res = await ada.get(`/api/analytics/export.csv?${RANGE}`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.split('\r\n');
    const header = lines[lines.indexOf('Top posts by views') + 1] ?? '';
    expect(header.endsWith('Engagement rate (%),Link clicks')).toBe(true);
    const rowOf = (text: string) => lines.find((line) => line.includes(text)) ?? '';
    expect(rowOf('With two links').endsWith(',7')).toBe(true);
    expect(rowOf('Link nobody clicked').endsWith(',0')).toBe(true);
    expect(rowOf('No link').endsWith(',not available')).toBe(true);
  });

  it('counts unique visitors per link over the days of the period, once a day', async () => {
    const from = '2026-03-01T00:00:00.000Z';
    const to = '2026-04-01T00:00:00.000Z';
    const res = await ada.get(`/api/short-links/clicks?from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const row = (res.json() as ShortLinkClickReport).rows.find((r) => r.linkId === linkId);
    expect(row).toMatchObject({ clicks: 4, crawlerHits: 9, visitors: 3 });
    const eves = (
      await eve.get(`/api/short-links/clicks?from=${from}&to=${to}`)
    ).json() as ShortLinkClickReport;
    expect(eves.rows).toEqual([]);
  });
});
