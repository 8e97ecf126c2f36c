import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { inboxItems, inboxSyncState, posts, postTargets } from '../../db/schema/index';
import { mastodonConnector } from '../../platforms/mastodon/mastodon.connector';
import {
  addMastodonEngagementRoutes,
  type MastodonEngagementFake,
} from '../../platforms/mastodon/mastodon.engagement.fake';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import { consent, fakeSettings } from '../../platforms/testing/connector-kit';
import { s256 } from '../../platforms/testing/oauth.fake';
import { insertAccount } from './engagement.test-support';
import { sweepInboxes } from './engagement-sync';

/** The inbox filled from a platform fake through the real connector: once per item, whatever the syncs. */
let t: TestApp;
let fake: Awaited<ReturnType<typeof startMastodonFake>>;
let seeded: MastodonEngagementFake;
let ada: SignedInUser;
let accountId: string;
let postId: string;

async function connectOnFake() {
  const ctx = { settings: fakeSettings('mastodon', fake.url) };
  const app = (await mastodonConnector.registerApp?.(ctx, {
    instanceUrl: fake.url,
    redirectUri: ctx.settings.redirectUri,
    appName: 'Relaycast',
    website: 'http://localhost:3000',
  })) as { clientId: string; clientSecret: string };
  const verifier = 's'.repeat(50);
  const { code } = await consent(
    mastodonConnector.authorizationUrl?.(ctx, {
      state: 'st',
      codeChallenge: s256(verifier),
      redirectUri: ctx.settings.redirectUri,
      instance: { url: fake.url, clientId: app.clientId },
    }) ?? '',
  );
  const identity = await mastodonConnector.exchangeCode?.(ctx, {
    code,
    codeVerifier: verifier,
    redirectUri: ctx.settings.redirectUri,
    instance: { url: fake.url, ...app },
  });
  if (!identity) throw new Error('no identity');
  return identity;
}

beforeAll(async () => {
  fake = await startMastodonFake();
  seeded = addMastodonEngagementRoutes(fake, [
    {
      text: 'Love the launch post',
      kind: 'comment',
      inReplyToId: '777',
      createdAt: new Date(Date.now() - 60_000),
    },
    {
      text: 'Hi there, question',
      kind: 'message',
      authorAcct: 'ben',
      createdAt: new Date(Date.now() - 30_000),
    },
  ]);
  t = await createTestApp({ config: { allowPrivateAddresses: true, engagementSyncIntervalSeconds: 0 } });
  ada = await signInAsNewUser(t, { name: 'Ada' });
  const identity = await connectOnFake();
  accountId = await insertAccount(t, ada.workspaceId, 'mastodon', {
    handle: identity.profile.handle,
    platformAccountId: identity.profile.platformAccountId,
    meta: { instanceUrl: fake.url },
    accessToken: identity.tokens.accessToken,
  });
  // One of Ada's posts was published on this account as status 777: comments on it link to the post.
  postId = randomUUID();
  await t.db.insert(posts).values({
    id: postId,
    workspaceId: ada.workspaceId,
    content: 'Launch',
    platforms: ['mastodon'],
    status: 'published',
  });
  await t.db.insert(postTargets).values({
    id: randomUUID(),
    workspaceId: ada.workspaceId,
    postId,
    platform: 'mastodon',
    accountId,
    status: 'published',
    platformPostId: '777',
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function refresh(member: SignedInUser) {
  return member.send('POST', '/api/engagement/refresh');
}

describe('inbox sync', () => {
  it('stores new comments and messages once, and the next sync adds only what is new', async () => {
    const first = await refresh(ada);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ accounts: 1, newItems: 2, problems: [] });
    const inbox = (await ada.get('/api/engagement/inbox')).json().items;
    expect(inbox.map((item: { kind: string; text: string }) => [item.kind, item.text])).toEqual([
      ['message', 'Hi there, question'],
      ['comment', 'Love the launch post'],
    ]);
    expect(inbox[1].postId).toBe(postId);
    expect(inbox[0].postId).toBeNull();

    expect((await refresh(ada)).json()).toEqual({ accounts: 1, newItems: 0, problems: [] });
    seeded.addMention({ text: 'One more thing', kind: 'mention' });
    expect((await refresh(ada)).json()).toMatchObject({ newItems: 1 });
    const rows = await t.db.select().from(inboxItems).where(eq(inboxItems.accountId, accountId));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.platformItemId)).size).toBe(3);
  });

  it('keeps another workspace out: its refresh does not read this account', async () => {
    const bob = await signInAsNewUser(t, { name: 'Bob' });
    const before = fake.server.received('GET', '/api/v1/notifications').length;
    expect((await refresh(bob)).json()).toEqual({ accounts: 0, newItems: 0, problems: [] });
    expect((await bob.get('/api/engagement/inbox')).json().items).toEqual([]);
    expect(fake.server.received('GET', '/api/v1/notifications').length).toBe(before);
  });

  it('waits for the platform after a rate limit instead of calling again', async () => {
    const reset = new Date(Date.now() + 10 * 60_000).toISOString();
    fake.server.failNext(
      { method: 'GET', path: '/api/v1/notifications' },
      { status: 429, headers: { 'x-ratelimit-reset': reset }, body: { error: 'Too many requests' } },
    );
    const limited = (await refresh(ada)).json();
    expect(limited.problems).toHaveLength(1);
    expect(limited.problems[0].message).toContain('Rate limited');
    const [state] = await t.db.select().from(inboxSyncState).where(eq(inboxSyncState.accountId, accountId));
    expect(state!.nextSyncAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);

    const before = fake.server.received('GET', '/api/v1/notifications').length;
    const again = (await refresh(ada)).json();
    expect(again.accounts).toBe(0);
    expect(again.problems[0].message).toContain('Rate limited');
    expect(fake.server.received('GET', '/api/v1/notifications').length).toBe(before);
    await t.db
      .update(inboxSyncState)
      .set({ nextSyncAt: new Date(), failures: 0 })
      .where(eq(inboxSyncState.accountId, accountId));
  });

  it('replies through the connector, marks the item answered and moves the response rate', async () => {
    const before = (await ada.get('/api/engagement/metrics')).json();
    expect(before.responseRate).toBe(0);
    const comment = (await ada.get('/api/engagement/inbox?kind=comment')).json().items[0];
    const res = await ada.send('POST', '/api/engagement/actions', {
      userId: ada.userId,
      action: 'comment',
      platform: 'mastodon',
      content: 'Thank you!',
      itemId: comment.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Posted reply on Mastodon');
    const status = fake.server.received('POST', '/api/v1/statuses').at(-1)!;
    expect(status.body).toMatchObject({
      in_reply_to_id: expect.any(String),
      status: expect.stringContaining('Thank you!'),
    });
    const after = (await ada.get('/api/engagement/metrics')).json();
    expect(after.responseRate).toBeCloseTo(33.3, 1);
    expect(after.comments).toBe(1);
    expect(fake.server.violations).toEqual([]);
  });

  it('the background sweep syncs due accounts once, even when two sweeps run at the same time', async () => {
    await t.db
      .update(inboxSyncState)
      .set({ nextSyncAt: new Date(Date.now() - 1_000), failures: 0 })
      .where(eq(inboxSyncState.accountId, accountId));
    seeded.addMention({ text: 'Seen by the sweep', kind: 'comment', inReplyToId: '777' });
    const before = fake.server.received('GET', '/api/v1/notifications').length;
    const log = t.app.log;
    await Promise.all([sweepInboxes(t.db, t.config, log), sweepInboxes(t.db, t.config, log)]);
    // One of the two claimed the account; the other found nothing due.
    expect(fake.server.received('GET', '/api/v1/notifications').length).toBe(before + 1);
    const rows = await t.db.select().from(inboxItems).where(eq(inboxItems.text, 'Seen by the sweep'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.postId).toBe(postId);
    const [state] = await t.db.select().from(inboxSyncState).where(eq(inboxSyncState.accountId, accountId));
    expect(state!.nextSyncAt.getTime()).toBeGreaterThan(Date.now());
    expect(state!.claimedUntil).toBeNull();
  });
});
