import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../test/test-app';
import { postMetrics, posts, postTargets, socialAccounts } from '../../db/schema/index';

/** Shared by the best-time suites: an account and its published history, written straight into the tables. */

export async function insertAccount(t: TestApp, workspaceId: string, platform: string): Promise<string> {
  const id = randomUUID();
  await t.db.insert(socialAccounts).values({
    id,
    workspaceId,
    platform,
    platformAccountId: id,
    handle: `@${platform}-${id.slice(0, 6)}`,
  });
  return id;
}

/** One published post per entry, each with its 48-hour engagement in `post_metrics`. */
export async function insertHistory(
  t: TestApp,
  workspaceId: string,
  accountId: string,
  platform: string,
  history: readonly { publishedAt: Date; engagements48h: number }[],
): Promise<void> {
  const rows = history.map((entry) => ({ ...entry, postId: randomUUID(), targetId: randomUUID() }));
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500);
    await t.db.insert(posts).values(
      chunk.map((row) => ({
        id: row.postId,
        workspaceId,
        content: 'Past post',
        platforms: [platform],
        status: 'published' as const,
        scheduledAt: row.publishedAt,
      })),
    );
    await t.db.insert(postTargets).values(
      chunk.map((row) => ({
        id: row.targetId,
        workspaceId,
        postId: row.postId,
        platform,
        accountId,
        status: 'published' as const,
      })),
    );
    await t.db.insert(postMetrics).values(
      chunk.map((row) => ({
        targetId: row.targetId,
        workspaceId,
        accountId,
        platform,
        platformPostId: row.targetId,
        publishedAt: row.publishedAt,
        engagements48h: row.engagements48h,
      })),
    );
  }
}
