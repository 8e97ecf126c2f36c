import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consent, fakeSettings, platformFailure } from '../testing/connector-kit';
import { s256 } from '../testing/oauth.fake';
import type { AccountCredentials, CallContext } from '../types';
import { twitterConnector as x } from './twitter.connector';
import { twitterEngagement as engagement } from './twitter.engagement';
import { addTwitterEngagementRoutes, type TwitterEngagementFake } from './twitter.engagement.fake';
import { startTwitterFake } from './twitter.fake';

let fake: Awaited<ReturnType<typeof startTwitterFake>>;
let seeded: TwitterEngagementFake;
let ctx: CallContext;
let credentials: AccountCredentials;
const verifier = 'w'.repeat(64);

beforeAll(async () => {
  fake = await startTwitterFake();
  seeded = addTwitterEngagementRoutes(fake, [
    { text: 'Nice launch', kind: 'comment', inReplyToId: '1700', createdAt: new Date(Date.now() - 3_000) },
    {
      text: '@you look at this',
      kind: 'mention',
      authorUsername: 'ana',
      createdAt: new Date(Date.now() - 2_000),
    },
    {
      text: 'Hello in private',
      kind: 'message',
      authorUsername: 'ben',
      createdAt: new Date(Date.now() - 1_000),
    },
  ]);
  ctx = { settings: fakeSettings('twitter', fake.url) };
  const authorize = x.authorizationUrl?.(ctx, {
    state: 'st',
    codeChallenge: s256(verifier),
    redirectUri: ctx.settings.redirectUri,
  });
  expect(new URL(authorize ?? '').searchParams.get('scope')?.split(' ')).toEqual(
    expect.arrayContaining(['like.write', 'dm.read', 'dm.write']),
  );
  const { code } = await consent(authorize ?? '');
  const identity = await x.exchangeCode?.(ctx, {
    code,
    codeVerifier: verifier,
    redirectUri: ctx.settings.redirectUri,
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

describe('X engagement', () => {
  it('reads mentions (replies as comments) and direct messages, newest first', async () => {
    const { items } = await engagement.listInbox!(ctx, credentials, {});
    expect(items.map((item) => [item.kind, item.text, item.author.handle])).toEqual([
      ['message', 'Hello in private', 'ben'],
      ['mention', '@you look at this', 'ana'],
      ['comment', 'Nice launch', 'fan1'],
    ]);
    expect(items[2]?.platformPostId).toBe('1700');
    expect(items[0]?.conversationId).toBe('conv-u-ben');
    const mentions = fake.server.received('GET', `/2/users/${credentials.platformAccountId}/mentions`)[0]!;
    expect(mentions.headers.authorization).toBe(`Bearer ${credentials.accessToken}`);
    expect(mentions.query.get('expansions')).toBe('author_id');
  });

  it('asks only for what is newer than `since` (start_time without milliseconds)', async () => {
    const since = new Date(Date.now() - 1_500);
    await engagement.listInbox!(ctx, credentials, { since });
    const request = fake.server.received('GET', `/2/users/${credentials.platformAccountId}/mentions`).at(-1)!;
    expect(request.query.get('start_time')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('likes a tweet, replies in its thread, and sends a DM (in the conversation for a message)', async () => {
    const { items } = await engagement.listInbox!(ctx, credentials, {});
    const comment = items.find((item) => item.kind === 'comment')!;
    const message = items.find((item) => item.kind === 'message')!;
    const target = {
      platformItemId: comment.platformItemId,
      kind: comment.kind,
      authorPlatformUserId: comment.author.platformUserId,
    };
    await engagement.like!(ctx, credentials, target);
    expect(seeded.likes).toEqual([
      { userId: credentials.platformAccountId, tweetId: comment.platformItemId },
    ]);

    await engagement.reply!(ctx, credentials, target, 'Thank you!');
    const tweet = fake.server.received('POST', '/2/tweets').at(-1)!;
    expect(tweet.body).toEqual({
      text: 'Thank you!',
      reply: { in_reply_to_tweet_id: comment.platformItemId },
    });

    await engagement.message!(ctx, credentials, target, 'DM you');
    await engagement.reply!(
      ctx,
      credentials,
      { platformItemId: message.platformItemId, kind: 'message', conversationId: message.conversationId },
      'Answer in the conversation',
    );
    expect(seeded.messages).toEqual([
      { conversation: `with-${comment.author.platformUserId}`, text: 'DM you' },
      { conversation: 'conv-u-ben', text: 'Answer in the conversation' },
    ]);
    const refused = await platformFailure(
      engagement.like!(ctx, credentials, { platformItemId: message.platformItemId, kind: 'message' }),
    );
    expect(refused.kind).toBe('refuse');
    expect(fake.server.violations).toEqual([]);
  });

  it('maps a 429 with x-rate-limit-reset to retry with the wait', async () => {
    const reset = String(Math.floor(Date.now() / 1000) + 600);
    fake.server.failNext(
      { method: 'GET', path: /\/mentions$/ },
      { status: 429, headers: { 'x-rate-limit-reset': reset }, body: { title: 'Too Many Requests' } },
    );
    const error = await platformFailure(engagement.listInbox!(ctx, credentials, {}));
    expect(error.kind).toBe('retry');
    expect(error.details.retryAfterMs).toBeGreaterThan(500_000);
  });
});
