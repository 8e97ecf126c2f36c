import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consent, fakeSettings, platformFailure } from '../testing/connector-kit';
import type { AccountCredentials, CallContext } from '../types';
import { instagramConnector } from './instagram.connector';
import { instagramEngagement as engagement } from './instagram.engagement';
import { addInstagramEngagementRoutes, type InstagramEngagementFake } from './instagram.engagement.fake';
import { type InstagramFake, startInstagramFake } from './instagram.fake';

let fake: InstagramFake;
let seeded: InstagramEngagementFake;
let ctx: CallContext;
let credentials: AccountCredentials;
const redirectUri = 'http://localhost:3000/api/accounts/oauth/instagram/callback';

beforeAll(async () => {
  fake = await startInstagramFake();
  seeded = addInstagramEngagementRoutes(fake);
  ctx = { settings: fakeSettings('instagram', fake.url) };
  const callback = await consent(
    instagramConnector.authorizationUrl?.(ctx, { state: 's', redirectUri }) ?? '',
  );
  const identity = await instagramConnector.exchangeCode?.(ctx, { code: callback.code, redirectUri });
  if (!identity) throw new Error('no identity');
  credentials = {
    accessToken: identity.tokens.accessToken,
    platformAccountId: identity.profile.platformAccountId,
    meta: identity.tokens.meta ?? {},
    secrets: identity.tokens.secrets ?? {},
  };
  // One published post on the account, with two comments.
  fake.published.push({
    id: 'ig_media_1',
    accountId: identity.profile.platformAccountId,
    text: 'Hello',
    mediaIds: [],
    createdAt: new Date(),
  });
  seeded.add({
    mediaId: 'ig_media_1',
    text: 'So pretty',
    username: 'ana',
    createdAt: new Date(Date.now() - 2_000),
  });
  seeded.add({
    mediaId: 'ig_media_1',
    text: 'Price?',
    username: 'ben',
    createdAt: new Date(Date.now() - 1_000),
  });
});
afterAll(() => fake.close());

describe('Instagram engagement', () => {
  it("reads the comments on the account's media, newest first, linked to the media", async () => {
    const { items } = await engagement.listInbox!(ctx, credentials, {});
    expect(items.map((item) => [item.text, item.author.handle, item.platformPostId])).toEqual([
      ['Price?', 'ben', 'ig_media_1'],
      ['So pretty', 'ana', 'ig_media_1'],
    ]);
    expect((await engagement.listInbox!(ctx, credentials, { since: items[0]!.createdAt })).items).toEqual([]);
  });

  it('replies under a comment and sends the commenter a private reply; offers no like', async () => {
    const { items } = await engagement.listInbox!(ctx, credentials, {});
    const target = { platformItemId: items[0]!.platformItemId, kind: 'comment' as const };
    await engagement.reply!(ctx, credentials, target, 'DM sent!');
    await engagement.message!(ctx, credentials, target, '49 EUR');
    expect(seeded.replies).toEqual([{ commentId: target.platformItemId, message: 'DM sent!' }]);
    expect(seeded.privateReplies).toEqual([{ commentId: target.platformItemId, text: '49 EUR' }]);
    expect(engagement.like).toBeUndefined();
    const refused = await platformFailure(
      engagement.reply!(ctx, credentials, { platformItemId: 'nope', kind: 'comment' }, 'x'),
    );
    expect(refused.kind).toBe('refuse');
    expect(fake.server.violations).toEqual([]);
  });
});
