import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consent, fakeSettings, platformFailure } from '../testing/connector-kit';
import type { AccountCredentials, CallContext } from '../types';
import { threadsAnalytics as analytics } from './threads.analytics';
import { addThreadsAnalyticsRoutes, type ThreadsAnalyticsFake } from './threads.analytics.fake';
import { threadsConnector } from './threads.connector';
import { startThreadsFake, type ThreadsFake } from './threads.fake';

let fake: ThreadsFake;
let seeded: ThreadsAnalyticsFake;
let ctx: CallContext;
let credentials: AccountCredentials;
const redirectUri = 'http://localhost:3000/api/accounts/oauth/threads/callback';

beforeAll(async () => {
  fake = await startThreadsFake();
  seeded = addThreadsAnalyticsRoutes(fake);
  ctx = { settings: fakeSettings('threads', fake.url) };
  const authorize = threadsConnector.authorizationUrl?.(ctx, { state: 's', redirectUri }) ?? '';
  expect(new URL(authorize).searchParams.get('scope')).toContain('threads_manage_insights');
  const callback = await consent(authorize);
  const identity = await threadsConnector.exchangeCode?.(ctx, { code: callback.code, redirectUri });
  if (!identity) throw new Error('no identity');
  credentials = {
    accessToken: identity.tokens.accessToken,
    platformAccountId: identity.profile.platformAccountId,
    meta: identity.tokens.meta ?? {},
    secrets: {},
  };
  seeded.objects.set('th_1', {
    mediaType: 'TEXT_POST',
    figures: { views: 77, likes: 5, replies: 2, reposts: 1, quotes: 1, shares: 3 },
  });
});
afterAll(() => fake.close());

describe('Threads analytics', () => {
  it('reads followers_count from /me/threads_insights (total_value)', async () => {
    seeded.followers.set(credentials.platformAccountId, 321);
    const account = await analytics.readAccount(ctx, credentials);
    expect(account.figures.followers).toEqual({
      value: 321,
      platformMetric: 'followers_count',
      kind: 'unique',
    });
  });

  it('reads media insights: replies are comments, reposts + quotes + shares are shares, no reach or saves', async () => {
    const result = await analytics.readPosts(
      ctx,
      credentials,
      [{ platformPostId: 'th_1', publishedAt: new Date(), mediaType: 'TEXT' }],
      { skipMetrics: new Set() },
    );
    expect(result.posts.th_1).toEqual({
      views: { value: 77, platformMetric: 'views', kind: 'total' },
      likes: { value: 5, platformMetric: 'likes', kind: 'total' },
      comments: { value: 2, platformMetric: 'replies', kind: 'total' },
      shares: { value: 5, platformMetric: 'reposts+quotes+shares', kind: 'total' },
    });
    expect(fake.server.violations).toEqual([]);
  });

  it('drops a refused metric and keeps the rest; honours skipMetrics', async () => {
    seeded.valid.TEXT_POST = ['views', 'likes', 'replies', 'reposts', 'quotes'];
    const first = await analytics.readPosts(
      ctx,
      credentials,
      [{ platformPostId: 'th_1', publishedAt: new Date() }],
      { skipMetrics: new Set() },
    );
    expect(first.refused.map((r) => `${r.mediaType}:${r.platformMetric}`)).toEqual(['TEXT_POST:shares']);
    expect(first.posts.th_1?.shares).toEqual({ value: 2, platformMetric: 'reposts+quotes', kind: 'total' });
    const before = seeded.asked.length;
    await analytics.readPosts(ctx, credentials, [{ platformPostId: 'th_1', publishedAt: new Date() }], {
      skipMetrics: new Set(['TEXT_POST:shares']),
    });
    expect(seeded.asked.slice(before)).toEqual([['views', 'likes', 'replies', 'reposts', 'quotes']]);
  });

  it('maps a 429 to retry', async () => {
    fake.server.failNext(
      { method: 'GET', path: /\/insights$/ },
      {
        status: 429,
        headers: { 'retry-after': '120' },
        body: { error: { message: 'Too many calls', code: 4 } },
      },
    );
    const error = await platformFailure(
      analytics.readPosts(ctx, credentials, [{ platformPostId: 'th_1', publishedAt: new Date() }], {
        skipMetrics: new Set(),
      }),
    );
    expect(error.kind).toBe('retry');
    expect(error.details.retryAfterMs).toBe(120_000);
  });
});
