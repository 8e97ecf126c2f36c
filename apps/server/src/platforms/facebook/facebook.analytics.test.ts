import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consent, fakeSettings, platformFailure } from '../testing/connector-kit';
import type { AccountCredentials, CallContext } from '../types';
import { facebookAnalytics as analytics } from './facebook.analytics';
import { addFacebookAnalyticsRoutes, type FacebookAnalyticsFake } from './facebook.analytics.fake';
import { facebookConnector } from './facebook.connector';
import { type FacebookFake, startFacebookFake } from './facebook.fake';

let fake: FacebookFake;
let seeded: FacebookAnalyticsFake;
let ctx: CallContext;
let credentials: AccountCredentials;
const redirectUri = 'http://localhost:3000/api/accounts/oauth/facebook/callback';
const none = { skipMetrics: new Set<string>() };

beforeAll(async () => {
  fake = await startFacebookFake();
  seeded = addFacebookAnalyticsRoutes(fake);
  ctx = { settings: fakeSettings('facebook', fake.url) };
  const callback = await consent(
    facebookConnector.authorizationUrl?.(ctx, { state: 's', redirectUri }) ?? '',
  );
  const identity = await facebookConnector.exchangeCode?.(ctx, { code: callback.code, redirectUri });
  if (!identity) throw new Error('no identity');
  credentials = {
    accessToken: identity.tokens.accessToken,
    platformAccountId: identity.profile.platformAccountId,
    meta: identity.tokens.meta ?? {},
    secrets: identity.tokens.secrets ?? {},
  };
  seeded.objects.set(credentials.meta.pageId ?? credentials.platformAccountId, {
    mediaType: 'PAGE',
    figures: { page_follows: 812 },
  });
  seeded.objects.set('p_1', {
    mediaType: 'POST',
    figures: {
      post_media_view: 900,
      post_total_media_view_unique: 600,
      post_reactions_by_type_total: { like: 10, love: 3 },
      post_clicks: 12,
    },
  });
  seeded.counts.set('p_1', { comments: 4, shares: 0 });
});
afterAll(() => fake.close());

describe('Facebook Page analytics', () => {
  it("reads followers from the Page's page_follows insight with the Page token", async () => {
    const account = await analytics.readAccount(ctx, credentials);
    expect(account.figures.followers).toEqual({ value: 812, platformMetric: 'page_follows', kind: 'unique' });
    const request = fake.server.received('GET', /\/insights$/).at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${credentials.secrets.pageToken}`);
  });

  it('reads the current post metrics (no deprecated impressions) and comments/shares from the post object', async () => {
    const result = await analytics.readPosts(
      ctx,
      credentials,
      [
        { platformPostId: 'p_1', publishedAt: new Date() },
        { platformPostId: 'p_gone', publishedAt: new Date() },
      ],
      none,
    );
    expect(result.refused).toEqual([]);
    expect(result.posts.p_gone).toBeUndefined();
    expect(result.posts.p_1).toEqual({
      views: { value: 900, platformMetric: 'post_media_view', kind: 'total' },
      reach: { value: 600, platformMetric: 'post_total_media_view_unique', kind: 'unique' },
      likes: { value: 13, platformMetric: 'post_reactions_by_type_total', kind: 'total' },
      clicks: { value: 12, platformMetric: 'post_clicks', kind: 'total' },
      comments: { value: 4, platformMetric: 'comments.summary.total_count', kind: 'total' },
      shares: { value: 0, platformMetric: 'shares.count', kind: 'total' },
    });
    expect(seeded.asked.flat().some((metric) => metric.includes('impressions'))).toBe(false);
    expect(fake.server.violations).toEqual([]);
  });

  it('error #100 naming no metric: finds the refused one alone, keeps the rest, never asks it again', async () => {
    seeded.valid.POST = ['post_media_view', 'post_total_media_view_unique', 'post_reactions_by_type_total'];
    const first = await analytics.readPosts(
      ctx,
      credentials,
      [{ platformPostId: 'p_1', publishedAt: new Date() }],
      none,
    );
    expect(first.refused).toEqual([
      {
        mediaType: 'POST',
        platformMetric: 'post_clicks',
        reason: '(#100) The value must be a valid insights metric',
      },
    ]);
    expect(first.posts.p_1?.clicks).toBeUndefined();
    expect(first.posts.p_1?.views?.value).toBe(900);
    const before = seeded.asked.length;
    const again = await analytics.readPosts(
      ctx,
      credentials,
      [{ platformPostId: 'p_1', publishedAt: new Date() }],
      { skipMetrics: new Set(['POST:post_clicks']) },
    );
    expect(seeded.asked.slice(before)).toEqual([
      ['post_media_view', 'post_total_media_view_unique', 'post_reactions_by_type_total'],
    ]);
    expect(again.refused).toEqual([]);
    expect(again.posts.p_1?.likes?.value).toBe(13);
  });

  it('maps Meta throttling (code 32 with usage headers) to retry with the wait', async () => {
    fake.server.failNext(
      { method: 'GET', path: /\/insights$/ },
      {
        status: 400,
        headers: {
          'x-business-use-case-usage': JSON.stringify({ '1': [{ estimated_time_to_regain_access: 7 }] }),
        },
        body: { error: { message: 'Page request limit reached', code: 32 } },
      },
    );
    const error = await platformFailure(analytics.readAccount(ctx, credentials));
    expect(error.kind).toBe('retry');
    expect(error.details.retryAfterMs).toBe(7 * 60_000);
  });
});
