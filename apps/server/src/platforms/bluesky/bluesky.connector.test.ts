import { ADDRESS_MESSAGES } from '@relaycast/shared/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addressPolicy } from '../../lib/address-policy';
import { fakeSettings, memoryMedia, platformFailure, publishChain } from '../testing/connector-kit';
import type { AccountCredentials, CallContext } from '../types';
import { blueskyConnector as bluesky, jwtExpiry, richTextFacets } from './bluesky.connector';
import { startBlueskyFake } from './bluesky.fake';

let fake: Awaited<ReturnType<typeof startBlueskyFake>>;
let ctx: CallContext;
const password = 'abcd-efgh-ijkl-mnop';

beforeAll(async () => {
  fake = await startBlueskyFake();
  ctx = { settings: fakeSettings('bluesky', fake.url) };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.violations.length = 0;
});

let counter = 0;
async function connect(): Promise<AccountCredentials> {
  counter += 1;
  const identity = await bluesky.connectWithPassword?.(ctx, {
    identifier: `@sky${counter}.bsky.social`,
    password,
  });
  if (!identity) throw new Error('no identity');
  return {
    accessToken: identity.tokens.accessToken,
    refreshToken: identity.tokens.refreshToken,
    expiresAt: identity.tokens.expiresAt,
    platformAccountId: identity.profile.platformAccountId,
    meta: identity.tokens.meta ?? {},
    secrets: identity.tokens.secrets ?? {},
  };
}

describe('Bluesky connector', () => {
  it('sends each image’s alt text in embed.images[].alt, empty when none was written', async () => {
    const credentials = await connect();
    await bluesky.publish(ctx, credentials, {
      text: 'Described',
      media: [memoryMedia('image', { altText: 'A red kite over a hill' }), memoryMedia('image')],
      idempotencyKey: 'alt-1',
    });
    expect(fake.published.at(-1)?.altTexts).toEqual(['A red kite over a hill', '']);
    expect(fake.server.violations).toEqual([]);
  });

  it('connects with a handle and an app password on the default service', async () => {
    expect(bluesky.defaultUrls.service).toBe('https://bsky.social');
    const identity = await bluesky.connectWithPassword?.(ctx, { identifier: 'alice.bsky.social', password });
    expect(identity?.profile).toMatchObject({ handle: 'alice.bsky.social', displayName: 'Sky alice' });
    expect(identity?.profile.platformAccountId).toMatch(/^did:plc:/);
    expect(identity?.tokens.meta).toEqual({ service: fake.url, handle: 'alice.bsky.social' });
    expect(identity?.tokens.secrets).toEqual({ appPassword: password });
    expect(identity?.tokens.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 3_600_000);
    expect(fake.server.violations).toEqual([]);
  });

  it('refuses a wrong password with Bluesky’s message', async () => {
    const err = await platformFailure(
      bluesky.connectWithPassword?.(ctx, { identifier: 'bob.bsky.social', password: 'my-real-password' }) ??
        Promise.resolve(),
    );
    expect(err.message).toBe('Invalid identifier or password');
  });

  it('takes a user-given service, refusing a private one unless allowed', async () => {
    const identity = await bluesky.connectWithPassword?.(ctx, {
      identifier: 'carol.example',
      password,
      service: fake.url,
    });
    expect(identity?.tokens.meta?.service).toBe(fake.url);
    const closed = { settings: { ...ctx.settings, addressPolicy: addressPolicy(false) } };
    const err = await platformFailure(
      bluesky.connectWithPassword?.(closed, {
        identifier: 'carol.example',
        password,
        service: 'https://127.0.0.1:9',
      }) ?? Promise.resolve(),
    );
    expect(err.kind).toBe('refuse');
    expect(err.message).toBe(ADDRESS_MESSAGES.privateAddress('127.0.0.1'));
  });

  it('refreshes the session (rotating), and falls back to the app password when the refresh JWT is gone', async () => {
    const credentials = await connect();
    const refreshed = await bluesky.refresh?.(ctx, credentials);
    expect(refreshed?.accessToken).not.toBe(credentials.accessToken);
    expect(refreshed?.refreshToken).not.toBe(credentials.refreshToken);
    const before = fake.server.received('POST', '/xrpc/com.atproto.server.createSession').length;
    const again = await bluesky.refresh?.(ctx, credentials);
    expect(again?.accessToken).toBeTruthy();
    expect(fake.server.received('POST', '/xrpc/com.atproto.server.createSession')).toHaveLength(before + 1);
    const withoutPassword = await platformFailure(
      bluesky.refresh?.(ctx, { ...credentials, secrets: {} }) ?? Promise.resolve(),
    );
    expect(withoutPassword.kind).toBe('reauthorize');
  });

  it('keeps the stored refresh token when an answer has none', async () => {
    const credentials = await connect();
    const accessJwt = `x.${Buffer.from(JSON.stringify({ exp: 4_000_000_000 })).toString('base64url')}.y`;
    fake.server.failNext(
      { path: '/xrpc/com.atproto.server.refreshSession' },
      { body: { accessJwt, did: credentials.platformAccountId, handle: 'h' } },
    );
    const refreshed = await bluesky.refresh?.(ctx, credentials);
    expect(refreshed?.accessToken).toBe(accessJwt);
    expect(refreshed && 'refreshToken' in refreshed).toBe(false);
    expect(jwtExpiry(accessJwt)?.getTime()).toBe(4_000_000_000_000);
  });

  it('publishes text with link and tag facets and returns the bsky.app URL', async () => {
    const credentials = await connect();
    const text = 'Café ☕ news https://relaycast.dev/a. #launch';
    const post = await bluesky.publish(ctx, credentials, { text, media: [], idempotencyKey: 'k1' });
    const rkey = post.platformPostId.split('/').pop();
    expect(post.platformPostId).toMatch(/^at:\/\/did:plc:.+\/app\.bsky\.feed\.post\//);
    expect(post.url).toBe(`https://bsky.app/profile/${credentials.meta.handle}/post/${rkey}`);
    const record = fake.server.received('POST', '/xrpc/com.atproto.repo.createRecord').at(-1)?.body
      ?.record as {
      facets: { index: { byteStart: number; byteEnd: number } }[];
    };
    const bytes = Buffer.from(text);
    expect(record.facets.map((f) => bytes.subarray(f.index.byteStart, f.index.byteEnd).toString())).toEqual([
      'https://relaycast.dev/a',
      '#launch',
    ]);
    expect(richTextFacets('no links here')).toEqual([]);
    expect(fake.server.violations).toEqual([]);
  });

  it('uploads image blobs before the post embeds them, and a video as an embed.video', async () => {
    const credentials = await connect();
    const before = fake.server.requests.length;
    await bluesky.publish(ctx, credentials, {
      text: 'Pictures',
      media: [memoryMedia('image'), memoryMedia('image', { mimeType: 'image/jpeg', bytes: 2048 })],
      idempotencyKey: 'k2',
    });
    await bluesky.publish(ctx, credentials, {
      text: 'Video',
      media: [memoryMedia('video')],
      idempotencyKey: 'k3',
    });
    expect(fake.server.requests.slice(before).map((r) => r.path)).toEqual([
      '/xrpc/com.atproto.repo.uploadBlob',
      '/xrpc/com.atproto.repo.uploadBlob',
      '/xrpc/com.atproto.repo.createRecord',
      '/xrpc/com.atproto.repo.uploadBlob',
      '/xrpc/com.atproto.repo.createRecord',
    ]);
    const embeds = fake.server
      .received('POST', '/xrpc/com.atproto.repo.createRecord')
      .slice(-2)
      .map((r) => (r.body?.record as { embed?: { $type: string } } | undefined)?.embed?.$type);
    expect(embeds).toEqual(['app.bsky.embed.images', 'app.bsky.embed.video']);
    expect(fake.published.at(-2)?.mediaIds).toHaveLength(2);
    expect(fake.server.violations).toEqual([]);
  });

  it('maps rate limits to retry, token errors to reauthorize, validation to refuse and a drop to unknown', async () => {
    const credentials = await connect();
    const reset = Math.floor(Date.now() / 1000) + 60;
    fake.server.failNext(
      { path: '/xrpc/com.atproto.repo.createRecord' },
      {
        status: 429,
        headers: { 'ratelimit-reset': String(reset) },
        body: { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' },
      },
    );
    const limited = await platformFailure(
      bluesky.publish(ctx, credentials, { text: 'a', media: [], idempotencyKey: 'e1' }),
    );
    expect(limited.kind).toBe('retry');
    expect(limited.details.retryAfterMs).toBeGreaterThan(50_000);

    const expired = await platformFailure(
      bluesky.publish(
        ctx,
        { ...credentials, accessToken: 'not-a-token' },
        { text: 'b', media: [], idempotencyKey: 'e2' },
      ),
    );
    expect(expired.kind).toBe('reauthorize');

    const tooLong = await platformFailure(
      bluesky.publish(ctx, credentials, { text: '👍🏽'.repeat(301), media: [], idempotencyKey: 'e3' }),
    );
    expect(tooLong.kind).toBe('refuse');
    expect(tooLong.message).toBe(
      'Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes',
    );
    await bluesky.publish(ctx, credentials, { text: '👍🏽'.repeat(300), media: [], idempotencyKey: 'e4' });

    fake.server.failNext({ path: '/xrpc/com.atproto.repo.createRecord' }, { drop: true });
    const dropped = await platformFailure(
      bluesky.publish(ctx, credentials, { text: 'c', media: [], idempotencyKey: 'e5' }),
    );
    expect(dropped.kind).toBe('unknown');
  });

  it('lists recent posts from the author feed', async () => {
    const credentials = await connect();
    const since = new Date(Date.now() - 60_000);
    const post = await bluesky.publish(ctx, credentials, {
      text: 'Find me',
      media: [],
      idempotencyKey: 'r1',
    });
    const recent = await bluesky.listRecentPosts?.(ctx, credentials, since);
    expect(recent).toEqual([
      { platformPostId: post.platformPostId, url: post.url, text: 'Find me', createdAt: expect.any(Date) },
    ]);
  });
});

describe('Bluesky thread replies', () => {
  it('names the root and the parent of each next part by uri and cid', async () => {
    const credentials = await connect();
    const chain = await publishChain(bluesky, ctx, credentials, ['Skeet 1/3', 'Skeet 2/3', 'Skeet 3/3']);
    expect(chain.every((post) => post.ref?.startsWith('bafyrei'))).toBe(true);
    const received = fake.published.slice(-3);
    expect(received.map((post) => post.text)).toEqual(['Skeet 1/3', 'Skeet 2/3', 'Skeet 3/3']);
    expect(received.map((post) => post.replyTo)).toEqual([
      undefined,
      chain[0]?.platformPostId,
      chain[1]?.platformPostId,
    ]);
    expect(received.map((post) => post.replyRoot)).toEqual([
      undefined,
      chain[0]?.platformPostId,
      chain[0]?.platformPostId,
    ]);
  });

  it('refuses a reply whose cid does not match its parent (the fake checks strongRefs)', async () => {
    const credentials = await connect();
    const [first] = await publishChain(bluesky, ctx, credentials, ['Lonely root']);
    const failure = await platformFailure(
      bluesky.publish(ctx, credentials, {
        text: 'Bad reply',
        media: [],
        idempotencyKey: 'bad-reply',
        replyTo: {
          root: { platformPostId: first?.platformPostId ?? '' },
          parent: { platformPostId: first?.platformPostId ?? '', ref: 'wrong' },
        },
      }),
    );
    expect(failure.kind).toBe('refuse');
  });

  it('uploads a later part’s image as a blob and embeds it, with its alt, in that reply', async () => {
    const credentials = await connect();
    const chain = await publishChain(
      bluesky,
      ctx,
      credentials,
      ['Pic skeet 1/2', 'Pic skeet 2/2'],
      [[], [memoryMedia('image', { altText: 'The second chart' })]],
    );
    const [first, second] = fake.published.slice(-2);
    expect(first?.mediaIds).toEqual([]);
    expect(second).toMatchObject({ text: 'Pic skeet 2/2', replyTo: chain[0]?.platformPostId });
    expect(second?.mediaIds).toHaveLength(1);
    expect(second?.altTexts).toEqual(['The second chart']);
  });
});
