import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SignedInUser } from '../../../test/auth-requests';
import type { TestApp } from '../../../test/test-app';
import { posts, postTargets } from '../../db/schema/index';
import type { PlatformFake } from '../../platforms/testing/server.fake';

/** Shared by the crash suites (decision 0016): a burst of due targets, and how often each reached the fake. */

/** Workers must publish everything a dead worker left within this long of starting again. */
export const CATCH_UP_GOAL_MS = 10_000;

/** Inserts `count` posts with one due Mastodon target each and enqueues their jobs; returns the target ids. */
export async function seedDueTargets(
  t: TestApp,
  user: SignedInUser,
  accountId: string,
  label: string,
  count: number,
): Promise<string[]> {
  const dueAt = new Date(Date.now() - 1_000);
  const rows = Array.from({ length: count }, (_, index) => ({
    postId: randomUUID(),
    targetId: randomUUID(),
    index,
  }));
  await t.db.insert(posts).values(
    rows.map(({ postId, index }) => ({
      id: postId,
      workspaceId: user.workspaceId,
      authorId: user.userId,
      content: `${label} #${index}`,
      platforms: ['mastodon'],
      status: 'scheduled' as const,
      scheduledAt: dueAt,
    })),
  );
  await t.db.insert(postTargets).values(
    rows.map(({ postId, targetId }) => ({
      id: targetId,
      workspaceId: user.workspaceId,
      postId,
      platform: 'mastodon',
      accountId,
      status: 'scheduled' as const,
      dueAt,
    })),
  );
  // Due now: the workers' due-target pumps find them (no job per target).
  return rows.map((row) => row.targetId);
}

export async function countWithStatus(t: TestApp, ids: string[], status: 'published' | 'publishing') {
  const [row] = await t.db
    .select({ count: sql<number>`count(*)::int` })
    .from(postTargets)
    .where(and(inArray(postTargets.id, ids), eq(postTargets.status, status)));
  return row?.count ?? 0;
}

/** Publish requests the fake received per target (the idempotency key is the target id). */
export function requestsPerTarget(fake: PlatformFake, ids: string[]): Map<string, number> {
  const wanted = new Set(ids);
  const counts = new Map<string, number>();
  for (const request of fake.server.received('POST', '/api/v1/statuses')) {
    const key = String(request.headers['idempotency-key'] ?? '');
    if (wanted.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Every target reached the platform in exactly one request, and the platform shows each post once. */
export function expectEachPublishedOnce(fake: PlatformFake, ids: string[], label: string): void {
  const counts = requestsPerTarget(fake, ids);
  expect(counts.size).toBe(ids.length);
  expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
  const texts = fake.published.filter((post) => post.text.startsWith(`${label} #`)).map((post) => post.text);
  expect(texts).toHaveLength(ids.length);
  expect(new Set(texts).size).toBe(ids.length);
}

/**
 * The environment of a `ROLE=worker` server process publishing to the Mastodon fake on the test database, with
 * every other background task off (the kill and two-process suites start these).
 */
export function workerProcessEnv(
  t: TestApp,
  options: { databaseUrl: string; dataDir: string; mastodonUrl: string },
): Record<string, string> {
  return {
    NODE_ENV: 'production',
    ROLE: 'worker',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    APP_SECRET: t.config.appSecret,
    PUBLIC_URL: t.config.publicUrl,
    MASTODON_BASE_URL: options.mastodonUrl,
    ALLOW_PRIVATE_ADDRESSES: 'true',
    RTMP_ENABLED: 'false',
    STREAM_REMINDER_INTERVAL_MS: '0',
    ENGAGEMENT_SYNC_INTERVAL_SECONDS: '0',
  };
}
