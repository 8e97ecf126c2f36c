import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consent, fakeSettings, platformFailure } from '../testing/connector-kit';
import { s256 } from '../testing/oauth.fake';
import type { AccountCredentials, CallContext } from '../types';
import { twitterAnalytics as analytics } from './twitter.analytics';
import { addTwitterAnalyticsRoutes, type TwitterAnalyticsFake } from './twitter.analytics.fake';
import { twitterConnector as x } from './twitter.connector';
import { startTwitterFake, type TwitterFake } from './twitter.fake';

let fake: TwitterFake;
let seeded: TwitterAnalyticsFake;
let ctx: CallContext;
let credentials: AccountCredentials;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  fake = await startTwitterFake();
  seeded = addTwitterAnalyticsRoutes(fake);
  ctx = { settings: fakeSettings('twitter', fake.url) };
  const verifier = 'v'.repeat(64);
  const authorize = x.authorizationUrl?.(ctx, {
    state: 'st',
    codeChallenge: s256(verifier),
    redirectUri: ctx.settings.redirectUri,
  });
  const { code } = await consent(authorize ?? '');
  const identity = await x.exchangeCode?.(ctx, {
    code,
    codeVerifier: verifier,
    redirectUri: ctx.settings.redirectUri,
  });
  if (!identity) throw new Error('no identity');
  credentials = {
    accessToken: identity.tokens.accessToken,
    platformAccountId: identity.profile.platformAccountId,
    meta: identity.tokens.meta ?? {},
    secrets: {},
  };
});
afterAll(() => fake.close());

describe('X analytics', () => {
  it('reads followers from users/me public_metrics (one billed read)', async () => {
    fake.followers.set(credentials.platformAccountId, 1234);
    const account = await analytics.readAccount(ctx, credentials);
    expect(account).toEqual({
      figures: {
        followers: { value: 1234, platformMetric: 'public_metrics.followers_count', kind: 'unique' },
      },
      reads: 1,
    });
    const request = fake.server.received('GET', '/2/users/me').at(-1)!;
    expect(request.query.get('user.fields')).toBe('public_metrics');
  });

  it('batches 100 ids per call, asks non-public metrics only for posts under 30 days, counts reads', async () => {
    const me = credentials.platformAccountId;
    const recent = Array.from({ length: 150 }, (_, i) =>
      seeded.add(me, new Date(Date.now() - DAY), { impression_count: 100 + i, like_count: 3 }, 7),
    );
    const old = seeded.add(me, new Date(Date.now() - 40 * DAY), {
      impression_count: 9,
      retweet_count: 2,
      quote_count: 1,
      bookmark_count: 4,
      reply_count: 5,
    });
    const before = fake.server.received('GET', '/2/tweets').length;
    const refs = [
      ...recent.map((id) => ({ platformPostId: id, publishedAt: new Date(Date.now() - DAY) })),
      { platformPostId: old, publishedAt: new Date(Date.now() - 40 * DAY) },
      { platformPostId: '404404', publishedAt: new Date(Date.now() - DAY) },
    ];
    const result = await analytics.readPosts(ctx, credentials, refs, { skipMetrics: new Set() });
    const calls = fake.server.received('GET', '/2/tweets').slice(before);
    expect(calls.map((call) => call.query.get('ids')?.split(',').length)).toEqual([100, 51, 1]);
    expect(calls[0]?.query.get('tweet.fields')).toContain('non_public_metrics');
    expect(calls[2]?.query.get('tweet.fields')).toBe('public_metrics');
    expect(fake.server.violations).toEqual([]);
    expect(result.reads).toBe(151);
    expect(result.refused).toEqual([]);
    expect(Object.keys(result.posts)).toHaveLength(151);
    expect(result.posts['404404']).toBeUndefined();
    expect(result.posts[recent[0]!]?.clicks).toEqual({
      value: 7,
      platformMetric: 'non_public_metrics.url_link_clicks',
      kind: 'total',
    });
    // The old post: no clicks and no reach (not given), never 0; reposts and quotes are its shares.
    const oldFigures = result.posts[old]!;
    expect(oldFigures.clicks).toBeUndefined();
    expect(oldFigures.reach).toBeUndefined();
    expect(oldFigures.shares?.value).toBe(3);
    expect(oldFigures.views?.value).toBe(9);
    expect(oldFigures.saves?.value).toBe(4);
    expect(oldFigures.comments?.value).toBe(5);
  });

  it('leaves out skipped metrics', async () => {
    const id = seeded.add(credentials.platformAccountId, new Date(), { like_count: 2 });
    const result = await analytics.readPosts(
      ctx,
      credentials,
      [{ platformPostId: id, publishedAt: new Date() }],
      { skipMetrics: new Set(['*:public_metrics.like_count']) },
    );
    expect(result.posts[id]?.likes).toBeUndefined();
    expect(result.posts[id]?.views?.value).toBe(0);
  });

  it('maps a 429 with x-rate-limit-reset to retry with the wait', async () => {
    fake.server.failNext(
      { method: 'GET', path: '/2/tweets' },
      {
        status: 429,
        headers: { 'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 900) },
        body: { title: 'Too Many Requests' },
      },
    );
    const error = await platformFailure(
      analytics.readPosts(ctx, credentials, [{ platformPostId: '1', publishedAt: new Date() }], {
        skipMetrics: new Set(),
      }),
    );
    expect(error.kind).toBe('retry');
    expect(error.details.retryAfterMs).toBeGreaterThan(800_000);
  });
});
