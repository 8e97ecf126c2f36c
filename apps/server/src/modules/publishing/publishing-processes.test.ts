import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
  testDriver,
} from '../../../test/test-app';
import { posts, postTargets } from '../../db/schema/index';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { type Background, createBackground } from '../../plugins/background';
import { platformsConfig } from '../accounts/accounts.test-support';
import { connectMastodon, eventually } from './publishing.test-support';
import { workerProcessEnv } from './publishing-crash.test-support';

/**
 * Two server processes (ROLE=worker) on one PostgreSQL publish 1,000 due targets: the fake must receive exactly
 * 1,000 publish requests, one per target. PGlite is one process by design: there, two workers (each its own job
 * queue and engine) in this process race for 200 targets instead.
 */

const TARGETS = testDriver === 'postgres' ? 1_000 : 200;
const SERVER_ENTRY = path.resolve(__dirname, '../../server.ts');

function startWorker(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.resume();
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

describe('two workers on one database', () => {
  let testDb: TestDatabase;
  let t: TestApp;
  let fake: PlatformFake;
  const workers: ChildProcess[] = [];
  const inProcess: Background[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    fake = await startMastodonFake();
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
  }, 60_000);

  afterAll(async () => {
    await Promise.all(workers.map(stop));
    await Promise.all(inProcess.map((worker) => worker.stop()));
    await t?.close();
    await testDb?.cleanup();
    await fake?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it(`publishes each of ${TARGETS} due targets exactly once`, async () => {
    const user = await signInAsNewUser(t);
    const accountId = await connectMastodon(t, user, fake);
    const dueAt = new Date(Date.now() - 1_000);
    const rows = Array.from({ length: TARGETS }, (_, index) => ({ postId: randomUUID(), index }));
    for (let start = 0; start < rows.length; start += 250) {
      const chunk = rows.slice(start, start + 250);
      await t.db.insert(posts).values(
        chunk.map(({ postId, index }) => ({
          id: postId,
          workspaceId: user.workspaceId,
          authorId: user.userId,
          content: `Exactly once #${index}`,
          platforms: ['mastodon'],
          status: 'scheduled' as const,
          scheduledAt: dueAt,
        })),
      );
      await t.db.insert(postTargets).values(
        chunk.map(({ postId }) => ({
          id: randomUUID(),
          workspaceId: user.workspaceId,
          postId,
          platform: 'mastodon',
          accountId,
          status: 'scheduled' as const,
          dueAt,
        })),
      );
    }
    // Due now, no job per target: each worker's due-target pump claims them in batches.
    for (let i = 0; i < 2 && testDriver === 'pglite'; i++) {
      const worker = createBackground({
        database: t.app.database,
        config: t.config,
        log: t.app.log,
        options: { runWorkers: true },
      });
      inProcess.push(worker);
      await worker.start();
    }
    for (let i = 0; i < 2 && testDriver === 'postgres'; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'relaycast-worker-'));
      dataDirs.push(dataDir);
      workers.push(
        startWorker(workerProcessEnv(t, { databaseUrl: testDb.url ?? '', dataDir, mastodonUrl: fake.url })),
      );
    }

    const publishedCount = async () => {
      const [row] = await t.db
        .select({ count: sql<number>`count(*)::int` })
        .from(postTargets)
        .where(and(eq(postTargets.workspaceId, user.workspaceId), eq(postTargets.status, 'published')));
      return row?.count ?? 0;
    };
    await eventually(publishedCount, (count) => count === TARGETS, 50_000);

    const requests = fake.server.received('POST', '/api/v1/statuses');
    expect(requests).toHaveLength(TARGETS);
    const keys = new Set(requests.map((request) => request.headers['idempotency-key']));
    expect(keys.size).toBe(TARGETS);
    const texts = new Set(fake.published.map((post) => post.text));
    expect(fake.published).toHaveLength(TARGETS);
    expect(texts.size).toBe(TARGETS);
    const attempts = await t.db
      .select({ attempts: postTargets.attempts })
      .from(postTargets)
      .where(eq(postTargets.workspaceId, user.workspaceId));
    expect(attempts.every((row) => row.attempts === 1)).toBe(true);
  }, 90_000);
});
