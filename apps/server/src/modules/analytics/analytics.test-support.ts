import { randomUUID } from 'node:crypto';
import type { PlatformId } from '@relaycast/shared/platforms';
import type { TestApp } from '../../../test/test-app';
import { accountMetricDays, postMedia, postMetrics, posts, postTargets } from '../../db/schema/index';

/** Shared by the analytics suites: account-days, published posts and their figures, written directly. */

export type DayFigures = Partial<
  Record<
    'followers' | 'views' | 'reach' | 'likes' | 'comments' | 'shares' | 'saves' | 'clicks',
    number | null
  >
> & { postsPublished?: number };

export async function insertDays(
  t: TestApp,
  workspaceId: string,
  accountId: string,
  platform: PlatformId,
  days: Record<string, DayFigures>,
) {
  await t.db.insert(accountMetricDays).values(
    Object.entries(days).map(([day, figures]) => ({
      accountId,
      day,
      workspaceId,
      platform,
      followers: figures.followers ?? null,
      views: figures.views ?? null,
      reach: figures.reach ?? null,
      likes: figures.likes ?? null,
      comments: figures.comments ?? null,
      shares: figures.shares ?? null,
      saves: figures.saves ?? null,
      clicks: figures.clicks ?? null,
      postsPublished: figures.postsPublished ?? 0,
    })),
  );
}

/** A published post with one target on `accountId` and its cumulative figures; returns the target id. */
export async function insertPublishedPost(
  t: TestApp,
  workspaceId: string,
  accountId: string,
  platform: PlatformId,
  post: { text: string; publishedAt: string; url?: string; mediaId?: string } & DayFigures,
): Promise<string> {
  const postId = randomUUID();
  const targetId = randomUUID();
  const publishedAt = new Date(post.publishedAt);
  await t.db.insert(posts).values({
    id: postId,
    workspaceId,
    content: post.text,
    platforms: [platform],
    status: 'published',
    scheduledAt: publishedAt,
  });
  if (post.mediaId) await t.db.insert(postMedia).values({ postId, mediaId: post.mediaId, position: 0 });
  await t.db.insert(postTargets).values({
    id: targetId,
    workspaceId,
    postId,
    platform,
    accountId,
    status: 'published',
    platformPostId: `p-${targetId}`,
    url: post.url ?? null,
    publishedAt,
  });
  await t.db.insert(postMetrics).values({
    targetId,
    workspaceId,
    accountId,
    platform,
    platformPostId: `p-${targetId}`,
    publishedAt,
    views: post.views ?? null,
    reach: post.reach ?? null,
    likes: post.likes ?? null,
    comments: post.comments ?? null,
    shares: post.shares ?? null,
    saves: post.saves ?? null,
    clicks: post.clicks ?? null,
  });
  return targetId;
}
