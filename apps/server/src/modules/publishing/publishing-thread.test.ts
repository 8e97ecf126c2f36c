import type { Post } from '@relaycast/shared/posts';
import { THREAD_MESSAGES } from '@relaycast/shared/threads';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonHeaders, type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { posts, postTargetParts, postTargets, socialAccounts } from '../../db/schema/index';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import { connectorFor, connectorSettings } from '../../platforms/registry';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { credentialsOf } from '../accounts/account-credentials';
import { platformsConfig } from '../accounts/accounts.test-support';
import {
  connectMastodon,
  createPost,
  DRIVEN_PUBLISHING,
  getPost,
  inAnHour,
  makeDue,
} from './publishing.test-support';

/**
 * Threads through the publishing engine against the Mastodon connector and its fake, on PGlite and PostgreSQL
 * (docs/threads.md): parts in order as a chain of replies, each part once across a failure, a Retry and a crash.
 */

let t: TestApp;
let fake: PlatformFake;
let user: SignedInUser;
let accountId: string;

beforeAll(async () => {
  fake = await startMastodonFake();
  t = await createTestApp({
    config: { platforms: platformsConfig({ mastodon: { baseUrl: fake.url } }), allowPrivateAddresses: true },
    publishing: DRIVEN_PUBLISHING,
  });
  await t.app.ready();
  user = await signInAsNewUser(t);
  accountId = await connectMastodon(t, user, fake);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const partsOf = (label: string) => [2, 3, 4, 5].map((n) => `${label} part ${n}`);

function scheduleThread(label: string): Promise<Post> {
  return createPost(t, user, {
    content: `${label} part 1`,
    platforms: ['mastodon'],
    threadParts: partsOf(label),
    action: 'schedule',
    scheduledAt: inAnHour(),
  });
}

/** What the fake received of this thread, oldest first. */
const receivedOf = (label: string) => fake.published.filter((post) => post.text.startsWith(`${label} part`));

/** Each part once, in order, each replying to the one before. */
function expectChain(label: string) {
  const chain = receivedOf(label);
  expect(chain.map((post) => post.text)).toEqual([`${label} part 1`, ...partsOf(label)]);
  expect(chain[0]?.replyTo).toBeUndefined();
  expect(chain.slice(1).map((post) => post.replyTo)).toEqual(chain.slice(0, -1).map((post) => post.id));
  return chain;
}

const storedParts = (targetId: string) =>
  t.db
    .select()
    .from(postTargetParts)
    .where(eq(postTargetParts.targetId, targetId))
    .orderBy(asc(postTargetParts.position));

/** Parts 1 and 2 on the platform (through the connector) and recorded, as an earlier attempt leaves them. */
async function publishFirstTwo(label: string, targetId: string) {
  const [account] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
  const credentials = credentialsOf(account!, t.config.appSecret);
  const ctx = { settings: connectorSettings(t.config, 'mastodon') };
  const mastodon = connectorFor('mastodon');
  const first = await mastodon.publish(ctx, credentials, {
    text: `${label} part 1`,
    media: [],
    idempotencyKey: targetId,
  });
  const second = await mastodon.publish(ctx, credentials, {
    text: `${label} part 2`,
    media: [],
    idempotencyKey: `${targetId}:2`,
    replyTo: { root: first, parent: first },
  });
  await t.db.insert(postTargetParts).values(
    [first, second].map((part, index) => ({
      targetId,
      workspaceId: user.workspaceId,
      position: index + 1,
      status: 'published' as const,
      platformPostId: part.platformPostId,
      url: part.url,
    })),
  );
}

describe('threads', () => {
  it('saves the parts with the post and answers them', async () => {
    const post = await scheduleThread('Saved');
    expect(post.threadParts).toEqual(partsOf('Saved'));
  });

  it('refuses a part over a platform limit with a message naming the part and platform', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: jsonHeaders(user.cookie),
      payload: JSON.stringify({
        content: 'Short first part',
        platforms: ['mastodon', 'linkedin'],
        threadParts: ['fine', 'x'.repeat(501)],
        action: 'schedule',
        scheduledAt: inAnHour(),
      }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(THREAD_MESSAGES.partTooLong(3, 'Mastodon', 500, 501));
  });

  it('publishes a 5-part thread; part 3 refused stops at "2 of 5", and Retry sends 3 to 5 only', async () => {
    const created = await scheduleThread('Retry');
    const targetId = created.targets[0]?.id as string;
    // Part 3 is made too long for the instance behind the composer's back: the platform refuses it.
    const tooLong = [...partsOf('Retry')];
    tooLong[1] = `Retry part 3 ${'y'.repeat(600)}`;
    await t.db.update(posts).set({ threadParts: tooLong }).where(eq(posts.id, created.id));
    await makeDue(t, created.id);
    await t.app.publishing.engine.publishTarget(targetId);

    let post = await getPost(t, user, created.id);
    const failed = post.targets[0];
    expect(failed?.status).toBe('failed');
    expect(failed?.lastError).toBe(
      `${THREAD_MESSAGES.partial(2, 5)} Validation failed: Text character limit of 500 exceeded`,
    );
    expect(receivedOf('Retry')).toHaveLength(2);
    expect((await storedParts(targetId)).map((row) => [row.position, row.status])).toEqual([
      [1, 'published'],
      [2, 'published'],
    ]);

    await t.db
      .update(posts)
      .set({ threadParts: partsOf('Retry') })
      .where(eq(posts.id, created.id));
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${created.id}/targets/${targetId}/retry`,
      headers: jsonHeaders(user.cookie),
      payload: '{}',
    });
    expect(retry.statusCode, retry.body).toBeLessThan(300);
    await t.app.publishing.engine.publishTarget(targetId);

    post = await getPost(t, user, created.id);
    const chain = expectChain('Retry');
    // The post's link stays part 1's.
    expect(post.targets[0]).toMatchObject({ status: 'published', platformPostId: chain[0]?.id });
    const rows = await storedParts(targetId);
    expect(rows.map((row) => row.platformPostId)).toEqual(chain.map((item) => item.id));
    expect(rows.every((row) => row.status === 'published' && row.url)).toBe(true);
  });

  it('resumes at part 3 after a crash that left parts 1 and 2 published', async () => {
    const created = await scheduleThread('Crash');
    const targetId = created.targets[0]?.id as string;
    await makeDue(t, created.id);
    // What a process that died after part 2 leaves: two parts on the platform and recorded, its claim held.
    await publishFirstTwo('Crash', targetId);
    const tenSecondsAgo = new Date(Date.now() - 10_000);
    await t.db
      .update(postTargets)
      .set({ status: 'publishing', attempts: 1, attemptStartedAt: tenSecondsAgo, updatedAt: tenSecondsAgo })
      .where(eq(postTargets.id, targetId));

    await t.app.publishing.engine.sweep();

    const post = await getPost(t, user, created.id);
    const chain = expectChain('Crash');
    expect(post.targets[0]).toMatchObject({ status: 'published', platformPostId: chain[0]?.id });
    expect((await storedParts(targetId)).map((row) => row.position)).toEqual([1, 2, 3, 4, 5]);
  });

  it('retries part 3 alone after the platform was down for it, then finishes the thread', async () => {
    const created = await scheduleThread('Down');
    const targetId = created.targets[0]?.id as string;
    await publishFirstTwo('Down', targetId);
    await makeDue(t, created.id);
    fake.server.failNext({ method: 'POST', path: '/api/v1/statuses' }, { status: 503, body: {} });
    await t.app.publishing.engine.publishTarget(targetId);

    const waiting = (await getPost(t, user, created.id)).targets[0];
    expect(waiting?.status).toBe('retrying');
    expect(waiting?.lastError).toMatch(/^Published 2 of 5 parts\. /);
    // Part 3 certainly did not arrive: it is not left in flight.
    expect((await storedParts(targetId)).map((row) => row.status)).toEqual(['published', 'published']);

    await makeDue(t, created.id);
    await t.app.publishing.engine.publishTarget(targetId);
    expectChain('Down');
    expect((await getPost(t, user, created.id)).targets[0]?.status).toBe('published');
  });

  it('leaves a part whose outcome is unknown for the user, never sending it twice', async () => {
    const created = await scheduleThread('Unknown');
    const targetId = created.targets[0]?.id as string;
    await makeDue(t, created.id);
    // A process died while sending part 3: parts 1 and 2 recorded, part 3 'sending'.
    await t.db.insert(postTargetParts).values([
      {
        targetId,
        workspaceId: user.workspaceId,
        position: 1,
        status: 'published',
        platformPostId: 'p1',
        url: 'u1',
      },
      {
        targetId,
        workspaceId: user.workspaceId,
        position: 2,
        status: 'published',
        platformPostId: 'p2',
        url: 'u2',
      },
      { targetId, workspaceId: user.workspaceId, position: 3, status: 'sending' },
    ]);
    const tenSecondsAgo = new Date(Date.now() - 10_000);
    await t.db
      .update(postTargets)
      .set({ status: 'publishing', attempts: 1, attemptStartedAt: tenSecondsAgo, updatedAt: tenSecondsAgo })
      .where(eq(postTargets.id, targetId));
    const before = fake.published.length;

    await t.app.publishing.engine.sweep();

    const target = (await getPost(t, user, created.id)).targets[0];
    expect(target).toMatchObject({
      status: 'unconfirmed',
      lastError: `${THREAD_MESSAGES.partial(2, 5)} ${THREAD_MESSAGES.partUnknown(3)}`,
    });
    expect(fake.published.length).toBe(before);
  });
});
