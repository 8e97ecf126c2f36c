import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { posts, postTargets, socialAccounts } from '../../db/schema/index';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import { connectorFor, connectorSettings } from '../../platforms/registry';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { type Background, createBackground } from '../../plugins/background';
import { credentialsOf } from '../accounts/account-credentials';
import { platformsConfig } from '../accounts/accounts.test-support';
import { connectMastodon, eventually } from './publishing.test-support';
import {
  CATCH_UP_GOAL_MS,
  countWithStatus,
  expectEachPublishedOnce,
  seedDueTargets,
} from './publishing-crash.test-support';

/**
 * A worker that dies mid-burst (decision 0016): the targets it had claimed and the jobs it had fetched must all
 * go out within 10 s of a worker starting again, each exactly once. Here the state such a death leaves behind is
 * recreated and a fresh worker started (both drivers); publishing-kill.test.ts kills a real process (PostgreSQL).
 */

let t: TestApp;
let fake: PlatformFake;
let user: SignedInUser;
let accountId: string;
const inProcess: Background[] = [];

beforeAll(async () => {
  fake = await startMastodonFake();
  t = await createTestApp({
    config: {
      platforms: platformsConfig({ mastodon: { baseUrl: fake.url } }),
      allowPrivateAddresses: true,
    },
    publishing: { runWorkers: false },
  });
  await t.app.ready();
  user = await signInAsNewUser(t);
  accountId = await connectMastodon(t, user, fake);
}, 60_000);

afterAll(async () => {
  await Promise.all(inProcess.map((worker) => worker.stop()));
  await t?.close();
  await fake?.close();
}, 60_000);

async function startInProcessWorker(): Promise<void> {
  const worker = createBackground({
    database: t.app.database,
    config: t.config,
    log: t.app.log,
    options: { runWorkers: true },
  });
  inProcess.push(worker);
  await worker.start();
}

describe('a worker that died mid-burst', () => {
  it('leaves claims and fetched jobs that a new worker publishes within 10 s, each exactly once', async () => {
    const label = 'Left by a dead worker';
    const ids = await seedDueTargets(t, user, accountId, label, 60);
    const [sentBeforeDeath, claimedNotSent, ...fetched] = ids;
    // What the dead worker left: two claims whose leases stopped 10 s ago (one whose post the platform had
    // already received), and the jobs of every other target fetched from the queue and never finished.
    const [account] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
    const [sentPost] = await t.db
      .select({ content: posts.content })
      .from(posts)
      .innerJoin(postTargets, eq(postTargets.postId, posts.id))
      .where(eq(postTargets.id, sentBeforeDeath!));
    await connectorFor('mastodon').publish(
      { settings: connectorSettings(t.config, 'mastodon') },
      credentialsOf(account!, t.config.appSecret),
      { text: sentPost!.content, media: [], idempotencyKey: sentBeforeDeath! },
    );
    const tenSecondsAgo = new Date(Date.now() - 10_000);
    await t.db
      .update(postTargets)
      .set({ status: 'publishing', attempts: 1, attemptStartedAt: tenSecondsAgo, updatedAt: tenSecondsAgo })
      .where(inArray(postTargets.id, [sentBeforeDeath!, claimedNotSent!]));
    await t.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() where name = 'publish-target'
          and data->>'targetId' in (${sql.join(
            fetched.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );

    const restartedAt = Date.now();
    await startInProcessWorker();
    await eventually(
      () => countWithStatus(t, ids, 'published'),
      (count) => count === ids.length,
      CATCH_UP_GOAL_MS,
    );
    expect(Date.now() - restartedAt).toBeLessThan(CATCH_UP_GOAL_MS);
    // The post the platform already had was found, not sent again; the other claim was sent once.
    expectEachPublishedOnce(fake, ids, label);
    const [found] = await t.db.select().from(postTargets).where(eq(postTargets.id, sentBeforeDeath!));
    expect(found).toMatchObject({ status: 'published', attempts: 1 });
    expect(found?.url).toContain(fake.url);
  }, 60_000);
});
