import { ANALYTICS_MESSAGES, type AnalyticsOverview } from '@relaycast/shared/analytics';
import { type AccountAnalytics, ANALYTICS_PAGE_MESSAGES } from '@relaycast/shared/analytics-page';
import { defaultUserSettings } from '@relaycast/shared/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createQueryLoggedApp, type QueryLog } from '../../../test/query-log';
import type { TestApp } from '../../../test/test-app';
import { insertAccount } from '../engagement/engagement.test-support';
import { insertDays } from './analytics.test-support';

/**
 * The /analytics overview and per-account page against known account-days: the four cards and their change
 * against the previous period, null as "not available", day and week buckets, filters, validation, isolation
 * between workspaces, and the statements per request (bounded, whatever the data size).
 */

let t: TestApp & { queries: QueryLog };
let ada: SignedInUser;
let instagram: string;
let bluesky: string;

// 2026-03-08 is a Sunday: the current week is Sun 8 … Sat 14, the previous one Sun 1 … Sat 7.
const WEEK = '/api/analytics/overview?range=custom&from=2026-03-08&to=2026-03-14';

beforeAll(async () => {
  t = await createQueryLoggedApp();
  ada = await signInAsNewUser(t, { name: 'Ada Analytics' });
  instagram = await insertAccount(t, ada.workspaceId, 'instagram', { handle: 'ada.ig' });
  bluesky = await insertAccount(t, ada.workspaceId, 'bluesky', { handle: 'ada.bsky' });
  await insertDays(t, ada.workspaceId, instagram, 'instagram', {
    '2026-03-05': { followers: 100, views: 1000, likes: 50, comments: 5, shares: 5, saves: 0 },
    '2026-03-10': {
      followers: 110,
      views: 2000,
      likes: 100,
      comments: 10,
      shares: 20,
      saves: 10,
      postsPublished: 2,
    },
    '2026-03-12': {
      followers: 120,
      views: 1000,
      likes: 30,
      comments: 5,
      shares: 5,
      saves: 0,
      postsPublished: 1,
    },
  });
  // Bluesky gives no views: its interactions stay out of the engagement rate, and its views are "not available".
  await insertDays(t, ada.workspaceId, bluesky, 'bluesky', {
    '2026-03-06': { followers: 50, likes: 10, comments: 2, shares: 3 },
    '2026-03-11': { followers: 55, likes: 20, comments: 4, shares: 6, postsPublished: 1 },
  });
});
afterAll(() => t.close());

async function overview(member: SignedInUser, url: string): Promise<AnalyticsOverview> {
  const res = await member.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/analytics/overview', () => {
  it('sums the four cards and compares them with the previous period of equal length', async () => {
    const body = await overview(ada, WEEK);
    expect(body.range).toMatchObject({
      from: '2026-03-08',
      to: '2026-03-14',
      previousFrom: '2026-03-01',
      previousTo: '2026-03-07',
    });
    expect(body.cards.totalFollowers).toEqual({
      value: 175,
      previous: 150,
      changePercent: expect.closeTo(16.667, 2),
    });
    // (140 + 40) ÷ 3000 views; the previous week (60 ÷ 1000) is the same 6 %.
    expect(body.cards.engagementRate.value).toBeCloseTo(6, 5);
    expect(body.cards.engagementRate.previous).toBeCloseTo(6, 5);
    expect(body.cards.engagementRate.changePercent).toBeCloseTo(0, 5);
    expect(body.cards.totalShares).toEqual({ value: 31, previous: 8, changePercent: 287.5 });
    expect(body.cards.comments).toEqual({ value: 19, previous: 7, changePercent: expect.closeTo(171.43, 1) });
    expect(body.demo).toBe(false);
  });

  it('draws a week as Sun … Sat days, with empty days as null, never 0', async () => {
    const body = await overview(ada, WEEK);
    expect(body.engagement.bucket).toBe('day');
    expect(body.engagement.points.map((p) => p.label)).toEqual([
      'Sun',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ]);
    expect(body.engagement.points[0]).toEqual({
      label: 'Sun',
      start: '2026-03-08',
      engagements: null,
      views: null,
    });
    expect(body.engagement.points[2]).toMatchObject({ start: '2026-03-10', engagements: 140, views: 2000 });
    // Only Bluesky that day: engagements known, views not available.
    expect(body.engagement.points[3]).toMatchObject({ start: '2026-03-11', engagements: 30, views: null });
  });

  it('splits engagements, followers and posts per platform', async () => {
    const body = await overview(ada, WEEK);
    expect(body.platforms).toEqual([
      { platform: 'instagram', engagements: 180, followers: 120, posts: 3 },
      { platform: 'bluesky', engagements: 30, followers: 55, posts: 1 },
    ]);
  });

  it('groups ranges over 90 days by week, Monday first', async () => {
    const days90 = await overview(ada, '/api/analytics/overview?range=custom&from=2026-01-01&to=2026-03-31');
    expect(days90.engagement.bucket).toBe('day');
    expect(days90.engagement.points).toHaveLength(90);
    const weeks = await overview(ada, '/api/analytics/overview?range=custom&from=2026-01-01&to=2026-04-30');
    expect(weeks.engagement.bucket).toBe('week');
    expect(weeks.engagement.points[0]).toMatchObject({ label: 'Week of Dec 29', start: '2025-12-29' });
    const marchTenth = weeks.engagement.points.find((p) => p.start === '2026-03-09');
    expect(marchTenth).toMatchObject({ engagements: 210, views: 3000 });
  });

  it('filters by platform and by account', async () => {
    const onlyBluesky = await overview(ada, `${WEEK}&platforms=bluesky`);
    expect(onlyBluesky.cards.totalFollowers.value).toBe(55);
    // No views on Bluesky: the rate is not available rather than 0.
    expect(onlyBluesky.cards.engagementRate).toEqual({ value: null, previous: null, changePercent: null });
    const onlyInstagram = await overview(ada, `${WEEK}&accounts=${instagram}`);
    expect(onlyInstagram.cards.totalFollowers.value).toBe(120);
    expect(onlyInstagram.platforms.map((p) => p.platform)).toEqual(['instagram']);
  });

  it('answers presets for the user’s time zone', async () => {
    const settings = { ...defaultUserSettings(), region: { language: 'en', timezone: 'PST' } };
    expect((await ada.send('PUT', '/api/settings', settings)).statusCode).toBe(200);
    const body = await overview(ada, '/api/analytics/overview?range=7d');
    expect(body.range.timezone).toBe('America/Los_Angeles');
    expect(body.engagement.points).toHaveLength(7);
    expect(body.engagement.points.map((p) => p.label)).toHaveLength(7);
  });

  it('follows the zone the browser reported while the setting is auto (the default)', async () => {
    const auto = { ...defaultUserSettings(), region: { language: 'en', timezone: 'auto' } };
    expect((await ada.send('PUT', '/api/settings', auto)).statusCode).toBe(200);
    expect((await overview(ada, '/api/analytics/overview?range=7d')).range.timezone).toBe('UTC');
    const reported = await ada.send('PUT', '/api/settings/browser-time-zone', { timeZone: 'Asia/Tokyo' });
    expect(reported.statusCode).toBe(204);
    expect((await overview(ada, '/api/analytics/overview?range=7d')).range.timezone).toBe('Asia/Tokyo');
    // A zone chosen in Settings wins over the browser's.
    const chosen = { ...defaultUserSettings(), region: { language: 'en', timezone: 'GMT' } };
    expect((await ada.send('PUT', '/api/settings', chosen)).statusCode).toBe(200);
    expect((await overview(ada, '/api/analytics/overview?range=7d')).range.timezone).toBe('Europe/London');
  });

  it.each([
    ['range=custom&from=2026-03-10&to=2026-03-01', ANALYTICS_MESSAGES.rangeOrder],
    ['range=custom&from=2020-01-01&to=2026-03-01', ANALYTICS_MESSAGES.rangeTooLong],
    ['range=custom&from=2026-03-01', ANALYTICS_MESSAGES.customRangeNeedsDates],
    ['range=year', undefined],
    ['range=custom&from=2026-13-45&to=2026-03-01', undefined],
  ])('refuses %s with a 400 and a clear message', async (query, message) => {
    const res = await ada.get(`/api/analytics/overview?${query}`);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    else expect(typeof res.json().message).toBe('string');
  });

  it('never shows another workspace’s figures, even when asked for its account ids', async () => {
    const eve = await signInAsNewUser(t, { name: 'Eve Other' });
    const body = await overview(eve, `${WEEK}&accounts=${instagram},${bluesky}`);
    expect(body.cards.totalFollowers.value).toBeNull();
    expect(body.platforms).toEqual([]);
    expect(body.engagement.points.every((p) => p.engagements === null)).toBe(true);
  });
});

describe('GET /api/analytics/accounts/:id', () => {
  it('shows the follower growth and the totals of one account', async () => {
    const res = await ada.get(
      `/api/analytics/accounts/${instagram}?range=custom&from=2026-03-08&to=2026-03-14`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body: AccountAnalytics = res.json();
    expect(body.account).toMatchObject({ id: instagram, platform: 'instagram', handle: 'ada.ig' });
    expect(body.followers).toEqual({ value: 120, previous: 100, changePercent: 20 });
    expect(body.series.map((p) => p.followers)).toEqual([null, null, 110, null, 120, null, null]);
    expect(body.totals).toEqual({
      views: 3000,
      reach: null,
      likes: 130,
      comments: 15,
      shares: 25,
      saves: 10,
      clicks: null,
    });
    expect(body.postsPublished).toBe(3);
  });

  it('answers 404 for another workspace’s account and for an unknown id', async () => {
    const eve = await signInAsNewUser(t, { name: 'Eve Again' });
    const other = await eve.get(`/api/analytics/accounts/${instagram}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(ANALYTICS_PAGE_MESSAGES.accountNotFound);
    expect((await ada.get('/api/analytics/accounts/no-such-account')).statusCode).toBe(404);
  });

  it('asks for a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics/overview' });
    expect(res.statusCode).toBe(401);
  });
});

describe('statements per analytics request', () => {
  async function count(member: SignedInUser, url: string) {
    let status = 0;
    const statements = await t.queries.during(async () => {
      status = (await member.get(url)).statusCode;
    });
    expect(status, url).toBe(200);
    return statements.length;
  }

  it('reads the overview, top posts and CSV in the same number of statements for 2 accounts and for 40', async () => {
    const few = await signInAsNewUser(t, { name: 'Few Accounts' });
    const many = await signInAsNewUser(t, { name: 'Many Accounts' });
    for (const [member, accounts] of [
      [few, 2],
      [many, 40],
    ] as const) {
      for (let i = 0; i < accounts; i += 1) {
        const id = await insertAccount(t, member.workspaceId, 'instagram');
        const days: Record<string, { followers: number; views: number; likes: number }> = {};
        for (let d = 1; d <= 28; d += 1) {
          days[`2026-02-${String(d).padStart(2, '0')}`] = { followers: 100 + d, views: 1000, likes: 10 };
        }
        await insertDays(t, member.workspaceId, id, 'instagram', days);
      }
    }
    const range = 'range=custom&from=2026-02-01&to=2026-02-28';
    for (const path of ['overview', 'top-posts', 'export.csv']) {
      const url = `/api/analytics/${path}?${range}`;
      const fewCount = await count(few, url);
      expect(await count(many, url), path).toBe(fewCount);
      // The session lookup, the context, and at most two reads side by side (the CSV a third: its link clicks).
      expect(fewCount, path).toBeLessThanOrEqual(path === 'export.csv' ? 5 : 4);
    }
  });
});
