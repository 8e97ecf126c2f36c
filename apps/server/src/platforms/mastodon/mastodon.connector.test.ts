import { ADDRESS_MESSAGES } from '@relaycast/shared/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addressPolicy } from '../../lib/address-policy';
import { consent, fakeSettings, memoryMedia, platformFailure, publishChain } from '../testing/connector-kit';
import { s256 } from '../testing/oauth.fake';
import type { AccountCredentials, CallContext } from '../types';
import { checkUserGivenUrl } from '../user-given-url';
import { mastodonConnector as mastodon } from './mastodon.connector';
import { startMastodonFake } from './mastodon.fake';

let fake: Awaited<ReturnType<typeof startMastodonFake>>;
let ctx: CallContext;
let app: { clientId: string; clientSecret: string };
const verifier = 'm'.repeat(50);

beforeAll(async () => {
  fake = await startMastodonFake();
  ctx = { settings: fakeSettings('mastodon', fake.url) };
  app = (await mastodon.registerApp?.(ctx, {
    instanceUrl: fake.url,
    redirectUri: ctx.settings.redirectUri,
    appName: 'Relaycast',
    website: 'http://localhost:3000',
  })) as { clientId: string; clientSecret: string };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.violations.length = 0;
});

function authorizeUrl(state = 'st') {
  return (
    mastodon.authorizationUrl?.(ctx, {
      state,
      codeChallenge: s256(verifier),
      redirectUri: ctx.settings.redirectUri,
      instance: { url: fake.url, clientId: app.clientId },
    }) ?? ''
  );
}

async function connect(): Promise<AccountCredentials> {
  const { code } = await consent(authorizeUrl());
  const identity = await mastodon.exchangeCode?.(ctx, {
    code,
    codeVerifier: verifier,
    redirectUri: ctx.settings.redirectUri,
    instance: { url: fake.url, ...app },
  });
  if (!identity) throw new Error('no identity');
  return {
    accessToken: identity.tokens.accessToken,
    refreshToken: identity.tokens.refreshToken,
    platformAccountId: identity.profile.platformAccountId,
    meta: identity.tokens.meta ?? {},
    secrets: {},
  };
}

describe('Mastodon connector', () => {
  it('sends alt text as the media description, and none when empty', async () => {
    const credentials = await connect();
    await mastodon.publish(ctx, credentials, {
      text: 'Described',
      media: [memoryMedia('image', { altText: 'A red kite over a hill' }), memoryMedia('image')],
      idempotencyKey: 'alt-1',
    });
    expect(fake.published.at(-1)?.altTexts).toEqual(['A red kite over a hill', '']);
    expect(fake.server.violations).toEqual([]);
  });

  it('registers the app on the instance with the redirect URI and scopes', () => {
    const registration = fake.server.received('POST', '/api/v1/apps')[0];
    expect(registration?.body).toMatchObject({
      client_name: 'Relaycast',
      redirect_uris: 'http://localhost:3000/api/accounts/oauth/mastodon/callback',
      scopes: 'read write',
    });
    expect(app.clientId).toMatch(/^app-/);
  });

  it('refuses a private instance address unless private addresses are allowed', async () => {
    const closed = { settings: { ...ctx.settings, addressPolicy: addressPolicy(false) } };
    const err = await platformFailure(
      mastodon.registerApp?.(closed, {
        instanceUrl: fake.url,
        redirectUri: ctx.settings.redirectUri,
        appName: 'Relaycast',
        website: 'http://localhost:3000',
      }) ?? Promise.resolve(),
    );
    expect(err.kind).toBe('refuse');
    expect(err.message).toBe('The address must start with https://.');
    const resolvesPrivate = await platformFailure(
      checkUserGivenUrl('https://mastodon.internal', {
        allowPrivate: false,
        resolve: async () => [{ address: '10.0.0.8', family: 4 }],
      }),
    );
    expect(resolvesPrivate.message).toBe(ADDRESS_MESSAGES.privateAddress('10.0.0.8'));
    const resolvesPublic = {
      allowPrivate: false,
      resolve: async () => [{ address: '93.184.216.34', family: 4 as const }],
    };
    expect(await checkUserGivenUrl('mastodon.example', resolvesPublic)).toBe('https://mastodon.example');
  });

  it('builds the authorize URL on the instance with state, PKCE and scopes', () => {
    const url = new URL(authorizeUrl('abc'));
    expect(url.origin).toBe(fake.url);
    expect(url.pathname).toBe('/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe(app.clientId);
    expect(url.searchParams.get('state')).toBe('abc');
    expect(url.searchParams.get('code_challenge')).toBe(s256(verifier));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('read write');
    expect(url.searchParams.get('redirect_uri')).toBe(ctx.settings.redirectUri);
    const typed = mastodon.authorizationUrl?.(ctx, {
      state: 's',
      redirectUri: ctx.settings.redirectUri,
      instance: { url: 'mastodon.example', clientId: 'c' },
    });
    expect(typed).toMatch(/^https:\/\/mastodon\.example\/oauth\/authorize\?/);
  });

  it('exchanges the code and reads the account; tokens do not expire and there is no refresh', async () => {
    const credentials = await connect();
    expect(credentials.meta.instanceUrl).toBe(fake.url);
    expect(credentials.refreshToken).toBeUndefined();
    expect(mastodon.capabilities.refresh).toBe(false);
    expect(mastodon.refresh).toBeUndefined();
    const tokenCall = fake.server.received('POST', '/oauth/token').at(-1);
    expect(tokenCall?.body).toMatchObject({ client_id: app.clientId, code_verifier: verifier });
    expect(fake.server.violations).toEqual([]);
  });

  it('refuses a wrong PKCE verifier', async () => {
    const { code } = await consent(authorizeUrl());
    const err = await platformFailure(
      mastodon.exchangeCode?.(ctx, {
        code,
        codeVerifier: 'x'.repeat(50),
        redirectUri: ctx.settings.redirectUri,
        instance: { url: fake.url, ...app },
      }) ?? Promise.resolve(),
    );
    expect(err.message).toMatch(/code verifier/);
  });

  it('publishes text with the Idempotency-Key, and a repeat with the same key posts once', async () => {
    const credentials = await connect();
    const first = await mastodon.publish(ctx, credentials, {
      text: 'Toot <1>',
      media: [],
      idempotencyKey: 'target-1',
    });
    const again = await mastodon.publish(ctx, credentials, {
      text: 'Toot <1>',
      media: [],
      idempotencyKey: 'target-1',
    });
    expect(again.platformPostId).toBe(first.platformPostId);
    expect(first.url).toBe(`${fake.url}/@masto${credentials.platformAccountId}/${first.platformPostId}`);
    expect(fake.published.filter((post) => post.text === 'Toot <1>')).toHaveLength(1);
    expect(fake.server.received('POST', '/api/v1/statuses').at(-1)?.headers['idempotency-key']).toBe(
      'target-1',
    );
  });

  it('uploads images and a video, waiting for processing before the status', async () => {
    const credentials = await connect();
    const before = fake.server.requests.length;
    await mastodon.publish(ctx, credentials, {
      text: 'With a picture',
      media: [memoryMedia('image')],
      idempotencyKey: 'img-1',
    });
    await mastodon.publish(ctx, credentials, {
      text: 'With a video',
      media: [memoryMedia('video', { bytes: 4096 })],
      idempotencyKey: 'vid-1',
    });
    const flow = fake.server.requests
      .slice(before)
      .map((r) => `${r.method} ${r.path.replace(/\d{10,}/, ':id')}`);
    expect(flow).toEqual([
      'POST /api/v2/media',
      'POST /api/v1/statuses',
      'POST /api/v2/media',
      'GET /api/v1/media/:id',
      'GET /api/v1/media/:id',
      'POST /api/v1/statuses',
    ]);
    expect(fake.published.at(-1)?.mediaIds).toHaveLength(1);
    expect(fake.server.violations).toEqual([]);
  });

  it('maps 429 with x-ratelimit-reset to retry, 401 to reauthorize, 422 to refuse, a drop to unknown', async () => {
    const credentials = await connect();
    fake.server.failNext(
      { method: 'POST', path: '/api/v1/statuses' },
      {
        status: 429,
        headers: { 'x-ratelimit-reset': new Date(Date.now() + 300_000).toISOString() },
        body: { error: 'Too many requests' },
      },
    );
    const limited = await platformFailure(
      mastodon.publish(ctx, credentials, { text: 'a', media: [], idempotencyKey: 'e1' }),
    );
    expect(limited.kind).toBe('retry');
    expect(limited.details.retryAfterMs).toBeGreaterThan(290_000);

    const revoked = await platformFailure(
      mastodon.publish(
        ctx,
        { ...credentials, accessToken: 'revoked' },
        { text: 'b', media: [], idempotencyKey: 'e2' },
      ),
    );
    expect(revoked.kind).toBe('reauthorize');

    const tooLong = await platformFailure(
      mastodon.publish(ctx, credentials, { text: 'x'.repeat(501), media: [], idempotencyKey: 'e3' }),
    );
    expect(tooLong.kind).toBe('refuse');
    expect(tooLong.message).toBe('Validation failed: Text character limit of 500 exceeded');

    fake.server.failNext({ method: 'POST', path: '/api/v1/statuses' }, { drop: true });
    const dropped = await platformFailure(
      mastodon.publish(ctx, credentials, { text: 'c', media: [], idempotencyKey: 'e4' }),
    );
    expect(dropped.kind).toBe('unknown');
  });

  it('lists recent statuses as plain text for reconciliation', async () => {
    const credentials = await connect();
    const since = new Date(Date.now() - 60_000);
    const post = await mastodon.publish(ctx, credentials, {
      text: 'Fish & chips\nat 5',
      media: [],
      idempotencyKey: 'r1',
    });
    const recent = await mastodon.listRecentPosts?.(ctx, credentials, since);
    expect(recent?.[0]).toMatchObject({
      platformPostId: post.platformPostId,
      text: 'Fish & chips\nat 5',
      url: post.url,
    });
  });
});

describe('Mastodon thread replies', () => {
  it('publishes each next part with in_reply_to_id of the part before it', async () => {
    const credentials = await connect();
    const chain = await publishChain(mastodon, ctx, credentials, ['Toot 1/3', 'Toot 2/3', 'Toot 3/3']);
    const received = fake.published.slice(-3);
    expect(received.map((post) => post.text)).toEqual(['Toot 1/3', 'Toot 2/3', 'Toot 3/3']);
    expect(received.map((post) => post.replyTo)).toEqual([
      undefined,
      chain[0]?.platformPostId,
      chain[1]?.platformPostId,
    ]);
  });

  it('uploads a later part’s media and attaches it, with its description, to that reply', async () => {
    const credentials = await connect();
    const chain = await publishChain(
      mastodon,
      ctx,
      credentials,
      ['Pic toot 1/2', 'Pic toot 2/2'],
      [[], [memoryMedia('image', { altText: 'The second chart' })]],
    );
    const [first, second] = fake.published.slice(-2);
    expect(first?.mediaIds).toEqual([]);
    expect(second).toMatchObject({ text: 'Pic toot 2/2', replyTo: chain[0]?.platformPostId });
    expect(second?.mediaIds).toHaveLength(1);
    expect(second?.altTexts).toEqual(['The second chart']);
  });
});
