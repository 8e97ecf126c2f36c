import { youTubeTitleAndDescription } from '@relaycast/shared/youtube';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consent, fakeSettings, memoryMedia, platformFailure } from '../testing/connector-kit';
import { s256 } from '../testing/oauth.fake';
import type { PlatformFake } from '../testing/server.fake';
import type { AccountCredentials, CallContext } from '../types';
import { youtubeConnector as youtube } from './youtube.connector';
import { startYouTubeFake } from './youtube.fake';

let fake: PlatformFake;
let ctx: CallContext;
const verifier = 'y'.repeat(60);

beforeAll(async () => {
  fake = await startYouTubeFake();
  ctx = { settings: fakeSettings('youtube', fake.url) };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.violations.length = 0;
});

function authorizeUrl(state = 'st') {
  return (
    youtube.authorizationUrl?.(ctx, {
      state,
      codeChallenge: s256(verifier),
      redirectUri: ctx.settings.redirectUri,
    }) ?? ''
  );
}

async function connect(): Promise<AccountCredentials> {
  const { code } = await consent(authorizeUrl());
  const identity = await youtube.exchangeCode?.(ctx, {
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

const video = () => memoryMedia('video', { bytes: 64 * 1024 });

describe('YouTube connector', () => {
  it('builds the Google authorize URL with PKCE, offline access, consent prompt and the scopes', () => {
    const url = new URL(authorizeUrl('abc'));
    expect(url.pathname).toBe('/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      state: 'abc',
      code_challenge: s256(verifier),
      code_challenge_method: 'S256',
      access_type: 'offline',
      prompt: 'consent',
      redirect_uri: 'http://localhost:3000/api/accounts/oauth/youtube/callback',
      scope:
        'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly https://www.googleapis.com/auth/youtube.force-ssl',
    });
    expect(new URL(youtube.defaultUrls.token ?? '').host).toBe('oauth2.googleapis.com');
  });

  it('exchanges the code and reads the channel', async () => {
    const { code } = await consent(authorizeUrl());
    const identity = await youtube.exchangeCode?.(ctx, {
      code,
      codeVerifier: verifier,
      redirectUri: ctx.settings.redirectUri,
    });
    expect(identity?.profile.platformAccountId).toMatch(/^UC\d+$/);
    expect(identity?.profile.handle).toMatch(/^@channeluc\d+$/);
    expect(identity?.tokens.refreshToken).toMatch(/^rt-/);
    expect(fake.server.violations).toEqual([]);
  });

  it('refuses a wrong PKCE verifier', async () => {
    const { code } = await consent(authorizeUrl());
    const err = await platformFailure(
      youtube.exchangeCode?.(ctx, {
        code,
        codeVerifier: 'z'.repeat(60),
        redirectUri: ctx.settings.redirectUri,
      }) ?? Promise.resolve(),
    );
    expect(err.kind).toBe('reauthorize');
    expect(err.message).toMatch(/code verifier/);
  });

  it('refreshes without a new refresh token (the stored one stays)', async () => {
    const credentials = await connect();
    const refreshed = await youtube.refresh?.(ctx, credentials);
    expect(refreshed?.accessToken).not.toBe(credentials.accessToken);
    expect(refreshed && 'refreshToken' in refreshed).toBe(false);
    const revoked = await platformFailure(
      youtube.refresh?.(ctx, { ...credentials, refreshToken: 'rt-revoked' }) ?? Promise.resolve(),
    );
    expect(revoked.kind).toBe('reauthorize');
  });

  it('uploads a video through a resumable session: first line title, the rest description', async () => {
    const credentials = await connect();
    const before = fake.server.requests.length;
    const post = await youtube.publish(ctx, credentials, {
      text: 'My <first> video\nWhat it is about.\nMore.',
      media: [video()],
      idempotencyKey: 'k1',
    });
    expect(fake.server.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /upload/youtube/v3/videos',
      'PUT /upload/youtube/v3/videos',
    ]);
    expect(fake.server.requests[before]?.body?.snippet).toMatchObject({
      title: 'My first video',
      description: 'What it is about.\nMore.',
    });
    expect(post.url).toBe(`https://www.youtube.com/watch?v=${post.platformPostId}`);
    expect(fake.published.at(-1)?.id).toBe(post.platformPostId);
    expect(fake.server.violations).toEqual([]);
  });

  it('refuses text-only and image posts without calling YouTube', async () => {
    const credentials = await connect();
    const before = fake.server.requests.length;
    expect(youtube.capabilities).toMatchObject({
      publishText: false,
      publishImages: false,
      publishVideo: true,
    });
    const textOnly = await platformFailure(
      youtube.publish(ctx, credentials, { text: 'hi', media: [], idempotencyKey: 'k2' }),
    );
    expect(textOnly.kind).toBe('refuse');
    const image = await platformFailure(
      youtube.publish(ctx, credentials, { text: 'hi', media: [memoryMedia('image')], idempotencyKey: 'k3' }),
    );
    expect(image.message).toBe('YouTube posts need exactly one video.');
    expect(fake.server.requests.length).toBe(before);
  });

  it('keeps a long first line whole by moving it to the description', () => {
    const long = 'a'.repeat(150);
    const { title, description } = youTubeTitleAndDescription(`${long}\nrest`);
    expect([...title]).toHaveLength(100);
    expect(title.endsWith('…')).toBe(true);
    expect(description).toBe(`${long}\n\nrest`);
    expect(youTubeTitleAndDescription('').title).toBe('Untitled video');
  });

  it('maps quota to retry, a revoked token to reauthorize, invalid metadata to refuse and a dropped upload to unknown', async () => {
    const credentials = await connect();
    fake.server.failNext(
      { method: 'POST', path: '/upload/youtube/v3/videos' },
      {
        status: 403,
        body: {
          error: {
            code: 403,
            message: 'The request cannot be completed because you have exceeded your quota.',
            errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }],
          },
        },
      },
    );
    const quota = await platformFailure(
      youtube.publish(ctx, credentials, { text: 'q', media: [video()], idempotencyKey: 'e1' }),
    );
    expect(quota.kind).toBe('retry');

    fake.server.failNext(
      { method: 'POST', path: '/upload/youtube/v3/videos' },
      {
        status: 429,
        headers: { 'retry-after': '45' },
        body: { error: { code: 429, message: 'Too many requests' } },
      },
    );
    const limited = await platformFailure(
      youtube.publish(ctx, credentials, { text: 'r', media: [video()], idempotencyKey: 'e2' }),
    );
    expect(limited.kind).toBe('retry');
    expect(limited.details.retryAfterMs).toBe(45_000);

    const revoked = await platformFailure(
      youtube.publish(
        ctx,
        { ...credentials, accessToken: 'revoked' },
        { text: 's', media: [video()], idempotencyKey: 'e3' },
      ),
    );
    expect(revoked.kind).toBe('reauthorize');

    fake.server.failNext(
      { method: 'POST', path: '/upload/youtube/v3/videos' },
      {
        status: 400,
        body: {
          error: {
            code: 400,
            message: 'The request metadata specifies an invalid video title.',
            errors: [{ reason: 'invalidTitle', domain: 'youtube.video' }],
          },
        },
      },
    );
    const invalid = await platformFailure(
      youtube.publish(ctx, credentials, { text: 't', media: [video()], idempotencyKey: 'e4' }),
    );
    expect(invalid.kind).toBe('refuse');
    expect(invalid.message).toBe('The request metadata specifies an invalid video title.');

    fake.server.failNext({ method: 'PUT', path: '/upload/youtube/v3/videos' }, { drop: true });
    const dropped = await platformFailure(
      youtube.publish(ctx, credentials, { text: 'u', media: [video()], idempotencyKey: 'e5' }),
    );
    expect(dropped.kind).toBe('unknown');
  });

  it('lists the channel’s recent uploads from its uploads playlist', async () => {
    const credentials = await connect();
    expect(credentials.meta.uploadsPlaylistId).toBe(`UU${credentials.platformAccountId.slice(2)}`);
    const since = new Date(Date.now() - 60_000);
    const post = await youtube.publish(ctx, credentials, {
      text: 'Found\nit',
      media: [video()],
      idempotencyKey: 'r1',
    });
    const recent = await youtube.listRecentPosts?.(ctx, credentials, since);
    expect(recent).toEqual([
      { platformPostId: post.platformPostId, url: post.url, text: 'Found\nit', createdAt: expect.any(Date) },
    ]);
    // Accounts connected before the playlist id was stored: the connector looks it up.
    const looked = await youtube.listRecentPosts?.(ctx, { ...credentials, meta: {} }, since);
    expect(looked?.map((item) => item.platformPostId)).toEqual([post.platformPostId]);
  });
});
