import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consent, fakeSettings, platformFailure } from '../testing/connector-kit';
import type { AccountCredentials, CallContext } from '../types';
import { facebookConnector } from './facebook.connector';
import { facebookEngagement as engagement } from './facebook.engagement';
import { addFacebookEngagementRoutes, type FacebookEngagementFake } from './facebook.engagement.fake';
import { type FacebookFake, startFacebookFake } from './facebook.fake';

let fake: FacebookFake;
let seeded: FacebookEngagementFake;
let ctx: CallContext;
let credentials: AccountCredentials;
const redirectUri = 'http://localhost:3000/api/accounts/oauth/facebook/callback';

beforeAll(async () => {
  fake = await startFacebookFake();
  seeded = addFacebookEngagementRoutes(fake, [
    {
      text: 'Great news!',
      kind: 'comment',
      postId: 'p_1',
      authorName: 'Ana',
      createdAt: new Date(Date.now() - 3_000),
    },
    { text: 'Is it open source?', kind: 'comment', postId: 'p_2', createdAt: new Date(Date.now() - 2_000) },
    { text: 'Hello page', kind: 'message', authorName: 'Ben', createdAt: new Date(Date.now() - 1_000) },
  ]);
  ctx = { settings: fakeSettings('facebook', fake.url) };
  const callback = await consent(
    facebookConnector.authorizationUrl?.(ctx, { state: 's', redirectUri }) ?? '',
  );
  const identity = await facebookConnector.exchangeCode?.(ctx, { code: callback.code, redirectUri });
  if (!identity) throw new Error('no identity');
  credentials = {
    accessToken: identity.tokens.accessToken,
    platformAccountId: identity.profile.platformAccountId,
    meta: identity.tokens.meta ?? {},
    secrets: identity.tokens.secrets ?? {},
  };
});
afterAll(() => fake.close());

describe('Facebook engagement', () => {
  it("reads comments on the Page's posts and Messenger messages with the Page token, newest first", async () => {
    const { items } = await engagement.listInbox!(ctx, credentials, {});
    expect(items.map((item) => [item.kind, item.text, item.platformPostId ?? null])).toEqual([
      ['message', 'Hello page', null],
      ['comment', 'Is it open source?', 'p_2'],
      ['comment', 'Great news!', 'p_1'],
    ]);
    expect(items[2]?.author.handle).toBe('Ana');
    const newest = items[0]!.createdAt;
    expect((await engagement.listInbox!(ctx, credentials, { since: newest })).items).toEqual([]);
    expect(fake.server.violations).toEqual([]);
  });

  it('likes and replies to a comment, messages its author privately, and answers a Messenger message', async () => {
    const { items } = await engagement.listInbox!(ctx, credentials, {});
    const comment = items.find((item) => item.kind === 'comment')!;
    const message = items.find((item) => item.kind === 'message')!;
    const target = {
      platformItemId: comment.platformItemId,
      kind: comment.kind,
      authorPlatformUserId: comment.author.platformUserId,
    };
    await engagement.like!(ctx, credentials, target);
    expect(seeded.likes).toEqual([comment.platformItemId]);
    const reply = await engagement.reply!(ctx, credentials, target, 'Yes, MIT licensed.');
    expect(reply.platformItemId).toBeTruthy();
    expect(seeded.replies).toEqual([{ parentId: comment.platformItemId, message: 'Yes, MIT licensed.' }]);
    await engagement.message!(ctx, credentials, target, 'Sent you the details');
    await engagement.reply!(
      ctx,
      credentials,
      {
        platformItemId: message.platformItemId,
        kind: 'message',
        authorPlatformUserId: message.author.platformUserId,
      },
      'Hi Ben!',
    );
    expect(seeded.messages).toEqual([
      { recipient: { comment_id: comment.platformItemId }, text: 'Sent you the details' },
      { recipient: { id: message.author.platformUserId }, text: 'Hi Ben!' },
    ]);
    expect(fake.server.violations).toEqual([]);
  });

  it('maps Graph throttling (code 32) to retry and an expired token (190) to reauthorize', async () => {
    fake.server.failNext(
      { method: 'GET', path: /\/feed$/ },
      { status: 400, body: { error: { message: 'Page request limit reached', code: 32 } } },
    );
    expect((await platformFailure(engagement.listInbox!(ctx, credentials, {}))).kind).toBe('retry');
    fake.server.failNext(
      { method: 'POST', path: /\/likes$/ },
      { status: 400, body: { error: { message: 'Session has expired', code: 190 } } },
    );
    const error = await platformFailure(
      engagement.like!(ctx, credentials, { platformItemId: 'x', kind: 'comment' }),
    );
    expect(error.kind).toBe('reauthorize');
  });
});
