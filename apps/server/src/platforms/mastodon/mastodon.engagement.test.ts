import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consent, fakeSettings, platformFailure } from '../testing/connector-kit';
import { s256 } from '../testing/oauth.fake';
import type { AccountCredentials, CallContext } from '../types';
import { mastodonConnector as mastodon } from './mastodon.connector';
import { mastodonEngagement as engagement } from './mastodon.engagement';
import { addMastodonEngagementRoutes, type MastodonEngagementFake } from './mastodon.engagement.fake';
import { startMastodonFake } from './mastodon.fake';

let fake: Awaited<ReturnType<typeof startMastodonFake>>;
let seeded: MastodonEngagementFake;
let ctx: CallContext;
let credentials: AccountCredentials;
const verifier = 'e'.repeat(50);

beforeAll(async () => {
  fake = await startMastodonFake();
  seeded = addMastodonEngagementRoutes(fake, [
    { text: 'First comment', kind: 'comment', inReplyToId: '555', createdAt: new Date(Date.now() - 3_000) },
    {
      text: 'Hey <b>you</b> & co',
      kind: 'mention',
      authorAcct: 'ana@example.social',
      createdAt: new Date(Date.now() - 2_000),
    },
    { text: 'Psst, a secret', kind: 'message', authorAcct: 'ben', createdAt: new Date(Date.now() - 1_000) },
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
});
afterAll(() => fake.close());

describe('Mastodon engagement', () => {
  it('reads mention notifications as comments, mentions and messages, newest first, in plain text', async () => {
    const { items, nextCursor } = await engagement.listInbox!(ctx, credentials, {});
    expect(nextCursor).toBeUndefined();
    expect(items.map((item) => [item.kind, item.text, item.author.handle])).toEqual([
      ['message', 'Psst, a secret', 'ben'],
      ['mention', 'Hey <b>you</b> & co', 'ana@example.social'],
      ['comment', 'First comment', 'fan1'],
    ]);
    expect(items[2]?.platformPostId).toBe('555');
    const request = fake.server.received('GET', '/api/v1/notifications')[0]!;
    expect(request.headers.authorization).toBe(`Bearer ${credentials.accessToken}`);
    expect(request.query.getAll('types[]')).toEqual(['mention']);
  });

  it('reads only what is newer than `since`', async () => {
    const newest = (await engagement.listInbox!(ctx, credentials, {})).items[0]!;
    const later = seeded.addMention({
      text: 'Another one',
      createdAt: new Date(newest.createdAt.getTime() + 5_000),
    });
    const { items } = await engagement.listInbox!(ctx, credentials, { since: newest.createdAt });
    expect(items.map((item) => item.platformItemId)).toEqual([later]);
  });

  it('favourites, replies with an @-mention in the thread, and sends a direct message', async () => {
    const { items } = await engagement.listInbox!(ctx, credentials, {});
    const comment = items.find((item) => item.kind === 'comment')!;
    const target = {
      platformItemId: comment.platformItemId,
      kind: comment.kind,
      authorPlatformUserId: comment.author.platformUserId,
      authorHandle: comment.author.handle,
    };
    await engagement.like!(ctx, credentials, target);
    expect(seeded.favourites).toEqual([comment.platformItemId]);

    const reply = await engagement.reply!(ctx, credentials, target, 'Thanks!');
    expect(reply.platformItemId).toBeTruthy();
    const dm = await engagement.message!(ctx, credentials, target, 'Can we talk?');
    expect(dm.platformItemId).toBeTruthy();
    const posted = fake.server.received('POST', '/api/v1/statuses').map((request) => request.body);
    expect(posted).toEqual([
      {
        status: `@${comment.author.handle} Thanks!`,
        in_reply_to_id: comment.platformItemId,
        visibility: 'public',
      },
      { status: `@${comment.author.handle} Can we talk?`, visibility: 'direct' },
    ]);
    expect(fake.server.violations).toEqual([]);
  });

  it('maps a rate limit on the inbox to retry with the reset time', async () => {
    const reset = new Date(Date.now() + 120_000).toISOString();
    fake.server.failNext(
      { method: 'GET', path: '/api/v1/notifications' },
      { status: 429, headers: { 'x-ratelimit-reset': reset }, body: { error: 'Too many requests' } },
    );
    const error = await platformFailure(engagement.listInbox!(ctx, credentials, {}));
    expect(error.kind).toBe('retry');
    expect(error.details.retryAfterMs).toBeGreaterThan(100_000);
  });
});
