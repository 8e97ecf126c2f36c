import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectorFor } from '../registry';
import { consent, fakeSettings, platformFailure } from '../testing/connector-kit';
import { s256 } from '../testing/oauth.fake';
import type { AccountCredentials, CallContext } from '../types';
import { tiktokAnalytics as analytics, TIKTOK_VIDEO_QUERY_BATCH } from './tiktok.analytics';
import { addTikTokAnalyticsRoutes } from './tiktok.analytics.fake';
import { tiktokConnector as tiktok } from './tiktok.connector';
import { startTikTokFake, type TikTokFake } from './tiktok.fake';

let fake: TikTokFake;
let ctx: CallContext;
let credentials: AccountCredentials;
const redirectUri = 'http://localhost:3000/api/accounts/oauth/tiktok/callback';
const skip = { skipMetrics: new Set<string>() };
const ref = (id: string) => ({ platformPostId: id, publishedAt: new Date() });
const vid = (n: number) => `73${String(n).padStart(10, '0')}`;

beforeAll(async () => {
  fake = await startTikTokFake();
  addTikTokAnalyticsRoutes(fake, [
    { id: 'clip', views: 9000, likes: 700, comments: 40, shares: 12 },
    { id: 'secret', views: 5, likes: 1, comments: 0, shares: 0, private: true },
    ...Array.from({ length: 45 }, (_, i) => ({ id: vid(i), views: i, likes: 0, comments: 0, shares: 0 })),
  ]);
  ctx = { settings: fakeSettings('tiktok', fake.url) };
  const verifier = randomBytes(32).toString('base64url');
  const { code } = await consent(
    tiktok.authorizationUrl?.(ctx, { state: 'st', redirectUri, codeChallenge: s256(verifier) }) ?? '',
  );
  const identity = await tiktok.exchangeCode?.(ctx, { code, codeVerifier: verifier, redirectUri });
  if (!identity) throw new Error('no identity');
  credentials = {
    accessToken: identity.tokens.accessToken,
    platformAccountId: identity.profile.platformAccountId,
    meta: identity.tokens.meta ?? {},
    secrets: {},
  };
  fake.followers.set(credentials.platformAccountId, 2500);
});
afterAll(() => fake.close());

describe('TikTok analytics', () => {
  it('is set on the connector, which asks for user.info.stats', () => {
    expect(connectorFor('tiktok').analytics).toBe(analytics);
    expect(tiktok.scopes).toContain('user.info.stats');
  });

  it('reads follower_count from user/info', async () => {
    const { figures, reads } = await analytics.readAccount(ctx, credentials);
    expect(figures).toEqual({ followers: { value: 2500, platformMetric: 'follower_count', kind: 'unique' } });
    expect(reads).toBe(1);
  });

  it('reads views, likes, comments and shares; reach and saves stay absent; private videos are left out', async () => {
    const { posts } = await analytics.readPosts(ctx, credentials, [ref('clip'), ref('secret')], skip);
    expect(posts).toEqual({
      clip: {
        views: { value: 9000, platformMetric: 'view_count', kind: 'total' },
        likes: { value: 700, platformMetric: 'like_count', kind: 'total' },
        comments: { value: 40, platformMetric: 'comment_count', kind: 'total' },
        shares: { value: 12, platformMetric: 'share_count', kind: 'total' },
      },
    });
    const call = fake.server.received('POST', '/v2/video/query/').at(-1)!;
    expect(call.query.get('fields')).toBe('id,view_count,like_count,comment_count,share_count');
    expect(call.headers.authorization).toBe(`Bearer ${credentials.accessToken}`);
  });

  it('asks at most 20 ids a call', async () => {
    const before = fake.server.received('POST', '/v2/video/query/').length;
    const refs = Array.from({ length: 45 }, (_, i) => ref(vid(i)));
    const { posts, reads } = await analytics.readPosts(ctx, credentials, refs, skip);
    const calls = fake.server.received('POST', '/v2/video/query/').slice(before);
    expect(
      calls.map((c) => (c.body?.filters as { video_ids?: string[] } | undefined)?.video_ids?.length),
    ).toEqual([TIKTOK_VIDEO_QUERY_BATCH, 20, 5]);
    expect(reads).toBe(3);
    expect(Object.keys(posts)).toHaveLength(45);
    expect(posts[vid(44)]?.views?.value).toBe(44);
    expect(fake.server.violations).toEqual([]);
  });

  it('maps 429 to retry with Retry-After, and an invalid token to reauthorize', async () => {
    fake.server.failNext(
      { method: 'POST', path: '/v2/video/query/' },
      {
        status: 429,
        headers: { 'retry-after': '60' },
        body: { data: {}, error: { code: 'rate_limit_exceeded', message: 'Too many requests' } },
      },
    );
    const limited = await platformFailure(analytics.readPosts(ctx, credentials, [ref('clip')], skip));
    expect(limited.kind).toBe('retry');
    expect(limited.details.retryAfterMs).toBe(60_000);
    const revoked = await platformFailure(
      analytics.readAccount(ctx, { ...credentials, accessToken: 'act.bad' }),
    );
    expect(revoked.kind).toBe('reauthorize');
  });
});
