import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerConnector } from '../registry';
import { consent, fakeSettings, memoryMedia, platformFailure } from '../testing/connector-kit';
import type { AccountCredentials, CallContext } from '../types';
import { facebookConnector } from './facebook.connector';
import { type FacebookFake, startFacebookFake } from './facebook.fake';

let fake: FacebookFake;
let ctx: CallContext;
let restore: () => void;
let credentials: AccountCredentials;
const redirectUri = 'http://localhost:3000/api/accounts/oauth/facebook/callback';
const testMedia = (id: string, kind: 'image' | 'video') => memoryMedia(kind, { id });

async function connect(loginHint?: string) {
  const url = new URL(
    facebookConnector.authorizationUrl?.(ctx, { state: 'state-1', redirectUri }) ?? 'missing',
  );
  if (loginHint) url.searchParams.set('login_hint', loginHint);
  const callback = await consent(url.toString());
  const identity = await facebookConnector.exchangeCode?.(ctx, { code: callback.code, redirectUri });
  if (!identity) throw new Error('no identity');
  return { identity, code: callback.code, state: callback.state };
}

beforeAll(async () => {
  restore = registerConnector(facebookConnector);
  fake = await startFacebookFake();
  ctx = { settings: fakeSettings('facebook', fake.url) };
  const { identity } = await connect();
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

const publishRequest = (text: string, media = [] as ReturnType<typeof testMedia>[]) => ({
  text,
  media,
  idempotencyKey: `key-${text}`,
});

describe('Facebook Pages connector', () => {
  it('comments on its own post with the Page token (the first comment)', async () => {
    const published = await facebookConnector.publish(ctx, credentials, publishRequest('Commented post'));
    const comment = await facebookConnector.comment?.(ctx, credentials, {
      platformPostId: published.platformPostId,
      text: 'Link in this comment',
    });
    expect(fake.comments?.at(-1)).toMatchObject({
      id: comment?.platformCommentId,
      postId: published.platformPostId,
      text: 'Link in this comment',
    });
    expect(fake.server.violations).toEqual([]);
  });

  it('sends each photo’s alt text as alt_text_custom (none when empty)', async () => {
    const before = fake.server.requests.length;
    await facebookConnector.publish(ctx, credentials, {
      ...publishRequest('Described photos'),
      media: [memoryMedia('image', { id: 'a', altText: 'A red kite' }), memoryMedia('image', { id: 'b' })],
    });
    const photos = fake.server
      .received('POST', /\/photos$/)
      .filter((r) => fake.server.requests.indexOf(r) >= before);
    expect(photos.map((p) => p.body?.alt_text_custom)).toEqual(['A red kite', undefined]);
    expect(fake.server.violations).toEqual([]);
  });

  it('builds the Facebook Login URL with state, scopes and the redirect URI, without PKCE', () => {
    const url = new URL(facebookConnector.authorizationUrl?.(ctx, { state: 's-42', redirectUri }) ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/v23.0/dialog/oauth`);
    expect(url.searchParams.get('client_id')).toBe('test-client-id');
    expect(url.searchParams.get('redirect_uri')).toBe(redirectUri);
    expect(url.searchParams.get('state')).toBe('s-42');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')?.split(',')).toEqual([
      'pages_show_list',
      'pages_manage_posts',
      'pages_read_engagement',
      'pages_manage_engagement',
      'read_insights',
      'business_management',
      'publish_video',
      'pages_read_user_content',
      'pages_messaging',
    ]);
    expect(url.searchParams.has('code_challenge')).toBe(false);
    expect(ctx.settings.redirectUri).toBe(redirectUri);
  });

  it('trades the code for a long-lived user token and connects the first Page with its Page token', async () => {
    const { identity, code, state } = await connect('user-77');
    expect(state).toBe('state-1');
    const exchanges = fake.server.received('GET', '/v23.0/oauth/access_token');
    expect(exchanges.at(-1)?.query.get('grant_type')).toBe('fb_exchange_token');
    expect(exchanges.at(-2)?.query.get('code')).toBe(code);
    expect(exchanges.at(-2)?.query.get('redirect_uri')).toBe(redirectUri);
    const pages = fake.login.pagesOfUser.get('user-77') ?? [];
    const page = fake.login.pages.get(pages[0] ?? '');
    expect(identity.profile).toMatchObject({ platformAccountId: page?.id, displayName: page?.name });
    expect(identity.tokens.secrets?.pageToken).toBe(page?.token);
    expect(identity.tokens.meta?.pageId).toBe(page?.id);
    expect(JSON.parse(identity.tokens.meta?.otherPages ?? '[]')).toEqual([
      { id: pages[1], name: fake.login.pages.get(pages[1] ?? '')?.name },
    ]);
    // The long-lived user token is stored; it is not the short one.
    expect(fake.login.tokens.tokens.get(identity.tokens.accessToken)?.kind).toBe('user');
    // A code works once.
    const again = await platformFailure(
      facebookConnector.exchangeCode?.(ctx, { code, redirectUri }) ?? Promise.resolve(),
    );
    expect(again.kind).toBe('refuse');
    expect(fake.server.violations).toEqual([]);
  });

  it('publishes text with its link to /feed and returns the post URL', async () => {
    const published = await facebookConnector.publish(
      ctx,
      credentials,
      publishRequest('Read this https://relaycast.test/blog now'),
    );
    const feed = fake.server.received('POST', `/v23.0/${credentials.platformAccountId}/feed`).at(-1);
    expect(feed?.body).toMatchObject({
      message: 'Read this https://relaycast.test/blog now',
      link: 'https://relaycast.test/blog',
    });
    expect(feed?.headers.authorization).toBe(`Bearer ${credentials.secrets.pageToken}`);
    expect(published.url).toBe(`https://www.facebook.com/${published.platformPostId}`);
    expect(fake.published.at(-1)).toMatchObject({
      id: published.platformPostId,
      accountId: credentials.platformAccountId,
    });
    expect(fake.server.violations).toEqual([]);
  });

  it('uploads photos unpublished, then attaches them to one /feed post in order', async () => {
    const before = fake.server.requests.length;
    const published = await facebookConnector.publish(
      ctx,
      credentials,
      publishRequest('Two photos', [testMedia('a', 'image'), testMedia('b', 'image')]),
    );
    const calls = fake.server.requests.slice(before).map((r) => `${r.method} ${r.path.split('/').at(-1)}`);
    expect(calls).toEqual(['POST photos', 'POST photos', 'POST feed']);
    const photos = fake.server.requests.slice(before, before + 2);
    expect(photos.map((p) => p.body?.url)).toEqual([
      testMedia('a', 'image').publicUrl,
      testMedia('b', 'image').publicUrl,
    ]);
    expect(photos.every((p) => p.body?.published === false)).toBe(true);
    const post = fake.published.at(-1);
    expect(post?.id).toBe(published.platformPostId);
    expect(post?.mediaIds).toHaveLength(2);
    expect(fake.server.violations).toEqual([]);
  });

  it('publishes a video by its public URL', async () => {
    const published = await facebookConnector.publish(
      ctx,
      credentials,
      publishRequest('A clip', [testMedia('v', 'video')]),
    );
    const upload = fake.server.received('POST', `/v23.0/${credentials.platformAccountId}/videos`).at(-1);
    expect(upload?.body).toMatchObject({
      file_url: testMedia('v', 'video').publicUrl,
      description: 'A clip',
    });
    expect(published.url).toBe(`https://www.facebook.com/${published.platformPostId}`);
    const mixed = await platformFailure(
      facebookConnector.publish(
        ctx,
        credentials,
        publishRequest('x', [testMedia('v', 'video'), testMedia('a', 'image')]),
      ),
    );
    expect(mixed.kind).toBe('refuse');
    expect(fake.server.violations).toEqual([]);
  });

  it('maps throttling (429 or code 32 with the usage header) to retry with the wait', async () => {
    const feed = `/v23.0/${credentials.platformAccountId}/feed`;
    fake.server.failNext(
      { method: 'POST', path: feed },
      {
        status: 400,
        headers: {
          'x-business-use-case-usage': JSON.stringify({
            [credentials.platformAccountId]: [
              { type: 'pages', call_count: 100, estimated_time_to_regain_access: 5 },
            ],
          }),
        },
        body: { error: { message: '(#32) Page request limit reached', type: 'OAuthException', code: 32 } },
      },
    );
    const throttled = await platformFailure(
      facebookConnector.publish(ctx, credentials, publishRequest('t1')),
    );
    expect(throttled.kind).toBe('retry');
    expect(throttled.details.retryAfterMs).toBe(5 * 60_000);

    fake.server.failNext(
      { method: 'POST', path: feed },
      {
        status: 429,
        headers: { 'retry-after': '30' },
        body: { error: { message: 'Too many calls', code: 4 } },
      },
    );
    const tooMany = await platformFailure(facebookConnector.publish(ctx, credentials, publishRequest('t2')));
    expect(tooMany.kind).toBe('retry');
    expect(tooMany.details.retryAfterMs).toBe(30_000);
  });

  it('maps an expired token (code 190) and a 401 to reauthorize', async () => {
    const feed = `/v23.0/${credentials.platformAccountId}/feed`;
    const expired = await platformFailure(
      facebookConnector.publish(
        ctx,
        { ...credentials, secrets: { pageToken: 'EAA-revoked' } },
        publishRequest('t3'),
      ),
    );
    expect(expired.kind).toBe('reauthorize');
    expect(expired.details.platformCode).toBe('190');
    fake.server.failNext({ path: feed }, { status: 401, body: { error: { message: 'Unauthorized' } } });
    expect(
      (await platformFailure(facebookConnector.publish(ctx, credentials, publishRequest('t4')))).kind,
    ).toBe('reauthorize');
  });

  it('refuses with the platform’s user message on a validation error', async () => {
    fake.server.failNext(
      { path: `/v23.0/${credentials.platformAccountId}/feed` },
      {
        status: 400,
        body: {
          error: {
            message: '(#100) Invalid parameter',
            type: 'OAuthException',
            code: 100,
            error_user_msg: 'The link you shared is not allowed on Facebook.',
          },
        },
      },
    );
    const refused = await platformFailure(facebookConnector.publish(ctx, credentials, publishRequest('t5')));
    expect(refused.kind).toBe('refuse');
    expect(refused.message).toBe('The link you shared is not allowed on Facebook.');
  });

  it('reports unknown when the connection drops on the publishing call', async () => {
    fake.server.failNext({ path: `/v23.0/${credentials.platformAccountId}/feed` }, { drop: true });
    const dropped = await platformFailure(facebookConnector.publish(ctx, credentials, publishRequest('t6')));
    expect(dropped.kind).toBe('unknown');
  });

  it('lists recent posts, finding the one just published', async () => {
    const since = new Date();
    const published = await facebookConnector.publish(ctx, credentials, publishRequest('Find me later'));
    const recent = (await facebookConnector.listRecentPosts?.(ctx, credentials, since)) ?? [];
    expect(recent[0]).toMatchObject({ platformPostId: published.platformPostId, text: 'Find me later' });
    expect(recent[0]?.createdAt.getTime()).toBeGreaterThanOrEqual(Math.floor(since.getTime() / 1000) * 1000);
    expect(fake.server.violations).toEqual([]);
  });
});
