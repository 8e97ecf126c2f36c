import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consent, fakeSettings, memoryMedia, platformFailure } from '../testing/connector-kit';
import type { PlatformFake } from '../testing/server.fake';
import type { AccountCredentials, CallContext } from '../types';
import { linkedinConnector as linkedin, littleText } from './linkedin.connector';
import { startLinkedInFake } from './linkedin.fake';

let fake: PlatformFake;
let ctx: CallContext;

beforeAll(async () => {
  fake = await startLinkedInFake();
  ctx = { settings: fakeSettings('linkedin', fake.url) };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.violations.length = 0;
});

async function connect(context = ctx): Promise<AccountCredentials> {
  const url = linkedin.authorizationUrl?.(context, {
    state: 'st',
    redirectUri: context.settings.redirectUri,
  });
  const { code } = await consent(url ?? '');
  const identity = await linkedin.exchangeCode?.(context, {
    code,
    redirectUri: context.settings.redirectUri,
  });
  if (!identity) throw new Error('no identity');
  return {
    accessToken: identity.tokens.accessToken,
    refreshToken: identity.tokens.refreshToken,
    expiresAt: identity.tokens.expiresAt,
    platformAccountId: identity.profile.platformAccountId,
    meta: identity.tokens.meta ?? {},
    secrets: {},
  };
}

const flowOf = (from: number) =>
  fake.server.requests
    .slice(from)
    .map(
      (r) =>
        `${r.method} ${r.path.replace(/\/dms-uploads\/[^/]+\//, '/dms-uploads/:urn/').replace(/^\/rest\/videos\/urn%3Ali%3Avideo%3A.+$/, '/rest/videos/:urn')}`,
    );

describe('LinkedIn connector', () => {
  it('sends each image’s altText (no longer always empty)', async () => {
    const credentials = await connect();
    await linkedin.publish(ctx, credentials, {
      text: 'One described picture',
      media: [memoryMedia('image', { altText: 'A red kite' })],
      idempotencyKey: 'alt-1',
    });
    expect(fake.published.at(-1)?.altTexts).toEqual(['A red kite']);
    await linkedin.publish(ctx, credentials, {
      text: 'Two pictures, one described',
      media: [memoryMedia('image'), memoryMedia('image', { altText: 'A hill' })],
      idempotencyKey: 'alt-2',
    });
    expect(fake.published.at(-1)?.altTexts).toEqual(['', 'A hill']);
  });

  it('builds the authorize URL without PKCE, with state, scopes and redirect URI', () => {
    const url = new URL(
      linkedin.authorizationUrl?.(ctx, { state: 'abc', redirectUri: ctx.settings.redirectUri }) ?? '',
    );
    expect(url.pathname).toBe('/oauth/v2/authorization');
    expect(url.searchParams.get('state')).toBe('abc');
    expect(url.searchParams.get('scope')).toBe('openid profile w_member_social');
    expect(url.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/accounts/oauth/linkedin/callback',
    );
    expect(url.searchParams.has('code_challenge')).toBe(false);
    expect(new URL(linkedin.defaultUrls.api ?? '').host).toBe('api.linkedin.com');
  });

  it('exchanges the code with client credentials in the body and reads the member', async () => {
    const credentials = await connect();
    expect(credentials.platformAccountId).toMatch(/^li\d+$/);
    expect(credentials.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 50 * 86_400_000);
    expect(fake.server.received('POST', '/oauth/v2/accessToken').at(-1)?.body).toMatchObject({
      client_id: 'test-client-id',
      client_secret: 'test-client-secret',
      grant_type: 'authorization_code',
    });
    expect(fake.server.violations).toEqual([]);
  });

  it('refuses a code sent back with another redirect URI', async () => {
    const url = linkedin.authorizationUrl?.(ctx, { state: 'st', redirectUri: ctx.settings.redirectUri });
    const { code } = await consent(url ?? '');
    const err = await platformFailure(
      linkedin.exchangeCode?.(ctx, { code, redirectUri: 'http://evil.example/cb' }) ?? Promise.resolve(),
    );
    expect(err.kind).toBe('reauthorize');
    expect(err.message).toBe('The redirect_uri does not match the authorization request.');
  });

  it('refreshes when a refresh token was issued, keeps it (no new one in the answer), and asks to reconnect without', async () => {
    const credentials = await connect();
    expect(credentials.refreshToken).toBeTruthy();
    const refreshed = await linkedin.refresh?.(ctx, credentials);
    expect(refreshed?.accessToken).not.toBe(credentials.accessToken);
    expect(refreshed && 'refreshToken' in refreshed).toBe(false);

    const noRefreshFake = await startLinkedInFake({ issueRefreshTokens: false });
    try {
      const other = { settings: fakeSettings('linkedin', noRefreshFake.url) };
      const url = linkedin.authorizationUrl?.(other, {
        state: 'st',
        redirectUri: other.settings.redirectUri,
      });
      const { code } = await consent(url ?? '');
      const identity = await linkedin.exchangeCode?.(other, {
        code,
        redirectUri: other.settings.redirectUri,
      });
      expect(identity?.tokens.refreshToken).toBeUndefined();
      const err = await platformFailure(
        linkedin.refresh?.(other, {
          accessToken: identity?.tokens.accessToken ?? '',
          platformAccountId: identity?.profile.platformAccountId ?? '',
          meta: {},
          secrets: {},
        }) ?? Promise.resolve(),
      );
      expect(err.kind).toBe('reauthorize');
    } finally {
      await noRefreshFake.close();
    }
  });

  it('publishes text in little-text format and returns the feed URL from x-restli-id', async () => {
    const credentials = await connect();
    const post = await linkedin.publish(ctx, credentials, {
      text: 'Launch (beta) @ 5 #relaycast',
      media: [],
      idempotencyKey: 'k1',
    });
    expect(post.platformPostId).toMatch(/^urn:li:share:\d+$/);
    expect(post.url).toBe(`https://www.linkedin.com/feed/update/${post.platformPostId}`);
    const call = fake.server.received('POST', '/rest/posts').at(-1);
    expect(call?.headers['linkedin-version']).toBe('202601');
    expect(call?.body).toMatchObject({
      author: `urn:li:person:${credentials.platformAccountId}`,
      commentary: 'Launch \\(beta\\) \\@ 5 {hashtag|\\#|relaycast}',
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
    });
    expect(littleText('a_b*c')).toBe('a\\_b\\*c');
    expect(fake.server.violations).toEqual([]);
  });

  it('uploads images (initialize → PUT) before a multi-image post', async () => {
    const credentials = await connect();
    const before = fake.server.requests.length;
    await linkedin.publish(ctx, credentials, {
      text: 'Pictures',
      media: [memoryMedia('image'), memoryMedia('image')],
      idempotencyKey: 'k2',
    });
    expect(flowOf(before)).toEqual([
      'POST /rest/images',
      'PUT /dms-uploads/:urn/0',
      'POST /rest/images',
      'PUT /dms-uploads/:urn/0',
      'POST /rest/posts',
    ]);
    const content = fake.server.received('POST', '/rest/posts').at(-1)?.body?.content as {
      multiImage: { images: unknown[] };
    };
    expect(content.multiImage.images).toHaveLength(2);
    expect(fake.server.violations).toEqual([]);
  });

  it('uploads a video in parts, finalizes it and waits until it is available', async () => {
    const credentials = await connect();
    const before = fake.server.requests.length;
    await linkedin.publish(ctx, credentials, {
      text: 'Video',
      media: [memoryMedia('video', { bytes: 5 * 1024 * 1024 })],
      idempotencyKey: 'k3',
    });
    expect(flowOf(before)).toEqual([
      'POST /rest/videos',
      'PUT /dms-uploads/:urn/0',
      'PUT /dms-uploads/:urn/1',
      'POST /rest/videos',
      'GET /rest/videos/:urn',
      'GET /rest/videos/:urn',
      'POST /rest/posts',
    ]);
    expect(fake.server.violations).toEqual([]);
  });

  it('maps 429 to retry, an invalid token to reauthorize, a duplicate to refuse and a drop to unknown', async () => {
    const credentials = await connect();
    fake.server.failNext(
      { path: '/rest/posts' },
      {
        status: 429,
        headers: { 'retry-after': '30' },
        body: {
          status: 429,
          message: 'Resource level throttle limit for calls to this resource is reached.',
        },
      },
    );
    const limited = await platformFailure(
      linkedin.publish(ctx, credentials, { text: 'a', media: [], idempotencyKey: 'e1' }),
    );
    expect(limited.kind).toBe('retry');
    expect(limited.details.retryAfterMs).toBe(30_000);

    const revoked = await platformFailure(
      linkedin.publish(
        ctx,
        { ...credentials, accessToken: 'revoked' },
        { text: 'b', media: [], idempotencyKey: 'e2' },
      ),
    );
    expect(revoked.kind).toBe('reauthorize');

    const first = await linkedin.publish(ctx, credentials, { text: 'Same', media: [], idempotencyKey: 'e3' });
    const duplicate = await platformFailure(
      linkedin.publish(ctx, credentials, { text: 'Same', media: [], idempotencyKey: 'e4' }),
    );
    expect(duplicate.kind).toBe('refuse');
    expect(duplicate.message).toBe(`Content is a duplicate of ${first.platformPostId}`);

    fake.server.failNext({ path: '/rest/posts' }, { drop: true });
    const dropped = await platformFailure(
      linkedin.publish(ctx, credentials, { text: 'c', media: [], idempotencyKey: 'e5' }),
    );
    expect(dropped.kind).toBe('unknown');
    expect(linkedin.capabilities.listRecentPosts).toBe(false);
  });
});
