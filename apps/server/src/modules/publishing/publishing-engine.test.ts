import type { Post } from '@relaycast/shared/posts';
import { MAX_PUBLISH_ATTEMPTS, PUBLISH_MESSAGES } from '@relaycast/shared/publishing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { postTargets, socialAccounts } from '../../db/schema/index';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import { connectorFor, connectorSettings, registerConnector } from '../../platforms/registry';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { PlatformError } from '../../platforms/types';
import { createBackground } from '../../plugins/background';
import { credentialsOf } from '../accounts/account-credentials';
import { platformsConfig } from '../accounts/accounts.test-support';
import { flagTargetsOfDisconnectedAccount, restoreTargetsOfReconnectedAccount } from './publishing.service';
import {
  connectMastodon,
  createPost,
  DRIVEN_PUBLISHING,
  eventually,
  getPost,
  inAnHour,
  insertAccount,
  makeDue,
  scriptedConnector,
  targetsOf,
} from './publishing.test-support';

/** The engine against the real Mastodon connector and its local fake, on PGlite and PostgreSQL. */

let t: TestApp;
let fake: PlatformFake;
let user: SignedInUser;
let accountId: string;

beforeAll(async () => {
  fake = await startMastodonFake();
  t = await createTestApp({
    config: {
      platforms: platformsConfig({ mastodon: { baseUrl: fake.url } }),
      allowPrivateAddresses: true,
    },
    // The tests drive the engine themselves (and start a worker where they need one).
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

const engine = () => t.app.publishing.engine;

async function jobsOf(targetId: string) {
  const result = await t.db.execute(
    sql`select id, state, start_after from pgboss.job where name = 'publish-target' and data->>'targetId' = ${targetId} order by created_on`,
  );
  return (result as unknown as { rows: { id: string; state: string; start_after: Date | string }[] }).rows;
}

describe('targets and jobs', () => {
  it('preselects the only connected account; a scheduled post waits for its instant with no job of its own', async () => {
    const scheduledAt = inAnHour();
    const post = await createPost(t, user, {
      content: 'Scheduled hello',
      platforms: ['mastodon', 'bluesky'],
      action: 'schedule',
      scheduledAt,
    });
    const mastodon = post.targets.find((target) => target.platform === 'mastodon');
    const bluesky = post.targets.find((target) => target.platform === 'bluesky');
    expect(mastodon).toMatchObject({ accountId, status: 'scheduled', dueAt: scheduledAt });
    // The account's handle comes with the target, in the post and in the calendar's range alike.
    const [account] = await t.db
      .select({ handle: socialAccounts.handle })
      .from(socialAccounts)
      .where(eq(socialAccounts.id, accountId));
    expect(account?.handle).toBeTruthy();
    expect(mastodon?.accountHandle).toBe(account?.handle);
    const range = await user.send(
      'GET',
      `/api/posts?from=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}&to=${encodeURIComponent(
        new Date(Date.parse(scheduledAt) + 60_000).toISOString(),
      )}`,
    );
    const listed = (range.json().posts as Post[]).find((candidate) => candidate.id === post.id);
    expect(listed?.targets.map((target) => [target.platform, target.accountHandle])).toEqual([
      ['bluesky', null],
      ['mastodon', account?.handle],
    ]);
    // No Bluesky account: never silently dropped, the reason shows until the instant.
    expect(bluesky).toMatchObject({
      accountId: null,
      status: 'needs_account',
      lastError: PUBLISH_MESSAGES.noAccount('bluesky'),
    });
    // The due-target pump finds it at its instant (decision 0121): no job is sent, and before it nothing moves.
    expect(await jobsOf(mastodon!.id)).toEqual([]);
    await engine().sweep();
    expect((await getPost(t, user, post.id)).targets.find((x) => x.platform === 'mastodon')?.status).toBe(
      'scheduled',
    );
  });

  it("moving a post moves its due instant; a deleted post's target is skipped", async () => {
    const post = await createPost(t, user, {
      content: 'Move me',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    const target = post.targets[0]!;
    const later = new Date(Date.now() + 2 * 3_600_000);
    later.setUTCSeconds(0, 0);
    const moved = await user.send('PATCH', `/api/posts/${post.id}/schedule`, {
      scheduledAt: later.toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().targets[0]).toMatchObject({ id: target.id, dueAt: later.toISOString() });
    await engine().sweep();
    expect((await getPost(t, user, post.id)).targets[0]?.status).toBe('scheduled');

    const edited = await user.send('PUT', `/api/posts/${post.id}`, {
      content: 'Edited text',
      platforms: ['mastodon'],
      accountIds: [accountId],
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await user.send('DELETE', `/api/posts/${post.id}`)).statusCode).toBe(200);
    expect(await jobsOf(target.id)).toEqual([]);
    await makeDue(t, post.id);
    await engine().publishTarget(target.id);
    await engine().sweep();
    expect(fake.published.filter((p) => p.text === 'Edited text')).toHaveLength(0);
    expect((await targetsOf(t, post.id))[0]?.status).toBe('scheduled');
  });

  it('refuses an account of another workspace', async () => {
    const other = await signInAsNewUser(t, { name: 'Eve Other' });
    const res = await other.send('POST', '/api/posts', {
      content: 'Not mine',
      platforms: ['mastodon'],
      accountIds: [accountId],
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PUBLISH_MESSAGES.unknownAccount);
  });
});

describe('publishing', () => {
  it('publishes a due post on time through a worker, with the link, exactly once', async () => {
    const worker = createBackground({
      database: t.app.database,
      config: t.config,
      log: t.app.log,
      options: { runWorkers: true },
    });
    await worker.start();
    try {
      const dueAt = new Date(Date.now() + 2_000);
      const post = await createPost(t, user, {
        content: 'On time',
        platforms: ['mastodon'],
        action: 'schedule',
        scheduledAt: dueAt.toISOString(),
      });
      const published = await eventually(
        () => getPost(t, user, post.id),
        (p) => p.status === 'published',
      );
      const target = published.targets[0]!;
      expect(target.status).toBe('published');
      expect(target.url).toMatch(new RegExp(`^${fake.url}/`));
      const received = fake.published.filter((p) => p.text === 'On time');
      expect(received).toHaveLength(1);
      // Not before its instant (the fake's clock and ours are the same machine's).
      expect(received[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(dueAt.getTime() - 5);
    } finally {
      await worker.stop();
    }
  });

  it('"post now" goes out at once when the route wakes the engine', async () => {
    const post = await createPost(t, user, { content: 'Right now', platforms: ['mastodon'], action: 'now' });
    await engine().publishTarget(post.targets[0]!.id);
    const after = await getPost(t, user, post.id);
    expect(after.status).toBe('published');
    expect(fake.published.filter((p) => p.text === 'Right now')).toHaveLength(1);
  });

  it("a refusal fails the target with the platform's reason; Retry publishes once the cause is gone", async () => {
    const post = await createPost(t, user, {
      content: 'Refused once',
      platforms: ['mastodon'],
      action: 'now',
    });
    fake.server.failNext(
      { method: 'POST', path: '/api/v1/statuses' },
      { status: 422, body: { error: 'Validation failed: Text contains a forbidden word' } },
    );
    const target = post.targets[0]!;
    await engine().publishTarget(target.id);
    const failed = await getPost(t, user, post.id);
    expect(failed.status).toBe('failed');
    expect(failed.targets[0]).toMatchObject({
      status: 'failed',
      lastError: 'Validation failed: Text contains a forbidden word',
    });
    const retried = await user.send('POST', `/api/posts/${post.id}/targets/${target.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    await engine().publishTarget(target.id);
    expect((await getPost(t, user, post.id)).targets[0]?.status).toBe('published');
    expect(fake.published.filter((p) => p.text === 'Refused once')).toHaveLength(1);
  });

  it('a 401 fails the target with "Reconnect Mastodon account" and marks the account', async () => {
    const other = await signInAsNewUser(t, { name: 'Rae Reconnect' });
    const otherAccount = await connectMastodon(t, other, fake);
    const post = await createPost(t, other, {
      content: 'Token gone',
      platforms: ['mastodon'],
      action: 'now',
    });
    fake.server.failNext(
      { method: 'POST', path: '/api/v1/statuses' },
      { status: 401, body: { error: 'The access token is invalid' } },
    );
    await engine().publishTarget(post.targets[0]!.id);
    const after = await getPost(t, other, post.id);
    expect(after.targets[0]).toMatchObject({ status: 'failed', lastError: 'Reconnect Mastodon account' });
    const [account] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, otherAccount));
    expect(account?.status).toBe('needs_reconnect');
  });

  it('holds a post that came due too long ago, publishes one due recently, and Publish now sends the held one', async () => {
    const stale = await createPost(t, user, {
      content: 'Came due long ago',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    const recent = await createPost(t, user, {
      content: 'Came due while restarting',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    await makeDue(t, stale.id, 7 * 3_600_000);
    await makeDue(t, recent.id, 30 * 60_000);
    await engine().sweep();
    const held = await getPost(t, user, stale.id);
    expect(held.targets[0]).toMatchObject({ status: 'held', lastError: PUBLISH_MESSAGES.held(6) });
    expect(held.status).toBe('scheduled');
    expect((await getPost(t, user, recent.id)).status).toBe('published');
    expect(fake.published.filter((p) => p.text === 'Came due long ago')).toHaveLength(0);

    const now = await user.send('POST', `/api/posts/${stale.id}/targets/${held.targets[0]!.id}/retry`);
    expect(now.statusCode, now.body).toBe(200);
    await engine().publishTarget(held.targets[0]!.id);
    expect((await getPost(t, user, stale.id)).status).toBe('published');
  });

  it('a target with no account fails at its instant with the reason', async () => {
    const post = await createPost(t, user, {
      content: 'Nowhere to go',
      platforms: ['bluesky'],
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    await makeDue(t, post.id);
    await engine().sweep();
    const after = await getPost(t, user, post.id);
    expect(after.status).toBe('failed');
    expect(after.targets[0]?.lastError).toBe(PUBLISH_MESSAGES.noAccount('bluesky'));
  });
});

describe('crashes and unknown outcomes', () => {
  it('a crash after the platform accepted the post is reconciled from its recent posts, never posted twice', async () => {
    const post = await createPost(t, user, {
      content: 'Crashed after sending',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    const target = post.targets[0]!;
    // The crashed process: attempt recorded, the platform received the post, no answer was stored.
    const [account] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
    const sent = await connectorFor('mastodon').publish(
      { settings: connectorSettings(t.config, 'mastodon') },
      credentialsOf(account!, t.config.appSecret),
      { text: 'Crashed after sending', media: [], idempotencyKey: 'other-key' },
    );
    await t.db
      .update(postTargets)
      .set({ status: 'publishing', attempts: 1, attemptStartedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(postTargets.id, target.id));
    await engine().sweep();
    const after = await getPost(t, user, post.id);
    expect(after.targets[0]).toMatchObject({
      status: 'published',
      url: sent.url,
      platformPostId: sent.platformPostId,
    });
    expect(fake.published.filter((p) => p.text === 'Crashed after sending')).toHaveLength(1);
  });

  it('a crash before the platform received anything is retried once reconciliation finds nothing', async () => {
    const post = await createPost(t, user, {
      content: 'Crashed before sending',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    const target = post.targets[0]!;
    await t.db
      .update(postTargets)
      .set({ status: 'publishing', attempts: 1, attemptStartedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(postTargets.id, target.id));
    await engine().sweep();
    const [retrying] = await targetsOf(t, post.id);
    expect(retrying?.status).toBe('retrying');
    await t.db.update(postTargets).set({ dueAt: new Date() }).where(eq(postTargets.id, target.id));
    await engine().publishTarget(target.id);
    expect((await getPost(t, user, post.id)).status).toBe('published');
    expect(fake.published.filter((p) => p.text === 'Crashed before sending')).toHaveLength(1);
  });
});

describe('a scripted platform', () => {
  let calls: string[] = [];
  let behaviour: () => Promise<{ platformPostId: string; url: string }>;
  let restore: () => void;
  const scripted = scriptedConnector(async (request) => {
    calls.push(request.idempotencyKey);
    return behaviour();
  });

  beforeAll(() => {
    restore = registerConnector(scripted);
  });
  afterAll(() => restore());

  it(`retries with exponential backoff and gives up after ${MAX_PUBLISH_ATTEMPTS} attempts`, async () => {
    calls = [];
    behaviour = async () => {
      throw new PlatformError('retry', 'LinkedIn is unavailable (503).', { status: 503 });
    };
    const linkedin = await insertAccount(t, user.workspaceId, 'linkedin');
    const post = await createPost(t, user, {
      content: 'Flaky platform',
      platforms: ['linkedin'],
      accountIds: [linkedin],
      action: 'now',
    });
    const target = post.targets[0]!;
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_PUBLISH_ATTEMPTS; attempt++) {
      await engine().publishTarget(target.id);
      const [row] = await targetsOf(t, post.id);
      if (row!.status === 'retrying') {
        delays.push(row!.dueAt!.getTime() - row!.updatedAt.getTime());
        await t.db.update(postTargets).set({ dueAt: new Date() }).where(eq(postTargets.id, target.id));
      }
    }
    expect(calls).toHaveLength(MAX_PUBLISH_ATTEMPTS);
    expect(delays).toHaveLength(MAX_PUBLISH_ATTEMPTS - 1);
    delays.forEach((delay, index) => {
      expect(delay).toBeGreaterThanOrEqual(1_000 * 2 ** index - 50);
      expect(delay).toBeLessThan(1_000 * 2 ** index + 1_000);
    });
    const after = await getPost(t, user, post.id);
    expect(after.targets[0]).toMatchObject({
      status: 'failed',
      attempts: MAX_PUBLISH_ATTEMPTS,
      lastError: PUBLISH_MESSAGES.gaveUp('LinkedIn is unavailable (503).'),
    });
    await engine().publishTarget(target.id);
    expect(calls).toHaveLength(MAX_PUBLISH_ATTEMPTS);
  });

  it('an unknown outcome without a way to list posts becomes "unconfirmed"; the user decides', async () => {
    calls = [];
    behaviour = async () => {
      throw new PlatformError('unknown', 'The connection closed before LinkedIn answered.');
    };
    const linkedin = await insertAccount(t, user.workspaceId, 'linkedin');
    const post = await createPost(t, user, {
      content: 'Maybe posted',
      platforms: ['linkedin'],
      accountIds: [linkedin],
      action: 'now',
    });
    const target = post.targets[0]!;
    await engine().publishTarget(target.id);
    await engine().publishTarget(target.id);
    await engine().sweep();
    expect(calls).toHaveLength(1);
    const unconfirmed = await getPost(t, user, post.id);
    expect(unconfirmed.targets[0]).toMatchObject({
      status: 'unconfirmed',
      lastError: PUBLISH_MESSAGES.unconfirmed,
    });
    const confirmed = await user.send('POST', `/api/posts/${post.id}/targets/${target.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'published', targets: [{ status: 'published' }] });
    const again = await user.send('POST', `/api/posts/${post.id}/targets/${target.id}/confirm`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PUBLISH_MESSAGES.notConfirmable);
  });

  it('two targets where one fails sum to partially published', async () => {
    calls = [];
    behaviour = async () => {
      throw new PlatformError('refuse', 'LinkedIn refuses duplicate content.');
    };
    const linkedin = await insertAccount(t, user.workspaceId, 'linkedin');
    const post = await createPost(t, user, {
      content: 'Two places',
      platforms: ['mastodon', 'linkedin'],
      accountIds: [accountId, linkedin],
      action: 'now',
    });
    for (const target of post.targets) await engine().publishTarget(target.id);
    const after = await getPost(t, user, post.id);
    expect(after.status).toBe('partially_published');
    expect(after.targets.find((x) => x.platform === 'linkedin')?.lastError).toBe(
      'LinkedIn refuses duplicate content.',
    );
  });
});

describe('disconnecting an account', () => {
  it("flags the account's scheduled targets and restores them on reconnect", async () => {
    const post = await createPost(t, user, {
      content: 'Waiting for the account',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    expect(await flagTargetsOfDisconnectedAccount(t.db, accountId)).toBeGreaterThanOrEqual(1);
    const flagged = await getPost(t, user, post.id);
    expect(flagged.targets[0]).toMatchObject({
      status: 'needs_reconnect',
      lastError: PUBLISH_MESSAGES.disconnected('mastodon'),
    });
    expect(await restoreTargetsOfReconnectedAccount(t.db, accountId)).toBeGreaterThanOrEqual(1);
    expect((await getPost(t, user, post.id)).targets[0]?.status).toBe('scheduled');
  });
});
