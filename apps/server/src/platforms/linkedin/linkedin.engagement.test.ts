import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consent, fakeSettings, platformFailure } from '../testing/connector-kit';
import type { AccountCredentials, CallContext } from '../types';
import { linkedinConnector as linkedin } from './linkedin.connector';
import { linkedinEngagement as engagement } from './linkedin.engagement';
import { addLinkedInEngagementRoutes, type LinkedInEngagementFake } from './linkedin.engagement.fake';
import { startLinkedInFake } from './linkedin.fake';

let fake: Awaited<ReturnType<typeof startLinkedInFake>>;
let seeded: LinkedInEngagementFake;
let ctx: CallContext;
let credentials: AccountCredentials;

beforeAll(async () => {
  fake = await startLinkedInFake();
  seeded = addLinkedInEngagementRoutes(fake);
  ctx = { settings: fakeSettings('linkedin', fake.url) };
  const { code } = await consent(
    linkedin.authorizationUrl?.(ctx, { state: 'st', redirectUri: ctx.settings.redirectUri }) ?? '',
  );
  const identity = await linkedin.exchangeCode?.(ctx, { code, redirectUri: ctx.settings.redirectUri });
  if (!identity) throw new Error('no identity');
  credentials = {
    accessToken: identity.tokens.accessToken,
    platformAccountId: identity.profile.platformAccountId,
    meta: identity.tokens.meta ?? {},
    secrets: {},
  };
});
afterAll(() => fake.close());

describe('LinkedIn engagement', () => {
  const post = 'urn:li:share:7100000000000000001';
  const comment = `urn:li:comment:(${post},6000)`;

  it('likes with a LIKE reaction as the member', async () => {
    await engagement.like!(ctx, credentials, {
      platformItemId: comment,
      kind: 'comment',
      platformPostId: post,
    });
    expect(seeded.reactions).toEqual([
      { actor: `urn:li:person:${credentials.platformAccountId}`, root: comment, reactionType: 'LIKE' },
    ]);
  });

  it('replies under the comment it answers, on its post', async () => {
    const reply = await engagement.reply!(
      ctx,
      credentials,
      { platformItemId: comment, kind: 'comment', platformPostId: post },
      'Thanks for reading!',
    );
    expect(reply.platformItemId).toMatch(/^urn:li:comment:/);
    expect(seeded.comments).toEqual([
      {
        target: comment,
        actor: `urn:li:person:${credentials.platformAccountId}`,
        object: post,
        text: 'Thanks for reading!',
        parentComment: comment,
      },
    ]);
    expect(fake.server.violations).toEqual([]);
  });

  it('reads no inbox and sends no messages (partner-only APIs), and maps a revoked token to reauthorize', async () => {
    expect(engagement.listInbox).toBeUndefined();
    expect(engagement.message).toBeUndefined();
    const error = await platformFailure(
      engagement.like!(ctx, { ...credentials, accessToken: '' }, { platformItemId: post, kind: 'mention' }),
    );
    expect(error.kind).toBe('reauthorize');
  });
});
