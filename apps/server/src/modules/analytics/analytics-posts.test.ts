import { ANALYTICS_MESSAGES, type AnalyticsOverview } from '@relaycast/shared/analytics';
import {
  ANALYTICS_PAGE_MESSAGES,
  csvCell,
  DEMO_WORKSPACE_NAME,
  type TopPostsPage,
} from '@relaycast/shared/analytics-page';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountMetricDays, socialAccounts, workspaces } from '../../db/schema/index';
import { insertAccount } from '../engagement/engagement.test-support';
import { refreshWorkspaceInbox } from '../engagement/engagement-sync';
import { insertMedia } from '../posts/posts.test-support';
import { insertDays, insertPublishedPost } from './analytics.test-support';

/** Top posts, the CSV export and the demo workspace, against known rows. */

let t: TestApp;
let ada: SignedInUser;
let instagram: string;
let bluesky: string;
const RANGE = 'range=custom&from=2026-03-01&to=2026-03-31';

beforeAll(async () => {
  t = await createTestApp();
  ada = await signInAsNewUser(t, { name: 'Ada Posts' });
  instagram = await insertAccount(t, ada.workspaceId, 'instagram', { handle: 'ada.ig' });
  bluesky = await insertAccount(t, ada.workspaceId, 'bluesky', { handle: '@ada.bsky' });
  const imageId = await insertMedia(t, ada.workspaceId, {
    name: 'a.jpg',
    mimeType: 'image/jpeg',
    sizeBytes: 10,
  });
  await insertPublishedPost(t, ada.workspaceId, instagram, 'instagram', {
    text: 'Spring menu',
    publishedAt: '2026-03-05T10:00:00Z',
    url: 'https://instagram.example/p/1',
    mediaId: imageId,
    views: 1000,
    likes: 80,
    comments: 10,
    shares: 5,
    saves: 5,
  });
  await insertPublishedPost(t, ada.workspaceId, instagram, 'instagram', {
    text: '=HYPERLINK("http://evil.example","click")',
    publishedAt: '2026-03-10T10:00:00Z',
    views: 5000,
    likes: 20,
    comments: 0,
    shares: 0,
    saves: 0,
  });
  await insertPublishedPost(t, ada.workspaceId, bluesky, 'bluesky', {
    text: 'No views here',
    publishedAt: '2026-03-12T10:00:00Z',
    likes: 300,
    comments: 3,
    shares: 7,
  });
  // Outside the range: never listed.
  await insertPublishedPost(t, ada.workspaceId, instagram, 'instagram', {
    text: 'February',
    publishedAt: '2026-02-10T10:00:00Z',
    views: 99_999,
  });
  await insertDays(t, ada.workspaceId, instagram, 'instagram', {
    '2026-03-05': { followers: 500, views: 1000, likes: 80, comments: 10, shares: 5, saves: 5 },
  });
  await insertDays(t, ada.workspaceId, bluesky, 'bluesky', {
    '2026-03-12': { followers: 40, likes: 300, comments: 3, shares: 7 },
  });
});
afterAll(() => t.close());

async function topPosts(member: SignedInUser, query: string): Promise<TopPostsPage> {
  const res = await member.get(`/api/analytics/top-posts?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/analytics/top-posts', () => {
  it('sorts by the chosen figure, unknown figures last, with thumbnails and links', async () => {
    const byViews = await topPosts(ada, `${RANGE}&sort=views`);
    expect(byViews.total).toBe(3);
    expect(byViews.items.map((p) => p.text)).toEqual([
      '=HYPERLINK("http://evil.example","click")',
      'Spring menu',
      'No views here',
    ]);
    const spring = byViews.items[1]!;
    expect(spring.thumbnailUrl).toMatch(/^\/api\/media\/.+\/file$/);
    expect(spring.url).toBe('https://instagram.example/p/1');
    expect(spring.accountHandle).toBe('ada.ig');
    expect(spring.engagementRate).toBeCloseTo(10, 5);
    const noViews = byViews.items[2]!;
    expect(noViews.metrics.views).toBeNull();
    expect(noViews.engagementRate).toBeNull();

    const byLikes = await topPosts(ada, `${RANGE}&sort=likes`);
    expect(byLikes.items.map((p) => p.metrics.likes)).toEqual([300, 80, 20]);
    const ascending = await topPosts(ada, `${RANGE}&sort=likes&order=asc`);
    expect(ascending.items.map((p) => p.metrics.likes)).toEqual([20, 80, 300]);
  });

  it('pages and filters', async () => {
    const second = await topPosts(ada, `${RANGE}&sort=likes&page=2&pageSize=2`);
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((p) => p.metrics.likes)).toEqual([20]);
    const onlyBluesky = await topPosts(ada, `${RANGE}&platforms=bluesky`);
    expect(onlyBluesky.items.map((p) => p.platform)).toEqual(['bluesky']);
  });

  it('refuses an unknown sort with a 400 and lists nothing of another workspace', async () => {
    expect((await ada.get(`/api/analytics/top-posts?${RANGE}&sort=password`)).statusCode).toBe(400);
    const eve = await signInAsNewUser(t, { name: 'Eve Posts' });
    expect((await topPosts(eve, RANGE)).items).toEqual([]);
  });
});

describe('GET /api/analytics/export.csv', () => {
  it('exports the daily rows and the top posts, escaping formulas and writing "not available"', async () => {
    const res = await ada.get(`/api/analytics/export.csv?${RANGE}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('relaycast-analytics-2026-03-01-to-2026-03-31.csv');
    const lines = res.body.split('\r\n');
    expect(lines[1]).toBe(
      'Day,Platform,Account,Followers,Views,Reach,Likes,Comments,Shares,Saves,Clicks,Posts published',
    );
    expect(lines).toContain('2026-03-05,instagram,ada.ig,500,1000,not available,80,10,5,5,not available,0');
    expect(lines).toContain(
      '2026-03-12,bluesky,"\'@ada.bsky",40,not available,not available,300,3,7,not available,not available,0',
    );
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(res.body).not.toContain('February');
  });

  it('escapes every cell a spreadsheet would run', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`).replace(/^"/, '').startsWith(`'${start}`)).toBe(true);
    }
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe(ANALYTICS_MESSAGES.notAvailable);
    expect(csvCell(-5)).toBe('-5');
  });
});

describe('the demo workspace', () => {
  it('fills a separate workspace, switches into it, and deleting it leaves the real one untouched', async () => {
    const bob = await signInAsNewUser(t, { name: 'Bob Demo' });
    const realAccount = await insertAccount(t, bob.workspaceId, 'facebook', { handle: 'bob.real' });
    await insertDays(t, bob.workspaceId, realAccount, 'facebook', {
      '2026-03-03': { followers: 7, likes: 1 },
    });
    const realBefore = await t.db
      .select()
      .from(accountMetricDays)
      .where(eq(accountMetricDays.workspaceId, bob.workspaceId));

    const created = await bob.send('POST', '/api/analytics/demo');
    expect(created.statusCode, created.body).toBe(200);
    const { workspaceId } = created.json();
    expect(workspaceId).not.toBe(bob.workspaceId);
    expect(created.json().name).toBe(DEMO_WORKSPACE_NAME);
    const current = (await bob.get('/api/workspaces/current')).json();
    expect(current).toMatchObject({ id: workspaceId, name: DEMO_WORKSPACE_NAME });
    const [flag] = await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
    expect(flag?.isDemo).toBe(true);

    const demo: AnalyticsOverview = (await bob.get('/api/analytics/overview?range=30d')).json();
    expect(demo.demo).toBe(true);
    expect(demo.cards.totalFollowers.value).toBeGreaterThan(0);
    expect(demo.cards.totalFollowers.changePercent).not.toBeNull();
    expect(demo.engagement.points).toHaveLength(30);
    expect(demo.platforms.map((p) => p.platform).sort()).toEqual([
      'bluesky',
      'facebook',
      'instagram',
      'twitter',
    ]);
    // The real account never shows in the demo, and the demo accounts hold no token.
    expect((await bob.get(`/api/analytics/accounts/${realAccount}`)).statusCode).toBe(404);
    const demoAccounts = await t.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.workspaceId, workspaceId));
    expect(demoAccounts.every((a) => a.accessTokenEncrypted === null)).toBe(true);
    // The inbox sync never reads a tokenless demo account (it would only flip it to "needs reconnect").
    const refresh = await refreshWorkspaceInbox(t.db, t.config, workspaceId);
    expect(refresh).toEqual({ accounts: 0, newItems: 0, problems: [] });
    const afterSync = await t.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.workspaceId, workspaceId));
    expect(afterSync.map((a) => a.status)).toEqual(['connected', 'connected', 'connected', 'connected']);
    const topPage = await topPosts(bob, 'range=90d');
    expect(topPage.total).toBeGreaterThan(20);
    // The demo feeds the best-time heatmap too: its generated posts have first-48-hour figures.
    const heatmap = (await bob.get('/api/best-time')).json() as { cells: { posts: number }[] };
    expect(heatmap.cells.reduce((sum, cell) => sum + cell.posts, 0)).toBeGreaterThan(20);

    // A second click finds the same demo rather than making another.
    expect((await bob.send('POST', '/api/analytics/demo')).json().workspaceId).toBe(workspaceId);

    const deleted = await bob.send('DELETE', '/api/analytics/demo');
    expect(deleted.statusCode).toBe(204);
    expect((await bob.get('/api/workspaces/current')).json().id).toBe(bob.workspaceId);
    expect(await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId))).toEqual([]);
    const realAfter = await t.db
      .select()
      .from(accountMetricDays)
      .where(eq(accountMetricDays.workspaceId, bob.workspaceId));
    expect(realAfter).toEqual(realBefore);
    const real: AnalyticsOverview = (
      await bob.get('/api/analytics/overview?range=custom&from=2026-03-01&to=2026-03-07')
    ).json();
    expect(real.demo).toBe(false);
    expect(real.cards.totalFollowers.value).toBe(7);

    const again = await bob.send('DELETE', '/api/analytics/demo');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ANALYTICS_PAGE_MESSAGES.noDemo);
  });
});
