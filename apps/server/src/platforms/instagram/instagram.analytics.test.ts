import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetaInsightsFake } from '../meta/insights.fake';
import { consent, fakeSettings, platformFailure } from '../testing/connector-kit';
import type { AccountCredentials, CallContext } from '../types';
import { instagramAnalytics as analytics } from './instagram.analytics';
import { addInstagramAnalyticsRoutes } from './instagram.analytics.fake';
import { instagramConnector } from './instagram.connector';
import { type InstagramFake, startInstagramFake } from './instagram.fake';

let fake: InstagramFake;
let seeded: MetaInsightsFake;
let ctx: CallContext;
let credentials: AccountCredentials;
const redirectUri = 'http://localhost:3000/api/accounts/oauth/instagram/callback';
const figures = { views: 500, reach: 320, likes: 40, comments: 6, shares: 3, saved: 9 };

beforeAll(async () => {
  fake = await startInstagramFake();
  seeded = addInstagramAnalyticsRoutes(fake);
  ctx = { settings: fakeSettings('instagram', fake.url) };
  const callback = await consent(
    instagramConnector.authorizationUrl?.(ctx, { state: 's', redirectUri }) ?? '',
  );
  const identity = await instagramConnector.exchangeCode?.(ctx, { code: callback.code, redirectUri });
  if (!identity) throw new Error('no identity');
  credentials = {
    accessToken: identity.tokens.accessToken,
    platformAccountId: identity.profile.platformAccountId,
    meta: identity.tokens.meta ?? {},
    secrets: identity.tokens.secrets ?? {},
  };
  seeded.objects.set('ig_img', { mediaType: 'IMAGE', figures });
  seeded.objects.set('ig_reel', { mediaType: 'REELS', figures });
  seeded.objects.set('ig_album', { mediaType: 'CAROUSEL_ALBUM', figures });
});
afterAll(() => fake.close());

describe('Instagram analytics', () => {
  it('reads followers_count of the Instagram account', async () => {
    fake.followers.set(credentials.meta.igUserId ?? credentials.platformAccountId, 2048);
    const account = await analytics.readAccount(ctx, credentials);
    expect(account.figures.followers).toEqual({
      value: 2048,
      platformMetric: 'followers_count',
      kind: 'unique',
    });
    expect(fake.server.violations).toEqual([]);
  });

  it('asks the metrics valid per media type, never impressions or plays; videos are read as Reels', async () => {
    const result = await analytics.readPosts(
      ctx,
      credentials,
      [
        { platformPostId: 'ig_img', publishedAt: new Date(), mediaType: 'IMAGE' },
        { platformPostId: 'ig_reel', publishedAt: new Date(), mediaType: 'VIDEO' },
      ],
      { skipMetrics: new Set() },
    );
    expect(result.refused).toEqual([]);
    expect(result.posts.ig_reel).toEqual({
      views: { value: 500, platformMetric: 'views', kind: 'total' },
      reach: { value: 320, platformMetric: 'reach', kind: 'unique' },
      likes: { value: 40, platformMetric: 'likes', kind: 'total' },
      comments: { value: 6, platformMetric: 'comments', kind: 'total' },
      shares: { value: 3, platformMetric: 'shares', kind: 'total' },
      saves: { value: 9, platformMetric: 'saved', kind: 'total' },
    });
    expect(result.posts.ig_img?.clicks).toBeUndefined();
    expect(seeded.asked.flat()).not.toContain('impressions');
    expect(seeded.asked.flat()).not.toContain('plays');
  });

  it('error #100 for one metric of a media type: that metric dropped and reported, the others kept', async () => {
    seeded.valid.CAROUSEL_ALBUM = seeded.valid.CAROUSEL_ALBUM!.filter((metric) => metric !== 'shares');
    const before = seeded.asked.length;
    const result = await analytics.readPosts(
      ctx,
      credentials,
      [{ platformPostId: 'ig_album', publishedAt: new Date(), mediaType: 'CAROUSEL_ALBUM' }],
      { skipMetrics: new Set() },
    );
    expect(result.refused).toEqual([
      {
        mediaType: 'CAROUSEL_ALBUM',
        platformMetric: 'shares',
        reason: expect.stringContaining('does not support the shares metric'),
      },
    ]);
    expect(seeded.asked.slice(before)).toEqual([
      ['views', 'reach', 'likes', 'comments', 'shares', 'saved'],
      ['views', 'reach', 'likes', 'comments', 'saved'],
    ]);
    expect(result.posts.ig_album?.shares).toBeUndefined();
    expect(result.posts.ig_album?.saves?.value).toBe(9);
    // Other media types still get shares.
    const image = await analytics.readPosts(
      ctx,
      credentials,
      [{ platformPostId: 'ig_img', publishedAt: new Date(), mediaType: 'IMAGE' }],
      { skipMetrics: new Set(['CAROUSEL_ALBUM:shares']) },
    );
    expect(image.posts.ig_img?.shares?.value).toBe(3);
  });

  it('a post that no longer exists is left out; an expired token asks for a reconnect', async () => {
    const result = await analytics.readPosts(
      ctx,
      credentials,
      [{ platformPostId: 'ig_deleted', publishedAt: new Date() }],
      { skipMetrics: new Set() },
    );
    expect(result.posts).toEqual({});
    const error = await platformFailure(
      analytics.readAccount(ctx, { ...credentials, secrets: {}, accessToken: 'EAAexpired' }),
    );
    expect(error.kind).toBe('reauthorize');
  });
});
