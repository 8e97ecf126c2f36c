import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consent, fakeSettings, memoryMedia, platformFailure, publishChain } from '../testing/connector-kit';
import { s256 } from '../testing/oauth.fake';
import type { AccountCredentials, CallContext } from '../types';
import { twitterConnector as x } from './twitter.connector';
import { startTwitterFake } from './twitter.fake';

let fake: Awaited<ReturnType<typeof startTwitterFake>>;
let ctx: CallContext;
const verifier = 'v'.repeat(64);

beforeAll(async () => {
  fake = await startTwitterFake();
  ctx = { settings: fakeSettings('twitter', fake.url) };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.violations.length = 0;
});

async function connect(): Promise<AccountCredentials> {
  const url = x.authorizationUrl?.(ctx, {
    state: 'st-1',
    codeChallenge: s256(verifier),
    redirectUri: ctx.settings.redirectUri,
  });
  const { code } = await consent(url ?? '');
  const identity = await x.exchangeCode?.(ctx, {
    code,
    codeVerifier: verifier,
    redirectUri: ctx.settings.redirectUri,
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

describe('X connector', () => {
  it('sets alt text with POST /2/media/metadata after the upload and before the post', async () => {
    const credentials = await connect();
    const before = fake.server.requests.length;
    await x.publish(ctx, credentials, {
      text: 'Described',
      media: [memoryMedia('image', { altText: 'A red kite over a hill' }), memoryMedia('image')],
      idempotencyKey: 'alt-1',
    });
    const flow = fake.server.requests
      .slice(before)
      .map((r) => `${r.method} ${r.path.replace(/\d{10,}/, ':id')}`);
    expect(flow.indexOf('POST /2/media/metadata')).toBe(3);
    expect(flow.filter((step) => step === 'POST /2/media/metadata')).toHaveLength(1);
    expect(fake.published.at(-1)?.altTexts).toEqual(['A red kite over a hill', '']);
    expect(fake.server.violations).toEqual([]);
  });

  it('builds the authorize URL with state, PKCE S256, scopes and redirect URI', () => {
    const url = new URL(
      x.authorizationUrl?.(ctx, {
        state: 'abc',
        codeChallenge: 'chal',
        redirectUri: ctx.settings.redirectUri,
      }) ?? '',
    );
    expect(url.pathname).toBe('/i/oauth2/authorize');
    expect(url.searchParams.get('state')).toBe('abc');
    expect(url.searchParams.get('code_challenge')).toBe('chal');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('client_id')).toBe('test-client-id');
    expect(url.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/accounts/oauth/twitter/callback',
    );
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write']),
    );
    expect(new URL(x.defaultUrls.authorize ?? '').host).toBe('x.com');
    expect(new URL(x.defaultUrls.api ?? '').host).toBe('api.x.com');
  });

  it('exchanges the code with Basic client auth and reads the profile', async () => {
    const credentials = await connect();
    expect(credentials.accessToken).toMatch(/^at-/);
    expect(credentials.refreshToken).toMatch(/^rt-/);
    expect(credentials.expiresAt?.getTime()).toBeGreaterThan(Date.now());
    expect(credentials.meta.username).toBe(`xuser${credentials.platformAccountId}`);
    const tokenCall = fake.server.received('POST', '/2/oauth2/token').at(-1);
    expect(tokenCall?.headers.authorization).toMatch(/^Basic /);
    expect(tokenCall?.body?.code_verifier).toBe(verifier);
    expect(fake.server.violations).toEqual([]);
  });

  it('refuses a wrong PKCE verifier (nothing returned)', async () => {
    const url = x.authorizationUrl?.(ctx, {
      state: 's',
      codeChallenge: s256(verifier),
      redirectUri: ctx.settings.redirectUri,
    });
    const { code } = await consent(url ?? '');
    const profileReads = fake.server.received('GET', '/2/users/me').length;
    const err = await platformFailure(
      x.exchangeCode?.(ctx, { code, codeVerifier: 'w'.repeat(64), redirectUri: ctx.settings.redirectUri }) ??
        Promise.resolve(),
    );
    expect(err.message).toMatch(/code verifier/);
    expect(fake.server.received('GET', '/2/users/me')).toHaveLength(profileReads);
  });

  it('refreshes with the rotating refresh token, and a refresh without one yields none', async () => {
    const credentials = await connect();
    const refreshed = await x.refresh?.(ctx, credentials);
    expect(refreshed?.accessToken).not.toBe(credentials.accessToken);
    expect(refreshed?.refreshToken).toMatch(/^rt-/);
    expect(refreshed?.refreshToken).not.toBe(credentials.refreshToken);
    // The old refresh token was rotated away: using it again means reconnecting.
    const reused = await platformFailure(x.refresh?.(ctx, credentials) ?? Promise.resolve());
    expect(reused.kind).toBe('reauthorize');

    fake.server.failNext(
      { path: '/2/oauth2/token' },
      { body: { token_type: 'bearer', access_token: 'at-new', expires_in: 7200, scope: 'tweet.read' } },
    );
    const withoutRefresh = await x.refresh?.(ctx, { ...credentials, refreshToken: refreshed?.refreshToken });
    expect(withoutRefresh?.accessToken).toBe('at-new');
    expect(withoutRefresh && 'refreshToken' in withoutRefresh).toBe(false);
  });

  it('publishes text and returns the post URL', async () => {
    const credentials = await connect();
    const post = await x.publish(ctx, credentials, {
      text: 'Hello from Relaycast',
      media: [],
      idempotencyKey: 'k1',
    });
    expect(post.url).toBe(`https://x.com/${credentials.meta.username}/status/${post.platformPostId}`);
    expect(fake.published.at(-1)).toMatchObject({ id: post.platformPostId, text: 'Hello from Relaycast' });
    expect(fake.server.violations).toEqual([]);
  });

  it('uploads images (initialize → append → finalize) before the post references them', async () => {
    const credentials = await connect();
    const before = fake.server.requests.length;
    const post = await x.publish(ctx, credentials, {
      text: 'Two pictures',
      media: [memoryMedia('image'), memoryMedia('image', { mimeType: 'image/jpeg' })],
      idempotencyKey: 'k2',
    });
    const flow = fake.server.requests
      .slice(before)
      .map((r) => `${r.method} ${r.path.replace(/\d{10,}/, ':id')}`);
    expect(flow).toEqual([
      'POST /2/media/upload/initialize',
      'POST /2/media/upload/:id/append',
      'POST /2/media/upload/:id/finalize',
      'POST /2/media/upload/initialize',
      'POST /2/media/upload/:id/append',
      'POST /2/media/upload/:id/finalize',
      'POST /2/tweets',
    ]);
    expect(fake.published.at(-1)?.mediaIds).toHaveLength(2);
    expect(fake.published.at(-1)?.id).toBe(post.platformPostId);
    expect(fake.server.violations).toEqual([]);
  });

  it('uploads a video in segments and waits for processing before posting', async () => {
    const credentials = await connect();
    const before = fake.server.requests.length;
    await x.publish(ctx, credentials, {
      text: 'A video',
      media: [memoryMedia('video', { bytes: 9 * 1024 * 1024 })],
      idempotencyKey: 'k3',
    });
    const flow = fake.server.requests
      .slice(before)
      .map((r) => `${r.method} ${r.path.replace(/\d{10,}/, ':id')}`);
    expect(flow).toEqual([
      'POST /2/media/upload/initialize',
      'POST /2/media/upload/:id/append',
      'POST /2/media/upload/:id/append',
      'POST /2/media/upload/:id/append',
      'POST /2/media/upload/:id/finalize',
      'GET /2/media/upload',
      'GET /2/media/upload',
      'POST /2/tweets',
    ]);
    expect(fake.server.requests[before]?.body?.media_category).toBe('tweet_video');
    expect(fake.server.violations).toEqual([]);
  });

  it('refuses with X’s reason when video processing fails, without posting', async () => {
    const credentials = await connect();
    const posts = fake.published.length;
    fake.server.failNext(
      { method: 'GET', path: '/2/media/upload' },
      {
        body: {
          data: {
            processing_info: {
              state: 'failed',
              error: { code: 1, name: 'InvalidMedia', message: 'Unsupported video format' },
            },
          },
        },
      },
    );
    const err = await platformFailure(
      x.publish(ctx, credentials, { text: 'Bad video', media: [memoryMedia('video')], idempotencyKey: 'kf' }),
    );
    expect(err.kind).toBe('refuse');
    expect(err.message).toBe('Unsupported video format');
    expect(fake.published).toHaveLength(posts);
  });

  it('maps a 429 with x-rate-limit-reset to retry with the wait', async () => {
    const credentials = await connect();
    const reset = Math.floor(Date.now() / 1000) + 120;
    fake.server.failNext(
      { method: 'POST', path: '/2/tweets' },
      {
        status: 429,
        headers: { 'x-rate-limit-reset': String(reset) },
        body: { title: 'Too Many Requests', detail: 'Too Many Requests', status: 429 },
      },
    );
    const err = await platformFailure(
      x.publish(ctx, credentials, { text: 'rate', media: [], idempotencyKey: 'k4' }),
    );
    expect(err.kind).toBe('retry');
    expect(err.details.retryAfterMs).toBeGreaterThan(100_000);
    expect(err.details.retryAfterMs).toBeLessThanOrEqual(120_000);
  });

  it('maps a revoked token to reauthorize', async () => {
    const credentials = await connect();
    const err = await platformFailure(
      x.publish(
        ctx,
        { ...credentials, accessToken: 'at-revoked' },
        { text: 'nope', media: [], idempotencyKey: 'k5' },
      ),
    );
    expect(err.kind).toBe('reauthorize');
  });

  it('maps X’s validation answer to refuse with its message', async () => {
    const credentials = await connect();
    await x.publish(ctx, credentials, { text: 'Same words', media: [], idempotencyKey: 'k6' });
    const err = await platformFailure(
      x.publish(ctx, credentials, { text: 'Same words', media: [], idempotencyKey: 'k7' }),
    );
    expect(err.kind).toBe('refuse');
    expect(err.message).toBe('You are not allowed to create a Tweet with duplicate content.');
  });

  it('maps a dropped connection on the create call to unknown, then finds the post when listing', async () => {
    const credentials = await connect();
    fake.server.failNext({ method: 'POST', path: '/2/tweets' }, { drop: true });
    const err = await platformFailure(
      x.publish(ctx, credentials, { text: 'Lost answer', media: [], idempotencyKey: 'k8' }),
    );
    expect(err.kind).toBe('unknown');

    const since = new Date(Date.now() - 60_000);
    const post = await x.publish(ctx, credentials, { text: 'Findable', media: [], idempotencyKey: 'k9' });
    const recent = await x.listRecentPosts?.(ctx, credentials, since);
    expect(recent?.find((item) => item.platformPostId === post.platformPostId)).toMatchObject({
      text: 'Findable',
      url: post.url,
    });
  });
});

describe('X thread replies', () => {
  it('publishes each next part with reply.in_reply_to_tweet_id of the part before it', async () => {
    const credentials = await connect();
    const chain = await publishChain(x, ctx, credentials, ['Post 1/3', 'Post 2/3', 'Post 3/3']);
    const received = fake.published.slice(-3);
    expect(received.map((post) => post.text)).toEqual(['Post 1/3', 'Post 2/3', 'Post 3/3']);
    expect(received.map((post) => post.replyTo)).toEqual([
      undefined,
      chain[0]?.platformPostId,
      chain[1]?.platformPostId,
    ]);
  });

  it('uploads a later part’s media and attaches it, with its alt text, to that reply', async () => {
    const credentials = await connect();
    const chain = await publishChain(
      x,
      ctx,
      credentials,
      ['Pic 1/2', 'Pic 2/2'],
      [[], [memoryMedia('image', { altText: 'The second chart' })]],
    );
    const [first, second] = fake.published.slice(-2);
    expect(first?.mediaIds).toEqual([]);
    expect(second).toMatchObject({ text: 'Pic 2/2', replyTo: chain[0]?.platformPostId });
    expect(second?.mediaIds).toHaveLength(1);
    expect(second?.altTexts).toEqual(['The second chart']);
  });
});
