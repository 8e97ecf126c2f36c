import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerConnector } from '../registry';
import { consent, fakeSettings, memoryMedia, platformFailure, publishChain } from '../testing/connector-kit';
import type { AccountCredentials, CallContext, PublishMedia } from '../types';
import { createThreadsConnector } from './threads.connector';
import { startThreadsFake, type ThreadsFake } from './threads.fake';

const connector = createThreadsConnector({ poll: { intervalMs: 5, maxIntervalMs: 20, timeoutMs: 5_000 } });
const redirectUri = 'http://localhost:3000/api/accounts/oauth/threads/callback';
let fake: ThreadsFake;
let ctx: CallContext;
let restore: () => void;
let credentials: AccountCredentials;

async function connect(loginHint?: string) {
  const url = new URL(connector.authorizationUrl?.(ctx, { state: 'st-1', redirectUri }) ?? 'missing');
  if (loginHint) url.searchParams.set('login_hint', loginHint);
  const callback = await consent(url.toString());
  expect(callback.state).toBe('st-1');
  const identity = await connector.exchangeCode?.(ctx, { code: callback.code, redirectUri });
  if (!identity) throw new Error('no identity');
  return { identity, code: callback.code };
}

beforeAll(async () => {
  restore = registerConnector(connector);
  fake = await startThreadsFake();
  ctx = { settings: fakeSettings('threads', fake.url) };
  const { identity } = await connect();
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

const post = (text: string, media: PublishMedia[] = []) => ({ text, media, idempotencyKey: `k-${text}` });
const userPath = (suffix: string) => `/v1.0/${credentials.platformAccountId}${suffix}`;

function callsSince(index: number): string[] {
  return fake.server.requests.slice(index).map((r) => {
    const last = r.path.split('/').at(-1) ?? '';
    const name = fake.containers.has(last) ? 'container' : last;
    return `${r.method} ${name}${r.method === 'GET' ? `?${r.query.get('fields')}` : ''}`;
  });
}

describe('Threads connector', () => {
  it('sends alt_text on image and video containers, not on a text post', async () => {
    const start = fake.server.requests.length;
    await connector.publish(
      ctx,
      credentials,
      post('Described', [memoryMedia('image', { id: 'alt-img', altText: 'A red kite' })]),
    );
    expect(fake.server.requests[start]?.body).toMatchObject({ media_type: 'IMAGE', alt_text: 'A red kite' });
    const next = fake.server.requests.length;
    await connector.publish(ctx, credentials, post('No media, no alt'));
    expect(fake.server.requests[next]?.body).not.toHaveProperty('alt_text');
    expect(fake.server.violations).toEqual([]);
  });

  it('builds the threads.net authorize URL with state, scopes and the redirect URI', () => {
    const url = new URL(connector.authorizationUrl?.(ctx, { state: 'xyz', redirectUri }) ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/oauth/authorize`);
    expect(connector.defaultUrls.authorize).toBe('https://threads.net/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('test-client-id');
    expect(url.searchParams.get('redirect_uri')).toBe(redirectUri);
    expect(url.searchParams.get('state')).toBe('xyz');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')?.split(',')).toEqual([
      'threads_basic',
      'threads_content_publish',
      'threads_manage_replies',
      'threads_read_replies',
      'threads_manage_insights',
    ]);
  });

  it('trades the code for a short token, then a 60-day token, and reads the profile', async () => {
    const { identity, code } = await connect('alice');
    const tokenCall = fake.server.received('POST', '/oauth/access_token').at(-1);
    expect(tokenCall?.body).toMatchObject({
      code,
      redirect_uri: redirectUri,
      grant_type: 'authorization_code',
    });
    expect(fake.server.received('GET', '/access_token').at(-1)?.query.get('grant_type')).toBe(
      'th_exchange_token',
    );
    expect(fake.tokens.tokens.get(identity.tokens.accessToken)?.kind).toBe('user');
    const days = ((identity.tokens.expiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(60);
    // The long-lived token refreshes itself: it is stored as its own refresh token.
    expect(identity.tokens.refreshToken).toBe(identity.tokens.accessToken);
    expect(identity.profile).toMatchObject({ platformAccountId: '2500alice', handle: 'fake.threads.alice' });
    const reused = await platformFailure(
      connector.exchangeCode?.(ctx, { code, redirectUri }) ?? Promise.resolve(),
    );
    expect(reused.kind).toBe('refuse');
    expect(fake.server.violations).toEqual([]);
  });

  it('refreshes the long-lived token with th_refresh_token, never returning an empty refresh token', async () => {
    const refreshed = await connector.refresh?.(ctx, credentials);
    expect(refreshed?.accessToken).toBeTruthy();
    expect(refreshed?.accessToken).not.toBe(credentials.accessToken);
    expect(refreshed?.refreshToken).toBe(refreshed?.accessToken);
    expect(fake.server.received('GET', '/refresh_access_token').at(-1)?.query.get('access_token')).toBe(
      credentials.accessToken,
    );
    expect(fake.server.received('GET', '/refresh_access_token').at(-1)?.query.get('grant_type')).toBe(
      'th_refresh_token',
    );
    // The refreshed token works.
    credentials = {
      ...credentials,
      accessToken: refreshed?.accessToken ?? '',
      refreshToken: refreshed?.refreshToken,
      expiresAt: refreshed?.expiresAt,
    };
    await connector.publish(ctx, credentials, post('After refresh'));
    // An expired token cannot be refreshed: the user must reconnect.
    const expired = await platformFailure(
      connector.refresh?.(ctx, { ...credentials, accessToken: 'TH-expired' }) ?? Promise.resolve(),
    );
    expect(expired.kind).toBe('reauthorize');
    expect(fake.server.violations).toEqual([]);
  });

  it('publishes text: TEXT container → poll until FINISHED → threads_publish → permalink', async () => {
    const start = fake.server.requests.length;
    const published = await connector.publish(ctx, credentials, post('Hello Threads'));
    expect(callsSince(start)).toEqual([
      'POST threads',
      'GET container?status,error_message',
      'GET container?status,error_message',
      'POST threads_publish',
      `GET ${published.platformPostId}?permalink`,
    ]);
    expect(fake.server.requests[start]?.body).toEqual({ media_type: 'TEXT', text: 'Hello Threads' });
    expect(fake.server.requests[start]?.headers.authorization).toBe(`Bearer ${credentials.accessToken}`);
    expect(published.url).toMatch(/^https:\/\/www\.threads\.net\/@fake\.threads\.\d+\/post\//);
    expect(fake.published.at(-1)).toMatchObject({ id: published.platformPostId, text: 'Hello Threads' });
    expect(fake.server.violations).toEqual([]);
  });

  it('publishes an image, a video, and a carousel of finished children', async () => {
    const image = memoryMedia('image', { id: 'img' });
    const video = memoryMedia('video', { id: 'vid' });
    let start = fake.server.requests.length;
    await connector.publish(ctx, credentials, post('Pic', [image]));
    expect(fake.server.requests[start]?.body).toEqual({
      media_type: 'IMAGE',
      image_url: image.publicUrl,
      text: 'Pic',
    });
    start = fake.server.requests.length;
    await connector.publish(ctx, credentials, post('Clip', [video]));
    expect(fake.server.requests[start]?.body).toEqual({
      media_type: 'VIDEO',
      video_url: video.publicUrl,
      text: 'Clip',
    });
    start = fake.server.requests.length;
    await connector.publish(ctx, credentials, post('Both', [image, video]));
    const creates = fake.server.requests.slice(start).filter((r) => r.path === userPath('/threads'));
    expect(creates.map((r) => r.body)).toEqual([
      { media_type: 'IMAGE', image_url: image.publicUrl, is_carousel_item: true },
      { media_type: 'VIDEO', video_url: video.publicUrl, is_carousel_item: true },
      expect.objectContaining({ media_type: 'CAROUSEL', text: 'Both' }),
    ]);
    expect(fake.published.at(-1)?.mediaIds).toHaveLength(2);
    expect(fake.server.violations).toEqual([]);
  });

  it('refuses with Threads’ error_message when processing fails, publishing nothing', async () => {
    const count = fake.published.length;
    fake.failNextContainer('The video is shorter than the minimum duration.');
    const refused = await platformFailure(
      connector.publish(ctx, credentials, post('short', [memoryMedia('video', { id: 'short' })])),
    );
    expect(refused.kind).toBe('refuse');
    expect(refused.message).toContain('The video is shorter than the minimum duration.');
    expect(fake.published.length).toBe(count);
  });

  it('maps a 429 with reset headers and throttling code 613 to retry', async () => {
    fake.server.failNext(
      { method: 'POST', path: userPath('/threads_publish') },
      {
        status: 429,
        headers: { 'retry-after': '90' },
        body: { error: { message: 'Too many posts', code: 4 } },
      },
    );
    const limited = await platformFailure(connector.publish(ctx, credentials, post('r1')));
    expect(limited).toMatchObject({
      kind: 'retry',
      details: expect.objectContaining({ retryAfterMs: 90_000 }),
    });
    fake.server.failNext(
      { method: 'POST', path: userPath('/threads') },
      {
        status: 400,
        headers: { 'x-app-usage': JSON.stringify({ call_count: 100, estimated_time_to_regain_access: 1 }) },
        body: { error: { message: 'Calls to this api have exceeded the rate limit.', code: 613 } },
      },
    );
    const throttled = await platformFailure(connector.publish(ctx, credentials, post('r2')));
    expect(throttled.kind).toBe('retry');
    expect(throttled.details.retryAfterMs).toBe(60_000);
  });

  it('maps an invalid token (code 190) and a 401 to reauthorize', async () => {
    const revoked = await platformFailure(
      connector.publish(ctx, { ...credentials, accessToken: 'TH-revoked' }, post('x')),
    );
    expect(revoked).toMatchObject({
      kind: 'reauthorize',
      details: expect.objectContaining({ platformCode: '190' }),
    });
    fake.server.failNext(
      { path: userPath('/threads') },
      { status: 401, body: { error: { message: 'nope' } } },
    );
    expect((await platformFailure(connector.publish(ctx, credentials, post('y')))).kind).toBe('reauthorize');
  });

  it('refuses with the platform’s message on a validation error', async () => {
    const refused = await platformFailure(connector.publish(ctx, credentials, post('x'.repeat(501))));
    expect(refused).toMatchObject({
      kind: 'refuse',
      message: 'Your post is too long: Threads allows 500 characters.',
    });
  });

  it('reports unknown when the connection drops on threads_publish', async () => {
    fake.server.failNext({ path: userPath('/threads_publish') }, { drop: true });
    const dropped = await platformFailure(connector.publish(ctx, credentials, post('lost')));
    expect(dropped.kind).toBe('unknown');
  });

  it('lists recent threads, finding the one just published', async () => {
    const since = new Date();
    const published = await connector.publish(ctx, credentials, post('Find this thread'));
    const recent = (await connector.listRecentPosts?.(ctx, credentials, since)) ?? [];
    expect(recent[0]).toMatchObject({
      platformPostId: published.platformPostId,
      text: 'Find this thread',
      url: published.url,
    });
    expect(fake.server.violations).toEqual([]);
  });
});

describe('Threads thread replies', () => {
  it('creates each next part’s container with reply_to_id of the part before it', async () => {
    const chain = await publishChain(connector, ctx, credentials, ['Thread 1/3', 'Thread 2/3', 'Thread 3/3']);
    const received = fake.published.slice(-3);
    expect(received.map((post) => post.text)).toEqual(['Thread 1/3', 'Thread 2/3', 'Thread 3/3']);
    expect(received.map((post) => post.replyTo)).toEqual([
      undefined,
      chain[0]?.platformPostId,
      chain[1]?.platformPostId,
    ]);
  });

  it('creates a later part’s container with its image and reply_to_id of the part before it', async () => {
    const image = memoryMedia('image', { id: 'part-2-image', altText: 'The second chart' });
    const start = fake.server.requests.length;
    const chain = await publishChain(
      connector,
      ctx,
      credentials,
      ['Pic thread 1/2', 'Pic thread 2/2'],
      [[], [image]],
    );
    const containers = fake.server.requests
      .slice(start)
      .filter((request) => request.method === 'POST' && request.path.endsWith('/threads'));
    expect(containers.map((request) => request.body)).toEqual([
      expect.objectContaining({ media_type: 'TEXT', text: 'Pic thread 1/2' }),
      expect.objectContaining({
        media_type: 'IMAGE',
        image_url: image.publicUrl,
        alt_text: 'The second chart',
        text: 'Pic thread 2/2',
        reply_to_id: chain[0]?.platformPostId,
      }),
    ]);
    expect(fake.published.at(-1)?.replyTo).toBe(chain[0]?.platformPostId);
  });
});
