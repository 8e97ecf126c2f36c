import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectorFor } from '../registry';
import { consent, fakeSettings, platformFailure } from '../testing/connector-kit';
import { s256 } from '../testing/oauth.fake';
import type { AccountCredentials, CallContext } from '../types';
import { youtubeAnalytics as analytics, YOUTUBE_VIDEOS_BATCH } from './youtube.analytics';
import { addYouTubeAnalyticsRoutes } from './youtube.analytics.fake';
import { youtubeConnector as youtube } from './youtube.connector';
import { startYouTubeFake, type YouTubeFake } from './youtube.fake';

let fake: YouTubeFake;
const live = { broadcastId: null as string | null, viewers: null as number | null };
let ctx: CallContext;
let credentials: AccountCredentials;
const verifier = 'v'.repeat(60);
const skip = { skipMetrics: new Set<string>() };
const ref = (id: string) => ({ platformPostId: id, publishedAt: new Date() });
const vid = (n: number) => `vid${String(n).padStart(8, '0')}`;

beforeAll(async () => {
  fake = await startYouTubeFake();
  addYouTubeAnalyticsRoutes(
    fake,
    [
      { id: 'popular', views: 5000, likes: 300, comments: 25 },
      { id: 'hidden', views: 80, likes: null, comments: null },
      ...Array.from({ length: 60 }, (_, i) => ({ id: vid(i), views: i * 10, likes: i, comments: 0 })),
    ],
    live,
  );
  ctx = { settings: fakeSettings('youtube', fake.url) };
  const { code } = await consent(
    youtube.authorizationUrl?.(ctx, {
      state: 'st',
      codeChallenge: s256(verifier),
      redirectUri: ctx.settings.redirectUri,
    }) ?? '',
  );
  const identity = await youtube.exchangeCode?.(ctx, {
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

describe('YouTube analytics', () => {
  it('is set on the connector', () => {
    expect(connectorFor('youtube').analytics).toBe(analytics);
  });

  it('reads the subscriber count, and leaves a hidden one absent', async () => {
    fake.subscribers.set(credentials.platformAccountId, 4321);
    const { figures, reads } = await analytics.readAccount(ctx, credentials);
    expect(figures).toEqual({
      followers: { value: 4321, platformMetric: 'statistics.subscriberCount', kind: 'unique' },
    });
    expect(reads).toBe(1);
    expect(fake.server.received('GET', '/youtube/v3/channels').at(-1)?.query.get('part')).toBe('statistics');
    fake.subscribers.set(credentials.platformAccountId, -1);
    expect((await analytics.readAccount(ctx, credentials)).figures).toEqual({});
  });

  it('reads views, likes and comments; hidden counts stay absent', async () => {
    const { posts } = await analytics.readPosts(ctx, credentials, [ref('popular'), ref('hidden')], skip);
    expect(posts.popular).toEqual({
      views: { value: 5000, platformMetric: 'statistics.viewCount', kind: 'total' },
      likes: { value: 300, platformMetric: 'statistics.likeCount', kind: 'total' },
      comments: { value: 25, platformMetric: 'statistics.commentCount', kind: 'total' },
    });
    expect(posts.hidden).toEqual({
      views: { value: 80, platformMetric: 'statistics.viewCount', kind: 'total' },
    });
  });

  it('batches 50 ids a call and leaves out deleted videos', async () => {
    const before = fake.server.received('GET', '/youtube/v3/videos').length;
    const refs = [...Array.from({ length: 60 }, (_, i) => ref(vid(i))), ref('deleted')];
    const { posts, reads } = await analytics.readPosts(ctx, credentials, refs, skip);
    const calls = fake.server.received('GET', '/youtube/v3/videos').slice(before);
    expect(calls.map((call) => call.query.get('id')?.split(',').length)).toEqual([YOUTUBE_VIDEOS_BATCH, 11]);
    expect(reads).toBe(2);
    expect(Object.keys(posts)).toHaveLength(60);
    expect(posts.deleted).toBeUndefined();
    expect(posts[vid(59)]?.views?.value).toBe(590);
    expect(fake.server.violations).toEqual([]);
  });

  it("reads the live broadcast's concurrent viewers; none when not live; absent when hidden", async () => {
    expect(await analytics.readLiveViewers?.(ctx, credentials)).toEqual({ live: false, reads: 1 });
    const asked = fake.server.received('GET', '/youtube/v3/liveBroadcasts').at(-1)?.query;
    expect(asked?.get('broadcastStatus')).toBe('active');
    expect(asked?.get('broadcastType')).toBe('all');
    expect(asked?.has('mine')).toBe(false);
    Object.assign(live, { broadcastId: 'live-broadcast-1', viewers: 128 });
    expect(await analytics.readLiveViewers?.(ctx, credentials)).toEqual({
      live: true,
      reads: 2,
      viewers: { value: 128, platformMetric: 'liveStreamingDetails.concurrentViewers', kind: 'unique' },
    });
    expect(fake.server.received('GET', '/youtube/v3/videos').at(-1)?.query.get('id')).toBe(
      'live-broadcast-1',
    );
    live.viewers = null;
    expect(await analytics.readLiveViewers?.(ctx, credentials)).toEqual({ live: true, reads: 2 });
    Object.assign(live, { broadcastId: null, viewers: null });
    expect(fake.server.violations).toEqual([]);
  });

  it('maps 429 and quotaExceeded to retry, 401 to reauthorize', async () => {
    fake.server.failNext(
      { method: 'GET', path: '/youtube/v3/videos' },
      { status: 429, headers: { 'retry-after': '90' }, body: { error: { code: 429, message: 'Slow down' } } },
    );
    const limited = await platformFailure(analytics.readPosts(ctx, credentials, [ref('popular')], skip));
    expect(limited.kind).toBe('retry');
    expect(limited.details.retryAfterMs).toBe(90_000);
    fake.server.failNext(
      { method: 'GET', path: '/youtube/v3/videos' },
      {
        status: 403,
        body: { error: { code: 403, message: 'Quota exceeded', errors: [{ reason: 'quotaExceeded' }] } },
      },
    );
    expect((await platformFailure(analytics.readPosts(ctx, credentials, [ref('popular')], skip))).kind).toBe(
      'retry',
    );
    const revoked = await platformFailure(analytics.readAccount(ctx, { ...credentials, accessToken: 'x' }));
    expect(revoked.kind).toBe('reauthorize');
  });
});
