import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectorFor } from '../registry';
import { fakeSettings, platformFailure } from '../testing/connector-kit';
import type { AccountCredentials, CallContext } from '../types';
import { blueskyAnalytics as analytics, BLUESKY_GET_POSTS_BATCH } from './bluesky.analytics';
import { addBlueskyAnalyticsRoutes } from './bluesky.analytics.fake';
import { blueskyConnector as bluesky } from './bluesky.connector';
import { type BlueskyFake, startBlueskyFake } from './bluesky.fake';

let fake: BlueskyFake;
let ctx: CallContext;
let credentials: AccountCredentials;
const skip = { skipMetrics: new Set<string>() };
const uri = (n: number) => `at://did:plc:me/app.bsky.feed.post/3lp${n}`;
const ref = (u: string) => ({ platformPostId: u, publishedAt: new Date() });

beforeAll(async () => {
  fake = await startBlueskyFake();
  addBlueskyAnalyticsRoutes(fake, [
    { uri: uri(1), likes: 10, reposts: 2, replies: 5, quotes: 1 },
    // An older server: no quoteCount.
    { uri: uri(2), likes: 0, reposts: 4, replies: 0 },
    ...Array.from({ length: 30 }, (_, i) => ({
      uri: uri(100 + i),
      likes: i,
      reposts: 0,
      replies: 0,
      quotes: 0,
    })),
  ]);
  ctx = { settings: fakeSettings('bluesky', fake.url) };
  const identity = await bluesky.connectWithPassword?.(ctx, {
    identifier: '@me.bsky.social',
    password: 'abcd-efgh-ijkl-mnop',
  });
  if (!identity) throw new Error('no identity');
  credentials = {
    accessToken: identity.tokens.accessToken,
    platformAccountId: identity.profile.platformAccountId,
    meta: identity.tokens.meta ?? {},
    secrets: identity.tokens.secrets ?? {},
  };
  fake.followers.set(credentials.platformAccountId, 1234);
});
afterAll(() => fake.close());

describe('Bluesky analytics', () => {
  it('is set on the connector', () => {
    expect(connectorFor('bluesky').analytics).toBe(analytics);
  });

  it('reads followersCount from getProfile', async () => {
    const { figures, reads } = await analytics.readAccount(ctx, credentials);
    expect(figures).toEqual({ followers: { value: 1234, platformMetric: 'followersCount', kind: 'unique' } });
    expect(reads).toBe(1);
  });

  it('reads likes, replies, reposts + quotes; no views; an absent quoteCount is not made up', async () => {
    const { posts } = await analytics.readPosts(ctx, credentials, [ref(uri(1)), ref(uri(2))], skip);
    expect(posts[uri(1)]).toEqual({
      likes: { value: 10, platformMetric: 'likeCount', kind: 'total' },
      comments: { value: 5, platformMetric: 'replyCount', kind: 'total' },
      shares: { value: 3, platformMetric: 'repostCount+quoteCount', kind: 'total' },
    });
    expect(posts[uri(2)]?.shares).toEqual({ value: 4, platformMetric: 'repostCount', kind: 'total' });
    expect(posts[uri(2)]?.likes?.value).toBe(0);
    expect(posts[uri(1)]?.views).toBeUndefined();
    expect(posts[uri(1)]?.reach).toBeUndefined();
  });

  it('asks at most 25 URIs a call and leaves out deleted posts', async () => {
    const before = fake.server.received('GET', '/xrpc/app.bsky.feed.getPosts').length;
    const refs = [...Array.from({ length: 30 }, (_, i) => ref(uri(100 + i))), ref(uri(999))];
    const { posts, reads } = await analytics.readPosts(ctx, credentials, refs, skip);
    const calls = fake.server.received('GET', '/xrpc/app.bsky.feed.getPosts').slice(before);
    expect(calls.map((call) => call.query.getAll('uris').length)).toEqual([BLUESKY_GET_POSTS_BATCH, 6]);
    expect(reads).toBe(2);
    expect(Object.keys(posts)).toHaveLength(30);
    expect(posts[uri(999)]).toBeUndefined();
    expect(posts[uri(129)]?.likes?.value).toBe(29);
    expect(fake.server.violations).toEqual([]);
  });

  it('maps a rate limit to retry with the reset time, and a bad token to reauthorize', async () => {
    const reset = String(Math.floor(Date.now() / 1000) + 300);
    fake.server.failNext(
      { method: 'GET', path: '/xrpc/app.bsky.feed.getPosts' },
      {
        status: 429,
        headers: { 'ratelimit-reset': reset },
        body: { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' },
      },
    );
    const limited = await platformFailure(analytics.readPosts(ctx, credentials, [ref(uri(1))], skip));
    expect(limited.kind).toBe('retry');
    expect(limited.details.retryAfterMs).toBeGreaterThan(200_000);
    const revoked = await platformFailure(
      analytics.readAccount(ctx, { ...credentials, accessToken: 'nope' }),
    );
    expect(revoked.kind).toBe('reauthorize');
  });
});
