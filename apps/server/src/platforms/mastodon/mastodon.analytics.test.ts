import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectorFor } from '../registry';
import { consent, fakeSettings, platformFailure } from '../testing/connector-kit';
import { s256 } from '../testing/oauth.fake';
import type { AccountCredentials, CallContext } from '../types';
import { mastodonAnalytics as analytics } from './mastodon.analytics';
import { addMastodonAnalyticsRoutes } from './mastodon.analytics.fake';
import { mastodonConnector as mastodon } from './mastodon.connector';
import { type MastodonFake, startMastodonFake } from './mastodon.fake';

let fake: MastodonFake;
let ctx: CallContext;
let credentials: AccountCredentials;
const verifier = 'f'.repeat(50);
const skip = { skipMetrics: new Set<string>() };
const ref = (id: string) => ({ platformPostId: id, publishedAt: new Date() });

beforeAll(async () => {
  fake = await startMastodonFake();
  addMastodonAnalyticsRoutes(fake, [
    { id: '111', favourites: 12, reblogs: 3, replies: 4 },
    { id: '222', favourites: 0, reblogs: 0, replies: 0 },
  ]);
  ctx = { settings: fakeSettings('mastodon', fake.url) };
  const app = (await mastodon.registerApp?.(ctx, {
    instanceUrl: fake.url,
    redirectUri: ctx.settings.redirectUri,
    appName: 'Relaycast',
    website: 'http://localhost:3000',
  })) as { clientId: string; clientSecret: string };
  const { code } = await consent(
    mastodon.authorizationUrl?.(ctx, {
      state: 'st',
      codeChallenge: s256(verifier),
      redirectUri: ctx.settings.redirectUri,
      instance: { url: fake.url, clientId: app.clientId },
    }) ?? '',
  );
  const identity = await mastodon.exchangeCode?.(ctx, {
    code,
    codeVerifier: verifier,
    redirectUri: ctx.settings.redirectUri,
    instance: { url: fake.url, ...app },
  });
  if (!identity) throw new Error('no identity');
  credentials = {
    accessToken: identity.tokens.accessToken,
    platformAccountId: identity.profile.platformAccountId,
    meta: identity.tokens.meta ?? {},
    secrets: {},
  };
  fake.followers.set(credentials.platformAccountId, 321);
});
afterAll(() => fake.close());

describe('Mastodon analytics', () => {
  it('is set on the connector', () => {
    expect(connectorFor('mastodon').analytics).toBe(analytics);
  });

  it('reads followers_count from verify_credentials', async () => {
    const { figures, reads } = await analytics.readAccount(ctx, credentials);
    expect(figures).toEqual({ followers: { value: 321, platformMetric: 'followers_count', kind: 'unique' } });
    expect(reads).toBe(1);
  });

  it('reads favourites, reblogs and replies; zeros stay zeros, views and reach stay absent', async () => {
    const { posts, refused, reads } = await analytics.readPosts(
      ctx,
      credentials,
      [ref('111'), ref('222')],
      skip,
    );
    expect(posts['111']).toEqual({
      likes: { value: 12, platformMetric: 'favourites_count', kind: 'total' },
      shares: { value: 3, platformMetric: 'reblogs_count', kind: 'total' },
      comments: { value: 4, platformMetric: 'replies_count', kind: 'total' },
    });
    expect(posts['222']?.likes?.value).toBe(0);
    for (const figures of Object.values(posts)) {
      expect(figures.views).toBeUndefined();
      expect(figures.reach).toBeUndefined();
      expect(figures.saves).toBeUndefined();
    }
    expect(refused).toEqual([]);
    expect(reads).toBe(2);
    const request = fake.server.received('GET', '/api/v1/statuses/111')[0]!;
    expect(request.headers.authorization).toBe(`Bearer ${credentials.accessToken}`);
  });

  it('leaves out a status the instance no longer has', async () => {
    const { posts } = await analytics.readPosts(ctx, credentials, [ref('999'), ref('111')], skip);
    expect(Object.keys(posts)).toEqual(['111']);
  });

  it('maps 429 to retry with the reset time, and 401 to reauthorize', async () => {
    const reset = new Date(Date.now() + 120_000).toISOString();
    fake.server.failNext(
      { method: 'GET', path: '/api/v1/statuses/111' },
      { status: 429, headers: { 'x-ratelimit-reset': reset }, body: { error: 'Too many requests' } },
    );
    const limited = await platformFailure(analytics.readPosts(ctx, credentials, [ref('111')], skip));
    expect(limited.kind).toBe('retry');
    expect(limited.details.retryAfterMs).toBeGreaterThan(100_000);

    const revoked = await platformFailure(
      analytics.readAccount(ctx, { ...credentials, accessToken: 'revoked' }),
    );
    expect(revoked.kind).toBe('reauthorize');
  });
});
