import { randomUUID } from 'node:crypto';
import { FEED_MAX_POSTS_PER_FETCH, FEED_MESSAGES, renderFeedTemplate } from '@relaycast/shared/feeds';
import { postInputSchema } from '@relaycast/shared/posts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { feedItems, type feeds } from '../../db/schema/index';
import { AppError, ValidationError } from '../../lib/app-error';
import { type Caller, memberAsCaller } from '../../lib/caller';
import { type FetchedMedia, storeRemoteMedia } from '../media/media-by-url';
import { createPostsInTransaction } from '../posts/posts-create';
import { configuredShortLinkBase } from '../short-links/short-links.service';
import { assertPublishingOpen, mediaLimitsOf } from '../workspaces/plan-status';
import { type FeedPostsDeps, fetchItemImage } from './feeds-item-image';
import type { ParsedFeedItem } from './feeds-parse';
import { feedItemText } from './feeds-rewrite';

/**
 * New feed items become posts through the composer's create (`createPostsInTransaction`): its checks, queue,
 * approval gate and targets apply, as the feed's owner. Each item is used once even with several pollers: the
 * insert of its (feed, key) row, on conflict doing nothing, decides who makes its post, in the post's transaction
 * (docs/decisions/0092-feeds.md).
 */

export type FeedRow = typeof feeds.$inferSelect;

export interface NewItemsResult {
  created: number;
  /** What the feed's status should say (a refused item, the cap, the owner gone), or null. */
  problem: string | null;
  /** Queued posts whose publishing jobs are to be sent after their commit. */
  queuedPostIds: string[];
}

const INSERT_CHUNK = 1_000;

function itemRow(
  feed: FeedRow,
  item: ParsedFeedItem,
  status: 'seen' | 'created' | 'refused' | 'skipped',
  now: Date,
) {
  return {
    id: randomUUID(),
    feedId: feed.id,
    key: item.key,
    title: item.title.slice(0, 500),
    link: item.link ? item.link.slice(0, 2048) : null,
    status,
    createdAt: now,
  };
}

/** Records items without a post (seen on the first fetch, skipped over the cap); an item already known stays as is. */
async function recordItems(
  db: Db,
  feed: FeedRow,
  items: readonly ParsedFeedItem[],
  status: 'seen' | 'skipped',
  now: Date,
  reason: string | null = null,
): Promise<void> {
  for (let at = 0; at < items.length; at += INSERT_CHUNK) {
    const chunk = items
      .slice(at, at + INSERT_CHUNK)
      .map((item) => ({ ...itemRow(feed, item, status, now), reason }));
    await db.insert(feedItems).values(chunk).onConflictDoNothing();
  }
}

type PostAttempt =
  | { kind: 'created'; postId: string; fallback: string | null; imageProblem: string | null }
  | { kind: 'taken' }
  | { kind: 'refused'; reason: string };

/** What a feed's posts need from the server's set-up (the AI provider's too, for the rewrite). */
export type FeedPostsConfig = Config;
export type { FeedPostsDeps };

/** What the AI reads of an item: all of it, whatever the template keeps. */
function itemForAi(item: ParsedFeedItem): string {
  return [`Title: ${item.title}`, item.summary ? `Summary: ${item.summary}` : '', `Link: ${item.link}`]
    .filter(Boolean)
    .join('\n');
}

/**
 * One item's post, in one transaction with the row that claims the item. Its text is counted as the composer's:
 * each address as the short link that replaces it when the workspace shortens links (the post has no switch).
 */
async function postItem(
  deps: FeedPostsDeps,
  feed: FeedRow,
  caller: Caller,
  item: ParsedFeedItem,
  now: Date,
): Promise<PostAttempt> {
  const templated = renderFeedTemplate(feed.template, {
    title: item.title,
    link: item.link,
    summary: item.summary,
  });
  // The AI call comes before the item's transaction: no row is locked while the provider writes.
  const written = feed.aiRewrite
    ? await feedItemText(deps, feed, caller, { text: itemForAi(item), link: item.link })
    : { text: templated, fallback: null };
  const content = written.fallback === null ? written.text : templated;
  const image = await fetchItemImage(deps, feed, caller, item);
  try {
    return await postItemWith(deps, feed, caller, item, now, { content, fallback: written.fallback, image });
  } finally {
    await image?.fetched.cleanup();
  }
}

/** The item's post with its text decided and its image (if any) fetched. */
async function postItemWith(
  deps: FeedPostsDeps,
  feed: FeedRow,
  caller: Caller,
  item: ParsedFeedItem,
  now: Date,
  made: {
    content: string;
    fallback: string | null;
    image: { url: string; fetched: FetchedMedia; problem: string | null } | null;
  },
): Promise<PostAttempt> {
  const { db } = deps;
  const { content, image } = made;
  const withImage = image !== null && image.problem === null && image.fetched.files.has(image.url);
  const parsed = postInputSchema.safeParse({
    content,
    platforms: feed.platforms,
    accountIds: feed.accountIds,
    action: feed.mode === 'queue' ? 'queue' : 'draft',
    timezone: 'UTC',
  });
  const refuse = async (reason: string): Promise<PostAttempt> => {
    const [row] = await db
      .insert(feedItems)
      .values({ ...itemRow(feed, item, 'refused', now), reason })
      .onConflictDoNothing()
      .returning({ id: feedItems.id });
    return row ? { kind: 'refused', reason } : { kind: 'taken' };
  };
  if (!parsed.success) return refuse(parsed.error.issues.map((issue) => issue.message).join(' '));
  // Storage keys written in the transaction, deleted again if it does not commit.
  const stored: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(feedItems)
        .values({ ...itemRow(feed, item, 'created', now), reason: made.fallback })
        .onConflictDoNothing()
        .returning({ id: feedItems.id });
      if (!claimed) return { kind: 'taken' } as const;
      const input = { ...parsed.data };
      if (withImage && image) {
        const ids = await storeRemoteMedia(
          tx,
          deps.media.storage,
          {
            workspaceId: feed.workspaceId,
            userId: caller.userId,
            limits: mediaLimitsOf(caller, deps.config),
          },
          image.fetched,
          new Set([image.url]),
          stored,
        );
        input.mediaIds = [...ids.values()];
      }
      const [postId] = await createPostsInTransaction(tx, caller, [input], now, {
        shortLinkBase: configuredShortLinkBase(deps.config),
      });
      if (!postId) throw new Error('the create returned no post');
      await tx.update(feedItems).set({ postId }).where(eq(feedItems.id, claimed.id));
      return {
        kind: 'created',
        postId,
        fallback: made.fallback,
        imageProblem: image?.problem ?? null,
      } as const;
    });
  } catch (error) {
    await Promise.allSettled(stored.map((key) => deps.media.storage.delete(key)));
    if (error instanceof ValidationError) return refuse(error.issues.map((issue) => issue.message).join(' '));
    throw error;
  }
}

/** Keys of `items` the feed already has a row for. */
async function knownKeys(db: Db, feedId: string, items: readonly ParsedFeedItem[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let at = 0; at < items.length; at += INSERT_CHUNK) {
    const keys = items.slice(at, at + INSERT_CHUNK).map((item) => item.key);
    const rows = await db
      .select({ key: feedItems.key })
      .from(feedItems)
      .where(and(eq(feedItems.feedId, feedId), inArray(feedItems.key, keys)));
    for (const row of rows) known.add(row.key);
  }
  return known;
}

async function hasHistory(db: Db, feedId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: feedItems.id })
    .from(feedItems)
    .where(eq(feedItems.feedId, feedId))
    .limit(1);
  return row !== undefined;
}

/**
 * Turns the items (newest first) that are new to the feed into posts. The first fetch of a feed takes only the
 * newest item and records the others as seen, so adding a feed never floods the queue; later fetches take every
 * new item, up to FEED_MAX_POSTS_PER_FETCH (the newest; the rest recorded as skipped), oldest first.
 */
export async function postNewItems(
  deps: FeedPostsDeps,
  feed: FeedRow,
  items: readonly ParsedFeedItem[],
  now: Date,
): Promise<NewItemsResult> {
  const { db } = deps;
  const result: NewItemsResult = { created: 0, problem: null, queuedPostIds: [] };
  if (items.length === 0) return result;
  const caller = feed.ownerId ? await memberAsCaller(db, feed.workspaceId, feed.ownerId) : null;
  if (!caller) return { ...result, problem: FEED_MESSAGES.ownerLeft };
  if (feed.mode === 'queue') {
    try {
      assertPublishingOpen(caller, deps.config.billingMode);
    } catch (error) {
      if (error instanceof AppError) return { ...result, problem: FEED_MESSAGES.publishingBlocked };
      throw error;
    }
  }
  let fresh: ParsedFeedItem[];
  if (!(await hasHistory(db, feed.id))) {
    await recordItems(db, feed, items.slice(1), 'seen', now);
    fresh = items.slice(0, 1);
  } else {
    const known = await knownKeys(db, feed.id, items);
    const unseen = items.filter((item) => !known.has(item.key));
    fresh = unseen.slice(0, FEED_MAX_POSTS_PER_FETCH);
    const over = unseen.slice(FEED_MAX_POSTS_PER_FETCH);
    if (over.length > 0) {
      await recordItems(db, feed, over, 'skipped', now, FEED_MESSAGES.overCap);
      result.problem = FEED_MESSAGES.overCap;
    }
  }
  for (const item of [...fresh].reverse()) {
    const attempt = await postItem(deps, feed, caller, item, now);
    if (attempt.kind === 'created') {
      result.created += 1;
      if (feed.mode === 'queue') result.queuedPostIds.push(attempt.postId);
      if (attempt.fallback) result.problem = FEED_MESSAGES.aiFallback(item.title, attempt.fallback);
      else if (attempt.imageProblem)
        result.problem = FEED_MESSAGES.imageSkipped(item.title, attempt.imageProblem);
    } else if (attempt.kind === 'refused') {
      result.problem = FEED_MESSAGES.itemRefused(item.title, attempt.reason);
    }
  }
  return result;
}
