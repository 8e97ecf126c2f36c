import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeSettings } from '../testing/connector-kit';
import type { AccountCredentials, CallContext } from '../types';
import { blueskyConnector as bluesky } from './bluesky.connector';
import { blueskyEngagement as engagement } from './bluesky.engagement';
import { addBlueskyEngagementRoutes } from './bluesky.engagement.fake';
import { startBlueskyFake } from './bluesky.fake';

let fake: Awaited<ReturnType<typeof startBlueskyFake>>;
let ctx: CallContext;
let credentials: AccountCredentials;

beforeAll(async () => {
  fake = await startBlueskyFake();
  addBlueskyEngagementRoutes(fake, [
    { text: 'Nice thread', kind: 'comment', createdAt: new Date(Date.now() - 2_000) },
    {
      text: 'cc @you',
      kind: 'mention',
      authorHandle: 'ana.bsky.social',
      createdAt: new Date(Date.now() - 1_000),
    },
  ]);
  ctx = { settings: fakeSettings('bluesky', fake.url) };
  const identity = await bluesky.connectWithPassword?.(ctx, {
    identifier: '@me.bsky.social',
    password: 'abcd-efgh-ijkl-mnop',
  });
  if (!identity) throw new Error('no identity');
  credentials = {
    accessToken: identity.tokens.accessToken,
    platformAccountId: identity.profile.platformAccountId,
    meta: identity.tokens.meta ?? {},
    secrets: identity.tokens.secrets ?? {},
  };
});
afterAll(() => fake.close());

describe('Bluesky engagement', () => {
  it('reads replies as comments and mentions from the notifications, newest first', async () => {
    const { items } = await engagement.listInbox!(ctx, credentials, {});
    expect(items.map((item) => [item.kind, item.text, item.author.handle])).toEqual([
      ['mention', 'cc @you', 'ana.bsky.social'],
      ['comment', 'Nice thread', 'fan1.bsky.social'],
    ]);
    expect(items[1]?.platformPostId).toBe('at://did:plc:me/app.bsky.feed.post/3lmine1');
    expect((await engagement.listInbox!(ctx, credentials, { since: items[0]!.createdAt })).items).toEqual([]);
  });

  it('replies in the thread (root and parent strong refs) as a post in the account repo', async () => {
    const { items } = await engagement.listInbox!(ctx, credentials, {});
    const comment = items.find((item) => item.kind === 'comment')!;
    const reply = await engagement.reply!(
      ctx,
      credentials,
      { platformItemId: comment.platformItemId, kind: 'comment' },
      'Thanks!',
    );
    expect(reply.platformItemId).toMatch(/^at:\/\//);
    const created = fake.server.received('POST', '/xrpc/com.atproto.repo.createRecord').at(-1)!;
    const record = (created.body as { record: { text: string; reply: unknown } }).record;
    expect(record.text).toBe('Thanks!');
    expect(record.reply).toEqual({
      root: { uri: 'at://did:plc:me/app.bsky.feed.post/3lmine1', cid: 'bafyreimine' },
      parent: { uri: comment.platformItemId, cid: 'bafyreifan1' },
    });
    expect(fake.server.violations).toEqual([]);
  });

  it('likes with an app.bsky.feed.like record on the post strong ref', async () => {
    const { items } = await engagement.listInbox!(ctx, credentials, {});
    const mention = items.find((item) => item.kind === 'mention')!;
    // The platform fake stores posts only; answer this one like record as Bluesky does.
    fake.server.failNext(
      { method: 'POST', path: '/xrpc/com.atproto.repo.createRecord' },
      {
        body: { uri: `at://${credentials.platformAccountId}/app.bsky.feed.like/3llike1`, cid: 'bafyreilike' },
      },
    );
    await engagement.like!(ctx, credentials, { platformItemId: mention.platformItemId, kind: 'mention' });
    const created = fake.server.received('POST', '/xrpc/com.atproto.repo.createRecord').at(-1)!;
    expect(created.headers.authorization).toBe(`Bearer ${credentials.accessToken}`);
    expect(created.body).toMatchObject({
      repo: credentials.platformAccountId,
      collection: 'app.bsky.feed.like',
      record: { $type: 'app.bsky.feed.like', subject: { uri: mention.platformItemId, cid: 'bafyreifan2' } },
    });
  });
});
