import type { Post } from '@relaycast/shared/posts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonHeaders, type SignedInUser, signInAsNewUser, uniqueEmail } from '../../../test/auth-requests';
import {
  createTestApp,
  createTestDatabase,
  TEST_ORIGIN,
  type TestApp,
  type TestDatabase,
} from '../../../test/test-app';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { platformsConfig } from '../accounts/accounts.test-support';
import { connectMastodon, eventually } from '../publishing/publishing.test-support';
import {
  countWithStatus,
  expectEachPublishedOnce,
  requestsPerTarget,
  workerProcessEnv,
} from '../publishing/publishing-crash.test-support';
import {
  type LoadBalancer,
  type ServerNode,
  startLoadBalancer,
  startNode,
  stopNode,
} from './nodes-cluster.test-support';

/**
 * An install of several nodes on one PostgreSQL (docs/scaling.md, decision 0110): two API nodes (ROLE=api)
 * behind a round-robin load balancer and two workers (ROLE=worker), each its own process. A burst of posts
 * published "now" through the balancer reaches the platform once each although one worker is killed with
 * SIGKILL mid-burst, and the sign-in limit per client holds exactly across the two API nodes. PostgreSQL only
 * (the vitest config leaves it out of the PGlite project: the embedded database belongs to one process).
 */

const BURST = 50;
const SIGN_IN_LIMIT = 6;

let testDb: TestDatabase;
let t: TestApp;
let fake: PlatformFake;
let user: SignedInUser;
let balancer: LoadBalancer;
let workers: ServerNode[] = [];
const nodes: ServerNode[] = [];
const cleanup: (() => void)[] = [];

beforeAll(async () => {
  // Each answer takes 400 ms, so the killed worker has calls in flight.
  fake = await startMastodonFake({ latencyMs: 400 });
  testDb = await createTestDatabase();
  // This process only migrates the database, connects the account and reads the outcome: no workers.
  t = await createTestApp({
    database: testDb.database,
    config: { platforms: platformsConfig({ mastodon: { baseUrl: fake.url } }), allowPrivateAddresses: true },
    publishing: { runWorkers: false },
  });
  await t.app.ready();
  user = await signInAsNewUser(t);
  await connectMastodon(t, user, fake);
  const env = workerProcessEnv(t, { databaseUrl: testDb.url ?? '', dataDir: '', mastodonUrl: fake.url });
  const started = await Promise.all([
    startNode({ ...env, ROLE: 'api', AUTH_RATE_LIMIT_PER_MINUTE: String(SIGN_IN_LIMIT) }, cleanup),
    startNode({ ...env, ROLE: 'api', AUTH_RATE_LIMIT_PER_MINUTE: String(SIGN_IN_LIMIT) }, cleanup),
    startNode(env, cleanup),
    startNode(env, cleanup),
  ]);
  nodes.push(...started);
  workers = started.slice(2);
  balancer = await startLoadBalancer(started.slice(0, 2).map((node) => node.port));
  // Four boots through tsx: about 25 s on a quiet 2-core machine, up to 80 s when the rest of the suite runs.
}, 150_000);

afterAll(async () => {
  await balancer?.close();
  await Promise.all(nodes.map((node) => stopNode(node.child)));
  await t?.close();
  await testDb?.cleanup();
  await fake?.close();
  for (const done of cleanup) done();
}, 60_000);

function post(url: string, body: unknown, headers: Record<string, string>) {
  return fetch(`${balancer.url}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

describe('two API nodes and two workers on one PostgreSQL', () => {
  it(`publishes a burst of ${BURST} posts exactly once with a worker killed mid-burst`, async () => {
    const label = 'Cluster burst';
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        post(
          '/api/posts',
          { content: `${label} #${index}`, platforms: ['mastodon'], action: 'now' },
          jsonHeaders(user.cookie),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    const created = (await Promise.all(answers.map((answer) => answer.json()))) as Post[];
    const ids = created.map((one) => one.targets[0]?.id ?? '');
    // Both API nodes took their share of the burst.
    expect(balancer.forwarded).toEqual([BURST / 2, BURST / 2]);

    await eventually(
      async () => requestsPerTarget(fake, ids).size,
      (sent) => sent >= 8,
      30_000,
    );
    const killed = workers[0]!.child;
    const exited = new Promise((resolve) => killed.once('exit', resolve));
    killed.kill('SIGKILL');
    await exited;
    // Work was left when the worker died: the other one finishes it (and takes over the dead one's claims).
    expect(await countWithStatus(t, ids, 'published')).toBeLessThan(BURST);
    await eventually(
      () => countWithStatus(t, ids, 'published'),
      (count) => count === BURST,
      40_000,
    );
    expectEachPublishedOnce(fake, ids, label);
    // The dead worker had calls in flight: the survivor took its claims over and asked the platform about them.
    expect(fake.server.received('GET', /^\/api\/v1\/accounts\/[^/]+\/statuses/).length).toBeGreaterThan(0);
  }, 90_000);

  it(`holds the sign-in limit of ${SIGN_IN_LIMIT} a minute exactly across both API nodes`, async () => {
    // This process's own sign-up came from the same address (127.0.0.1) and was counted in the same window.
    await t.db.execute(sql`delete from rate_limit_windows where key like '%auth-ip:%'`);
    const before = [...balancer.forwarded];
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMIT + 4; i++) {
      const answer = await post(
        '/api/auth/sign-in/email',
        { email: uniqueEmail('cluster'), password: 'wrong-one' },
        { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(SIGN_IN_LIMIT).fill(401), 429, 429, 429, 429]);
    // Each API node answered half of them: a limit counted per node would have let 12 through.
    expect(balancer.forwarded.map((count, index) => count - (before[index] ?? 0))).toEqual([5, 5]);
  }, 30_000);
});
