import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../../test/test-app';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { platformsConfig } from '../accounts/accounts.test-support';
import { connectMastodon, eventually } from './publishing.test-support';
import {
  CATCH_UP_GOAL_MS,
  countWithStatus,
  expectEachPublishedOnce,
  requestsPerTarget,
  seedDueTargets,
  workerProcessEnv,
} from './publishing-crash.test-support';

/**
 * A worker process killed with SIGKILL mid-burst, and a new one started (decision 0016). PostgreSQL only (the
 * vitest config leaves it out of the PGlite project): the embedded database belongs to one process, so there a
 * crash takes every worker with it; publishing-crash.test.ts covers the state a crash leaves on both drivers.
 */

const SERVER_ENTRY = path.resolve(__dirname, '../../server.ts');

let testDb: TestDatabase;
let t: TestApp;
let fake: PlatformFake;
let user: SignedInUser;
let accountId: string;
const children: ChildProcess[] = [];
const dataDirs: string[] = [];

beforeAll(async () => {
  // Each answer takes 200 ms, so the killed worker has calls in flight.
  fake = await startMastodonFake({ latencyMs: 200 });
  testDb = await createTestDatabase();
  t = await createTestApp({
    database: testDb.database,
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
  await Promise.all(children.map(stop));
  await t?.close();
  await testDb?.cleanup();
  await fake?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

function startWorker(): ChildProcess {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'relaycast-kill-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH ?? '',
      ...workerProcessEnv(t, { databaseUrl: testDb.url ?? '', dataDir, mastodonUrl: fake.url }),
      PUBLISH_MAX_CONCURRENCY: '32',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.resume();
  children.push(child);
  return child;
}

/** Resolves when the process says it is ready (its workers run): the clock of the catch-up starts there. */
function readyOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Relaycast is ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before it was ready`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

describe('a worker process killed with SIGKILL mid-burst', () => {
  it('is replaced by a new process that publishes every due target within 10 s, none twice', async () => {
    const label = 'Killed mid-burst';
    const ids = await seedDueTargets(t, user, accountId, label, 160);
    const first = startWorker();
    // Booting through tsx takes long on a machine busy with the rest of the suite: wait for it, then for sends.
    await readyOf(first);
    await eventually(
      async () => requestsPerTarget(fake, ids).size,
      (sent) => sent >= 32,
      30_000,
    );
    const exited = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await exited;
    // The kill caught claims in flight and left work undone (otherwise this test would prove nothing).
    expect(await countWithStatus(t, ids, 'publishing')).toBeGreaterThan(0);
    expect(await countWithStatus(t, ids, 'published')).toBeLessThan(ids.length);

    // The clock starts when the new process is ready: booting through tsx on a loaded machine is not the
    // engine's work (the benchmark reports both).
    await readyOf(startWorker());
    const restartedAt = Date.now();
    await eventually(
      () => countWithStatus(t, ids, 'published'),
      (count) => count === ids.length,
      CATCH_UP_GOAL_MS + 5_000,
    );
    expect(Date.now() - restartedAt).toBeLessThan(CATCH_UP_GOAL_MS);
    expectEachPublishedOnce(fake, ids, label);
  }, 180_000);
});
