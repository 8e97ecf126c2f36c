import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerConnector } from '../registry';
import { consent, fakeSettings, memoryMedia, platformFailure } from '../testing/connector-kit';
import { s256 } from '../testing/oauth.fake';
import type { AccountCredentials, CallContext, PublishMedia } from '../types';
import { createTikTokConnector } from './tiktok.connector';
import { startTikTokFake, type TikTokFake } from './tiktok.fake';
import { uploadPlan } from './tiktok-upload';

const connector = createTikTokConnector({
  poll: { intervalMs: 5, maxIntervalMs: 20, timeoutMs: 5_000 },
  chunkBytes: 1000,
  singleChunkMaxBytes: 1500,
});
const redirectUri = 'http://localhost:3000/api/accounts/oauth/tiktok/callback';
let fake: TikTokFake;
let ctx: CallContext;
let restore: () => void;
let credentials: AccountCredentials;

async function authorize(loginHint?: string) {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(
    connector.authorizationUrl?.(ctx, { state: 'tk-state', redirectUri, codeChallenge: s256(verifier) }) ??
      '',
  );
  if (loginHint) url.searchParams.set('login_hint', loginHint);
  const callback = await consent(url.toString());
  return { ...callback, verifier };
}

async function connect(loginHint?: string) {
  const { code, verifier } = await authorize(loginHint);
  const identity = await connector.exchangeCode?.(ctx, { code, codeVerifier: verifier, redirectUri });
  if (!identity) throw new Error('no identity');
  return identity;
}

function video(bytes: Buffer, id = 'vid'): PublishMedia {
  return {
    ...memoryMedia('video', { id }),
    sizeBytes: bytes.length,
    open: async () => Readable.from([bytes]),
  };
}

beforeAll(async () => {
  restore = registerConnector(connector);
  fake = await startTikTokFake();
  ctx = { settings: fakeSettings('tiktok', fake.url) };
  const identity = await connect();
  credentials = {
    accessToken: identity.tokens.accessToken,
    refreshToken: identity.tokens.refreshToken,
    expiresAt: identity.tokens.expiresAt,
    platformAccountId: identity.profile.platformAccountId,
    meta: identity.tokens.meta ?? {},
    secrets: {},
  };
});
afterAll(async () => {
  await fake.close();
  restore();
});

const post = (text: string, media: PublishMedia[]) => ({ text, media, idempotencyKey: `k-${text}` });

describe('TikTok upload plan', () => {
  it('uses one chunk for small files and equal chunks with the remainder in the last one otherwise', () => {
    expect(uploadPlan(1200, 1000, 1500)).toEqual({ chunkSize: 1200, ranges: [{ start: 0, end: 1199 }] });
    expect(uploadPlan(3500, 1000, 1500).ranges).toEqual([
      { start: 0, end: 999 },
      { start: 1000, end: 1999 },
      { start: 2000, end: 3499 },
    ]);
    const mb = 1024 * 1024;
    const big = uploadPlan(150 * mb + 5, 10 * mb, 64 * mb);
    expect(big.ranges).toHaveLength(15);
    expect(big.ranges.at(-1)).toEqual({ start: 140 * mb, end: 150 * mb + 4 });
  });
});

describe('TikTok connector', () => {
  it('builds the Login Kit v2 URL with client_key, scopes, state, redirect URI and a PKCE S256 challenge', () => {
    const url = new URL(
      connector.authorizationUrl?.(ctx, { state: 'abc', redirectUri, codeChallenge: 'challenge-123' }) ?? '',
    );
    expect(connector.defaultUrls.authorize).toBe('https://www.tiktok.com/v2/auth/authorize/');
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/v2/auth/authorize/`);
    expect(url.searchParams.get('client_key')).toBe('test-client-id');
    expect(url.searchParams.get('scope')?.split(',')).toEqual([
      'user.info.basic',
      'user.info.stats',
      'video.publish',
      'video.upload',
      'video.list',
    ]);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe(redirectUri);
    expect(url.searchParams.get('state')).toBe('abc');
    expect(url.searchParams.get('code_challenge')).toBe('challenge-123');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(() => connector.authorizationUrl?.(ctx, { state: 'abc', redirectUri })).toThrow();
  });

  it('trades the code and verifier for tokens and reads the profile and handle', async () => {
    const identity = await connect('bob');
    const tokenCall = fake.server.received('POST', '/v2/oauth/token/').at(-1);
    expect(tokenCall?.body).toMatchObject({
      client_key: 'test-client-id',
      client_secret: 'test-client-secret',
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
    });
    expect(identity.tokens.refreshToken).toMatch(/^rft\./);
    const hours = ((identity.tokens.expiresAt?.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(Math.round(hours)).toBe(24);
    expect(identity.profile).toMatchObject({
      platformAccountId: 'open-bob',
      handle: 'fake.tiktok.bob',
      displayName: 'TikTok bob',
    });
    expect(fake.server.violations).toEqual([]);
  });

  it('refuses a code whose PKCE verifier does not match the challenge', async () => {
    const { code } = await authorize('mallory');
    const refused = await platformFailure(
      connector.exchangeCode?.(ctx, { code, codeVerifier: 'not-the-verifier', redirectUri }) ??
        Promise.resolve(),
    );
    expect(refused.kind).toBe('refuse');
    expect(refused.message).toBe('Code verifier or code challenge is invalid.');
  });

  it('refreshes tokens, never returning an empty refresh token, and asks to reconnect when refused', async () => {
    const refreshed = await connector.refresh?.(ctx, credentials);
    expect(refreshed?.accessToken).toMatch(/^act\./);
    expect(refreshed?.refreshToken).toMatch(/^rft\./);
    expect(refreshed?.refreshToken).not.toBe(credentials.refreshToken);
    credentials = {
      ...credentials,
      accessToken: refreshed?.accessToken ?? '',
      refreshToken: refreshed?.refreshToken,
    };

    fake.server.failNext(
      { path: '/v2/oauth/token/' },
      {
        body: {
          access_token: 'act.without-refresh',
          expires_in: 86_400,
          refresh_token: '',
          token_type: 'Bearer',
        },
      },
    );
    const withoutRefresh = await connector.refresh?.(ctx, credentials);
    expect(withoutRefresh?.accessToken).toBe('act.without-refresh');
    expect(withoutRefresh && 'refreshToken' in withoutRefresh).toBe(false);

    const refused = await platformFailure(
      connector.refresh?.(ctx, { ...credentials, refreshToken: 'rft.revoked' }) ?? Promise.resolve(),
    );
    expect(refused.kind).toBe('reauthorize');
    expect(fake.server.violations).toEqual([]);
  });

  it('publishes a video: creator_info → init → chunked PUTs → status until PUBLISH_COMPLETE', async () => {
    const bytes = randomBytes(3500);
    const start = fake.server.requests.length;
    const published = await connector.publish(ctx, credentials, post('My clip #fyp', [video(bytes)]));
    const calls = fake.server.requests.slice(start).map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual([
      'POST /v2/post/publish/creator_info/query/',
      'POST /v2/post/publish/video/init/',
      'PUT /upload/',
      'PUT /upload/',
      'PUT /upload/',
      'POST /v2/post/publish/status/fetch/',
      'POST /v2/post/publish/status/fetch/',
    ]);
    const init = fake.server.requests[start + 1];
    expect(init?.body).toMatchObject({
      post_info: { title: 'My clip #fyp', privacy_level: 'PUBLIC_TO_EVERYONE' },
      source_info: { source: 'FILE_UPLOAD', video_size: 3500, chunk_size: 1000, total_chunk_count: 3 },
    });
    const puts = fake.server.requests.slice(start + 2, start + 5);
    expect(puts.map((p) => p.headers['content-range'])).toEqual([
      'bytes 0-999/3500',
      'bytes 1000-1999/3500',
      'bytes 2000-3499/3500',
    ]);
    expect(Buffer.concat(puts.map((p) => p.raw)).equals(bytes)).toBe(true);
    expect(published.url).toBe(
      `https://www.tiktok.com/@${credentials.meta.username}/video/${published.platformPostId}`,
    );
    expect(fake.published.at(-1)).toMatchObject({ id: published.platformPostId, text: 'My clip #fyp' });
    expect(fake.server.violations).toEqual([]);
  });

  it('publishes photos pulled from their public URLs', async () => {
    const photos = [memoryMedia('image', { id: 'p1' }), memoryMedia('image', { id: 'p2' })];
    const published = await connector.publish(ctx, credentials, post('Photo dump', photos));
    const init = fake.server.received('POST', '/v2/post/publish/content/init/').at(-1);
    expect(init?.body).toMatchObject({
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: { description: 'Photo dump', privacy_level: 'PUBLIC_TO_EVERYONE' },
      source_info: {
        source: 'PULL_FROM_URL',
        photo_cover_index: 0,
        photo_images: photos.map((p) => p.publicUrl),
      },
    });
    expect(published.url).toBe(
      `https://www.tiktok.com/@${credentials.meta.username}/photo/${published.platformPostId}`,
    );
    expect(fake.server.violations).toEqual([]);
  });

  it('links to the profile when the post is private and has no public id', async () => {
    const privateFake = await startTikTokFake({ privacyLevelOptions: ['SELF_ONLY'] });
    try {
      const privateCtx = { settings: fakeSettings('tiktok', privateFake.url) };
      const verifier = randomBytes(32).toString('base64url');
      const { code } = await consent(
        connector.authorizationUrl?.(privateCtx, {
          state: 's',
          redirectUri,
          codeChallenge: s256(verifier),
        }) ?? '',
      );
      const identity = await connector.exchangeCode?.(privateCtx, {
        code,
        codeVerifier: verifier,
        redirectUri,
      });
      const result = await connector.publish(
        privateCtx,
        {
          accessToken: identity?.tokens.accessToken ?? '',
          platformAccountId: identity?.profile.platformAccountId ?? '',
          meta: identity?.tokens.meta ?? {},
          secrets: {},
        },
        post('Private', [video(randomBytes(100))]),
      );
      expect(privateFake.server.received('POST', '/v2/post/publish/video/init/')[0]?.body).toMatchObject({
        post_info: { privacy_level: 'SELF_ONLY' },
      });
      expect(result.platformPostId).toMatch(/^v_pub_file~/);
      expect(result.url).toBe(`https://www.tiktok.com/@${identity?.profile.handle}`);
      expect(privateFake.server.violations).toEqual([]);
    } finally {
      await privateFake.close();
    }
  });

  it('refuses text-only posts and mixed video and photos without calling TikTok', async () => {
    const start = fake.server.requests.length;
    expect((await platformFailure(connector.publish(ctx, credentials, post('words', [])))).kind).toBe(
      'refuse',
    );
    const mixed = post('mixed', [video(randomBytes(10)), memoryMedia('image', { id: 'x' })]);
    expect((await platformFailure(connector.publish(ctx, credentials, mixed))).kind).toBe('refuse');
    expect(fake.server.requests.length).toBe(start);
  });

  it('refuses with TikTok’s fail_reason when publishing fails after the upload', async () => {
    fake.failNextPublish('duration_check_failed');
    const refused = await platformFailure(
      connector.publish(ctx, credentials, post('bad', [video(randomBytes(50))])),
    );
    expect(refused.kind).toBe('refuse');
    expect(refused.message).toContain('duration_check_failed');
  });

  it('maps a 429 rate_limit_exceeded with reset headers to retry', async () => {
    fake.server.failNext(
      { path: '/v2/post/publish/video/init/' },
      {
        status: 429,
        headers: { 'ratelimit-reset': '45' },
        body: {
          data: {},
          error: { code: 'rate_limit_exceeded', message: 'Too many requests.', log_id: 'l' },
        },
      },
    );
    const limited = await platformFailure(
      connector.publish(ctx, credentials, post('r', [video(randomBytes(50))])),
    );
    expect(limited).toMatchObject({ kind: 'retry', message: 'Too many requests.' });
    expect(limited.details.retryAfterMs).toBe(45_000);
  });

  it('maps an invalid access token to reauthorize', async () => {
    const expired = await platformFailure(
      connector.publish(
        ctx,
        { ...credentials, accessToken: 'act.expired' },
        post('x', [video(randomBytes(50))]),
      ),
    );
    expect(expired).toMatchObject({ kind: 'reauthorize', details: expect.objectContaining({ status: 401 }) });
    expect(expired.details.platformCode).toBe('access_token_invalid');
  });

  it('refuses with TikTok’s message on a validation error', async () => {
    fake.server.failNext(
      { path: '/v2/post/publish/video/init/' },
      {
        status: 400,
        body: {
          data: {},
          error: { code: 'invalid_params', message: 'The video title is too long.', log_id: 'l' },
        },
      },
    );
    const refused = await platformFailure(
      connector.publish(ctx, credentials, post('t', [video(randomBytes(50))])),
    );
    expect(refused).toMatchObject({ kind: 'refuse', message: 'The video title is too long.' });
  });

  it('reports unknown when the connection drops on the call that publishes, or the status cannot be read', async () => {
    fake.server.failNext({ method: 'PUT', path: '/upload/' }, { drop: true });
    const lastChunk = await platformFailure(
      connector.publish(ctx, credentials, post('d1', [video(randomBytes(50))])),
    );
    expect(lastChunk.kind).toBe('unknown');

    fake.server.failNext({ path: '/v2/post/publish/content/init/' }, { drop: true });
    const photos = await platformFailure(
      connector.publish(ctx, credentials, post('d2', [memoryMedia('image', { id: 'd' })])),
    );
    expect(photos.kind).toBe('unknown');

    fake.server.failNext(
      { path: '/v2/post/publish/status/fetch/' },
      { status: 503, body: { error: { code: 'internal_error' } } },
    );
    const status = await platformFailure(
      connector.publish(ctx, credentials, post('d3', [video(randomBytes(50))])),
    );
    expect(status.kind).toBe('unknown');
  });

  it('lists recent videos, finding the one just published', async () => {
    const since = new Date();
    const published = await connector.publish(
      ctx,
      credentials,
      post('Find my video', [video(randomBytes(80))]),
    );
    const recent = (await connector.listRecentPosts?.(ctx, credentials, since)) ?? [];
    expect(recent[0]).toMatchObject({
      platformPostId: published.platformPostId,
      text: 'Find my video',
      url: published.url,
    });
    expect(fake.server.received('POST', '/v2/video/list/').at(-1)?.query.get('fields')).toContain(
      'create_time',
    );
    expect(fake.server.violations).toEqual([]);
  });
});
