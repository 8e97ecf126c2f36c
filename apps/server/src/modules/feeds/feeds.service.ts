import { randomUUID } from 'node:crypto';
import {
  type Feed,
  type FeedItem,
  type feedInputSchema,
  type feedUpdateSchema,
  MAX_FEEDS_PER_WORKSPACE,
} from '@relaycast/shared/feeds';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { feedItems, feeds, socialAccounts } from '../../db/schema/index';
import { type AddressPolicy, checkUrlHost, PrivateAddressError } from '../../lib/address-policy';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import type { FeedRow } from './feeds-posts';

/**
 * A workspace's feeds (docs/feeds.md): add, change, remove, list, and the items each fetch recorded. Every query is
 * scoped to the caller's workspace: another workspace's feed is "not found" like a missing one.
 */

export type FeedCreate = z.output<typeof feedInputSchema>;
export type FeedChange = z.output<typeof feedUpdateSchema>;

/** First key of the per-workspace advisory lock around the feed count (the second is the workspace). */
const FEEDS_LOCK_NAMESPACE = 1_717_920_533;
const ITEMS_LISTED = 50;

export function toFeed(row: FeedRow): Feed {
  return {
    id: row.id,
    url: row.url,
    intervalMinutes: row.intervalMinutes,
    platforms: row.platforms,
    accountIds: row.accountIds,
    mode: row.mode,
    template: row.template,
    isEnabled: row.isEnabled,
    aiRewrite: row.aiRewrite,
    aiInstruction: row.aiInstruction,
    attachImage: row.attachImage,
    title: row.title,
    lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
    lastItemsFound: row.lastItemsFound,
    lastPostsCreated: row.lastPostsCreated,
    lastError: row.lastError,
    nextFetchAt: row.nextFetchAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Refuses an address inside the server's network at once (every fetch checks again when it connects). */
export async function checkFeedAddress(policy: AddressPolicy, url: string): Promise<void> {
  if (policy.allowPrivate) return;
  try {
    await checkUrlHost(new URL(url), policy);
  } catch (error) {
    if (error instanceof PrivateAddressError)
      throw new AppError('PRIVATE_ADDRESS', { message: error.message });
    // A name that does not resolve (yet): the fetch reports what it finds, on the feed.
  }
}

async function checkAccounts(db: Db, workspaceId: string, accountIds: readonly string[]): Promise<void> {
  if (accountIds.length === 0) return;
  const rows = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.workspaceId, workspaceId), inArray(socialAccounts.id, [...accountIds])));
  if (rows.length !== new Set(accountIds).size) throw new AppError('FEED_UNKNOWN_ACCOUNT');
}

export async function listFeeds(db: Db, workspaceId: string): Promise<Feed[]> {
  const rows = await db
    .select()
    .from(feeds)
    .where(eq(feeds.workspaceId, workspaceId))
    .orderBy(desc(feeds.createdAt), desc(feeds.id));
  return rows.map(toFeed);
}

export async function findFeed(db: Db, workspaceId: string, feedId: string): Promise<FeedRow> {
  const [row] = await db
    .select()
    .from(feeds)
    .where(and(eq(feeds.id, feedId), eq(feeds.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError('FEED_NOT_FOUND');
  return row;
}

export async function createFeed(
  db: Db,
  policy: AddressPolicy,
  caller: Pick<Caller, 'workspaceId' | 'userId'>,
  input: FeedCreate,
): Promise<Feed> {
  await checkFeedAddress(policy, input.url);
  await checkAccounts(db, caller.workspaceId, input.accountIds);
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${sql.raw(String(FEEDS_LOCK_NAMESPACE))}, hashtext(${caller.workspaceId}))`,
    );
    const [existing] = await tx
      .select({ n: count() })
      .from(feeds)
      .where(eq(feeds.workspaceId, caller.workspaceId));
    if ((existing?.n ?? 0) >= MAX_FEEDS_PER_WORKSPACE) throw new AppError('FEEDS_TOO_MANY');
    const [inserted] = await tx
      .insert(feeds)
      .values({
        id: randomUUID(),
        workspaceId: caller.workspaceId,
        ownerId: caller.userId,
        ...input,
        nextFetchAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('insert returned no row');
    return inserted;
  });
  return toFeed(row);
}

/**
 * Changes a feed; whoever saves it becomes its owner (the items become their posts). A new address starts over:
 * its validators, failures and items are forgotten, so its first fetch again takes only the newest item.
 */
export async function updateFeed(
  db: Db,
  policy: AddressPolicy,
  caller: Pick<Caller, 'workspaceId' | 'userId'>,
  feedId: string,
  change: FeedChange,
): Promise<Feed> {
  const current = await findFeed(db, caller.workspaceId, feedId);
  const isNewUrl = change.url !== undefined && change.url !== current.url;
  if (isNewUrl && change.url) await checkFeedAddress(policy, change.url);
  if (change.accountIds) await checkAccounts(db, caller.workspaceId, change.accountIds);
  const now = new Date();
  const restarts = isNewUrl || (change.isEnabled === true && !current.isEnabled);
  const row = await db.transaction(async (tx) => {
    if (isNewUrl) await tx.delete(feedItems).where(eq(feedItems.feedId, feedId));
    const [updated] = await tx
      .update(feeds)
      .set({
        ...change,
        ownerId: caller.userId,
        updatedAt: now,
        ...(isNewUrl
          ? { etag: null, lastModified: null, title: null, lastItemsFound: null, lastPostsCreated: null }
          : {}),
        ...(restarts ? { failures: 0, lastError: null, nextFetchAt: now } : {}),
      })
      .where(and(eq(feeds.id, feedId), eq(feeds.workspaceId, caller.workspaceId)))
      .returning();
    if (!updated) throw new AppError('FEED_NOT_FOUND');
    return updated;
  });
  return toFeed(row);
}

export async function deleteFeed(db: Db, workspaceId: string, feedId: string): Promise<void> {
  const deleted = await db
    .delete(feeds)
    .where(and(eq(feeds.id, feedId), eq(feeds.workspaceId, workspaceId)))
    .returning({ id: feeds.id });
  if (deleted.length === 0) throw new AppError('FEED_NOT_FOUND');
}

/** The feed's latest items with what became of each (a post, a refusal and its reason, seen, skipped). */
export async function listFeedItems(db: Db, workspaceId: string, feedId: string): Promise<FeedItem[]> {
  await findFeed(db, workspaceId, feedId);
  const rows = await db
    .select()
    .from(feedItems)
    .where(eq(feedItems.feedId, feedId))
    .orderBy(sql`${feedItems.status} = 'seen'`, desc(feedItems.createdAt), desc(feedItems.id))
    .limit(ITEMS_LISTED);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    link: row.link,
    status: row.status,
    reason: row.reason,
    postId: row.postId,
    createdAt: row.createdAt.toISOString(),
  }));
}
