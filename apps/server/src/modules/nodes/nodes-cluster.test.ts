import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  freePort,
  type Sink,
  startObs,
  startSink,
  stopProcess,
} from '../streaming/live/streaming.test-support';
import {
  type LoadBalancer,
  type ServerNode,
  startLoadBalancer,
  startNode,
  stopNode,
  workerWithCallInFlight,
} from './nodes-cluster.test-support';

/**
 * An install of several nodes on one PostgreSQL (docs/scaling.md, decisions 0110 and 0113): two API nodes
 * (ROLE=api) behind a round-robin load balancer, two workers (ROLE=worker) and one streaming node (ROLE=api with
 * the relay on, outside the balancer), each its own process. A live stream from "OBS" (ffmpeg) to the address the
 * balancer gave, placed on the streaming node, reaches its sink while a burst of posts published "now" through
 * the balancer reaches the platform once each although one worker is killed with SIGKILL mid-burst; the stream's
 * status and its stop go through the balancer; the sign-in limit per client holds exactly across the two API
 * nodes. PostgreSQL only
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
let sink: Sink | undefined;
let obs: ReturnType<typeof startObs> | undefined;

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
    // The streaming node: the relay on any free port, no slate (fewer ffmpeg processes on a small machine).
    startNode(
      {
        ...env,
        ROLE: 'api',
        RTMP_ENABLED: 'true',
        RTMP_PORT: '0',
        RTMP_HOST: '127.0.0.1',
        STREAM_SLATE_SECONDS: '0',
      },
      cleanup,
    ),
  ]);
  nodes.push(...started);
  workers = started.slice(2, 4);
  balancer = await startLoadBalancer(started.slice(0, 2).map((node) => node.port));
  // Five boots through tsx: about 30 s on a quiet 2-core machine, up to 80 s when the rest of the suite runs.
}, 150_000);

afterAll(async () => {
  if (obs) await stopProcess(obs.process, obs.exited);
  if (sink) await stopProcess(sink.process, sink.exited);
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

async function get<T>(url: string): Promise<T> {
  const answer = await fetch(`${balancer.url}${url}`, { headers: jsonHeaders(user.cookie) });
  expect(answer.status).toBe(200);
  return (await answer.json()) as T;
}

function sinkBytes(): number {
  try {
    return sink ? statSync(sink.file).size : 0;
  } catch {
    return 0;
  }
}

/**
 * Goes live from "OBS" through the balancer: a destination to a local sink, the OBS address the balancer
 * answers (the streaming node's relay), ffmpeg publishing to it; resolves once the status read through the
 * balancer says live and the sink got media.
 */
async function goLiveThroughBalancer(): Promise<string> {
  const sinkPort = await freePort();
  const folder = mkdtempSync(path.join(tmpdir(), 'relaycast-sink-'));
  cleanup.push(() => rmSync(folder, { recursive: true, force: true }));
  sink = await startSink(sinkPort, path.join(folder, 'sink.flv'));
  const destination = await post(
    '/api/streaming/destinations',
    { platform: 'custom', name: 'Sink', rtmpUrl: `rtmp://127.0.0.1:${sinkPort}/app`, streamKey: 'key' },
    jsonHeaders(user.cookie),
  );
  expect(destination.status).toBe(201);
  const ingest = await get<{ rtmpUrl: string; streamKey: string; relayRunning: boolean }>(
    '/api/streaming/ingest',
  );
  // The API nodes run no relay: the address is the streaming node's relay, on the host the user reaches.
  const streamingNode = await t.db.execute(sql`select id, rtmp_port from nodes where streaming`);
  const [row] = (streamingNode as unknown as { rows: { id: string; rtmp_port: number }[] }).rows;
  expect(ingest).toMatchObject({ rtmpUrl: `rtmp://localhost:${row?.rtmp_port}/live`, relayRunning: true });
  obs = startObs(`rtmp://127.0.0.1:${row?.rtmp_port}/live/${ingest.streamKey}`, 120);
  await eventually(
    () => get<{ session: { id: string; status: string } | null }>('/api/streaming/live'),
    (live) => live.session?.status === 'live',
    30_000,
  );
  await eventually(
    async () => sinkBytes(),
    (bytes) => bytes > 0,
    30_000,
  );
  const live = await get<{ session: { id: string } }>('/api/streaming/live');
  const [placed] = (
    (await t.db.execute(
      sql`select node_id from stream_sessions where id = ${live.session.id}`,
    )) as unknown as {
      rows: { node_id: string }[];
    }
  ).rows;
  expect(placed?.node_id).toBe(row?.id);
  return live.session.id;
}

describe('two API nodes and two workers on one PostgreSQL', () => {
  it(`publishes a burst of ${BURST} posts exactly once with a worker killed mid-burst, while a stream reaches its sink`, async () => {
    const sessionId = await goLiveThroughBalancer();
    const label = 'Cluster burst';
    const before = [...balancer.forwarded];
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
    expect(balancer.forwarded.map((count, index) => count - (before[index] ?? 0))).toEqual([
      BURST / 2,
      BURST / 2,
    ]);

    await eventually(
      async () => requestsPerTarget(fake, ids).size,
      (sent) => sent >= 8,
      30_000,
    );
    // The worker killed is one with a call in flight (the fake holds each for 400 ms): one worker may have taken
    // the whole burst while the other polled, and killing an idle one would prove nothing.
    const busy = await eventually(
      async () => workerWithCallInFlight(fake.server.received('POST', '/api/v1/statuses'), workers, 300),
      (worker) => worker !== undefined,
      30_000,
    );
    const killed = busy!.child;
    const exited = new Promise((resolve) => killed.once('exit', resolve));
    killed.kill('SIGKILL');
    await exited;
    const bytesAtKill = sinkBytes();
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

    // The stream went on on its node all along: the sink kept receiving media after the kill, and the stream
    // ends through the balancer (the stop is forwarded to the streaming node).
    await eventually(
      async () => sinkBytes(),
      (bytes) => bytes > bytesAtKill,
      15_000,
    );
    expect(
      (await get<{ session: { id: string; status: string } }>('/api/streaming/live')).session,
    ).toMatchObject({ id: sessionId, status: 'live' });
    const stopped = await post(`/api/streaming/sessions/${sessionId}/stop`, {}, jsonHeaders(user.cookie));
    expect(stopped.status).toBe(200);
    expect(((await stopped.json()) as { status: string }).status).toBe('ended');
    expect((await get<{ session: unknown }>('/api/streaming/live')).session).toBeNull();
  }, 150_000);

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
