import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerConnector } from '../registry';
import { consent, fakeSettings, memoryMedia, platformFailure } from '../testing/connector-kit';
import type { AccountCredentials, CallContext, PublishMedia } from '../types';
import { createInstagramConnector } from './instagram.connector';
import { type InstagramFake, startInstagramFake } from './instagram.fake';

const connector = createInstagramConnector({ poll: { intervalMs: 5, maxIntervalMs: 20, timeoutMs: 5_000 } });
const redirectUri = 'http://localhost:3000/api/accounts/oauth/instagram/callback';
let fake: InstagramFake;
let ctx: CallContext;
let restore: () => void;
let credentials: AccountCredentials;

async function connect(loginHint?: string) {
  const url = new URL(connector.authorizationUrl?.(ctx, { state: 'st', redirectUri }) ?? 'missing');
  if (loginHint) url.searchParams.set('login_hint', loginHint);
  const callback = await consent(url.toString());
  const identity = await connector.exchangeCode?.(ctx, { code: callback.code, redirectUri });
  if (!identity) throw new Error('no identity');
  return identity;
}

beforeAll(async () => {
  restore = registerConnector(connector);
  fake = await startInstagramFake();
  ctx = { settings: fakeSettings('instagram', fake.url) };
  const identity = await connect();
  credentials = {
    accessToken: identity.tokens.accessToken,
    platformAccountId: identity.profile.platformAccountId,
    meta: identity.tokens.meta ?? {},
    secrets: identity.tokens.secrets ?? {},
  };
});
afterAll(async () => {
  await fake.close();
  restore();
});

const post = (text: string, media: PublishMedia[]) => ({ text, media, idempotencyKey: `k-${text}` });
const image = (id: string) => memoryMedia('image', { id });
const video = (id: string) => memoryMedia('video', { id });
const igPath = (suffix = '') => `/v23.0/${credentials.platformAccountId}${suffix}`;

function callsSince(index: number): string[] {
  return fake.server.requests.slice(index).map((r) => {
    const last = r.path.split('/').at(-1) ?? '';
    const name =
      last === credentials.platformAccountId ? 'ig' : fake.containers.has(last) ? 'container' : last;
    return `${r.method} ${name}${r.method === 'GET' && name !== 'media' ? `?${r.query.get('fields')}` : ''}`;
  });
}

describe('Instagram connector', () => {
  it('comments on its own media once published (the first comment)', async () => {
    const published = await connector.publish(ctx, credentials, post('Commented', [image('c1')]));
    const comment = await connector.comment?.(ctx, credentials, {
      platformPostId: published.platformPostId,
      text: '#kites #spring',
    });
    expect(fake.comments?.at(-1)).toMatchObject({
      id: comment?.platformCommentId,
      postId: published.platformPostId,
      text: '#kites #spring',
    });
    expect(fake.server.violations).toEqual([]);
  });

  it('sends alt_text on image containers (single and carousel), never on a Reel', async () => {
    let start = fake.server.requests.length;
    await connector.publish(
      ctx,
      credentials,
      post('Described', [memoryMedia('image', { id: 'd1', altText: 'A red kite' })]),
    );
    const single = fake.server
      .received('POST', igPath('/media'))
      .filter((r) => fake.server.requests.indexOf(r) >= start);
    expect(single[0]?.body?.alt_text).toBe('A red kite');
    start = fake.server.requests.length;
    const described = [
      memoryMedia('image', { id: 'd2', altText: 'A hill' }),
      memoryMedia('video', { id: 'd3', altText: 'ignored' }),
    ];
    await connector.publish(ctx, credentials, post('Carousel described', described));
    const creates = fake.server
      .received('POST', igPath('/media'))
      .filter((r) => fake.server.requests.indexOf(r) >= start);
    expect(creates.map((r) => r.body?.alt_text)).toEqual(['A hill', undefined, undefined]);
    expect(fake.server.violations).toEqual([]);
  });

  it('builds the Facebook Login URL with the Instagram scopes', () => {
    const url = new URL(connector.authorizationUrl?.(ctx, { state: 'abc', redirectUri }) ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/v23.0/dialog/oauth`);
    expect(url.searchParams.get('state')).toBe('abc');
    expect(url.searchParams.get('redirect_uri')).toBe(redirectUri);
    expect(url.searchParams.get('client_id')).toBe('test-client-id');
    expect(url.searchParams.get('scope')?.split(',')).toEqual([
      'instagram_basic',
      'instagram_content_publish',
      'instagram_manage_comments',
      'instagram_manage_insights',
      'pages_show_list',
      'pages_read_engagement',
    ]);
    expect(url.searchParams.has('code_challenge')).toBe(false);
  });

  it('connects the Instagram account linked to a Page, with the long-lived token and the Page token', async () => {
    const identity = await connect('shop-owner');
    const pageId = (fake.login.pagesOfUser.get('shop-owner') ?? [])[1] ?? '';
    const page = fake.login.pages.get(pageId);
    expect(identity.profile).toMatchObject({
      platformAccountId: page?.instagram?.id,
      handle: page?.instagram?.username,
      displayName: page?.instagram?.name,
    });
    expect(identity.tokens.secrets?.pageToken).toBe(page?.token);
    expect(identity.tokens.meta).toMatchObject({ igUserId: page?.instagram?.id, pageId });
    expect(fake.login.tokens.tokens.get(identity.tokens.accessToken)?.kind).toBe('user');
    const accounts = fake.server.received('GET', '/v23.0/me/accounts').at(-1);
    expect(accounts?.query.get('fields')).toContain('instagram_business_account');
    expect(fake.server.violations).toEqual([]);
  });

  it('refuses to connect when no Page has an Instagram professional account', async () => {
    const refused = await platformFailure(connect('no-ig-user'));
    expect(refused.kind).toBe('refuse');
    expect(refused.message).toContain('No Instagram professional account');
  });

  it('publishes an image: container → poll until FINISHED → media_publish → permalink', async () => {
    const start = fake.server.requests.length;
    const published = await connector.publish(ctx, credentials, post('Hello IG', [image('i1')]));
    expect(callsSince(start)).toEqual([
      'POST media',
      'GET container?status_code,status',
      'GET container?status_code,status',
      'POST media_publish',
      `GET ${published.platformPostId}?permalink`,
    ]);
    const create = fake.server.requests[start];
    expect(create?.body).toEqual({ image_url: image('i1').publicUrl, caption: 'Hello IG' });
    expect(create?.headers.authorization).toBe(`Bearer ${credentials.secrets.pageToken}`);
    const last = fake.published.at(-1);
    expect(last).toMatchObject({ id: published.platformPostId, text: 'Hello IG' });
    expect(published.url).toMatch(/^https:\/\/www\.instagram\.com\/p\//);
    expect(fake.server.violations).toEqual([]);
  });

  it('publishes a carousel: finished children, then the CAROUSEL container, then media_publish', async () => {
    const start = fake.server.requests.length;
    await connector.publish(ctx, credentials, post('Carousel', [image('c1'), video('c2'), image('c3')]));
    const creates = fake.server.requests.slice(start).filter((r) => r.path === igPath('/media'));
    expect(creates.map((r) => r.body)).toEqual([
      { image_url: image('c1').publicUrl, is_carousel_item: true },
      { media_type: 'VIDEO', video_url: video('c2').publicUrl, is_carousel_item: true },
      { image_url: image('c3').publicUrl, is_carousel_item: true },
      expect.objectContaining({ media_type: 'CAROUSEL', caption: 'Carousel' }),
    ]);
    const calls = callsSince(start);
    expect(calls.indexOf('POST media_publish')).toBe(calls.length - 2);
    expect(fake.published.at(-1)?.mediaIds).toHaveLength(3);
    expect(fake.server.violations).toEqual([]);
  });

  it('publishes a video as a Reel', async () => {
    const start = fake.server.requests.length;
    await connector.publish(ctx, credentials, post('Reel', [video('r1')]));
    expect(fake.server.requests[start]?.body).toEqual({
      media_type: 'REELS',
      video_url: video('r1').publicUrl,
      caption: 'Reel',
    });
    expect(fake.server.violations).toEqual([]);
  });

  it('gives a Reel its cover: a moment of the video or an image', async () => {
    let start = fake.server.requests.length;
    await connector.publish(ctx, credentials, {
      ...post('Framed', [video('r2')]),
      reelCover: { offsetMs: 2500 },
    });
    expect(fake.server.requests[start]?.body).toEqual({
      media_type: 'REELS',
      video_url: video('r2').publicUrl,
      caption: 'Framed',
      thumb_offset: 2500,
    });
    start = fake.server.requests.length;
    const imageUrl = image('cover').publicUrl;
    await connector.publish(ctx, credentials, { ...post('Covered', [video('r3')]), reelCover: { imageUrl } });
    expect(fake.server.requests[start]?.body).toMatchObject({ media_type: 'REELS', cover_url: imageUrl });
    // An image post has no cover to give.
    start = fake.server.requests.length;
    await connector.publish(ctx, credentials, {
      ...post('Photo', [image('p9')]),
      reelCover: { offsetMs: 1 },
    });
    expect(fake.server.requests[start]?.body).not.toHaveProperty('thumb_offset');
    expect(fake.server.violations).toEqual([]);
  });

  it('refuses a text-only post without calling Instagram', async () => {
    const start = fake.server.requests.length;
    const refused = await platformFailure(connector.publish(ctx, credentials, post('Only words', [])));
    expect(refused.kind).toBe('refuse');
    expect(fake.server.requests.length).toBe(start);
  });

  it('refuses with Instagram’s reason when the container fails processing, publishing nothing', async () => {
    const count = fake.published.length;
    fake.failNextContainer('The image format is not supported.');
    const refused = await platformFailure(
      connector.publish(ctx, credentials, post('Bad file', [image('bad')])),
    );
    expect(refused.kind).toBe('refuse');
    expect(refused.message).toContain('The image format is not supported.');
    expect(fake.published.length).toBe(count);
  });

  it('maps a 429 with Retry-After and throttling code 4 to retry with the wait', async () => {
    fake.server.failNext(
      { method: 'POST', path: igPath('/media') },
      {
        status: 429,
        headers: { 'retry-after': '60' },
        body: { error: { message: 'Rate limited', code: 4 } },
      },
    );
    const first = await platformFailure(connector.publish(ctx, credentials, post('r', [image('x')])));
    expect(first).toMatchObject({
      kind: 'retry',
      details: expect.objectContaining({ retryAfterMs: 60_000 }),
    });
    fake.server.failNext(
      { method: 'POST', path: igPath('/media_publish') },
      {
        status: 400,
        headers: {
          'x-business-use-case-usage': JSON.stringify({
            1: [{ type: 'instagram', estimated_time_to_regain_access: 2 }],
          }),
        },
        body: { error: { message: 'Application request limit reached', type: 'OAuthException', code: 4 } },
      },
    );
    const second = await platformFailure(connector.publish(ctx, credentials, post('r2', [image('x')])));
    expect(second.kind).toBe('retry');
    expect(second.details.retryAfterMs).toBe(120_000);
  });

  it('maps an invalid token (code 190) to reauthorize', async () => {
    const revoked = await platformFailure(
      connector.publish(ctx, { ...credentials, secrets: { pageToken: 'EAA-gone' } }, post('x', [image('x')])),
    );
    expect(revoked.kind).toBe('reauthorize');
    fake.server.failNext(
      { path: igPath('/media') },
      { status: 401, body: { error: { message: 'Bad token' } } },
    );
    expect((await platformFailure(connector.publish(ctx, credentials, post('y', [image('y')])))).kind).toBe(
      'reauthorize',
    );
  });

  it('refuses with the user message of a validation error', async () => {
    fake.server.failNext(
      { path: igPath('/media') },
      {
        status: 400,
        body: {
          error: {
            message: 'Invalid parameter',
            type: 'OAuthException',
            code: 100,
            error_subcode: 2207009,
            error_user_msg: 'The submitted image with aspect ratio 3:1 cannot be published.',
          },
        },
      },
    );
    const refused = await platformFailure(connector.publish(ctx, credentials, post('wide', [image('w')])));
    expect(refused).toMatchObject({
      kind: 'refuse',
      message: 'The submitted image with aspect ratio 3:1 cannot be published.',
    });
    expect(refused.details.platformCode).toBe('100/2207009');
  });

  it('reports unknown when the connection drops on media_publish', async () => {
    fake.server.failNext({ path: igPath('/media_publish') }, { drop: true });
    const dropped = await platformFailure(connector.publish(ctx, credentials, post('lost', [image('l')])));
    expect(dropped.kind).toBe('unknown');
  });

  it('lists recent media, finding the post just published', async () => {
    const since = new Date();
    const published = await connector.publish(ctx, credentials, post('Find me', [image('f')]));
    const recent = (await connector.listRecentPosts?.(ctx, credentials, since)) ?? [];
    expect(recent[0]).toMatchObject({
      platformPostId: published.platformPostId,
      text: 'Find me',
      url: published.url,
    });
    expect(fake.server.violations).toEqual([]);
  });
});
