import { FEED_MESSAGES } from '@relaycast/shared/feeds';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feeds } from '../../db/schema/index';
import type { AddressPolicy } from '../../lib/address-policy';
import { type FeedFetchOutcome, fetchFeed } from './feeds-fetch';
import { FeedParseError, newestFirst } from './feeds-parse';
import { parseFeedDocument } from './feeds-parse-json';
import { type FeedPostsDeps, type FeedRow, postNewItems } from './feeds-posts';

/**
 * The feed poller (docs/feeds.md): due feeds are claimed (SKIP LOCKED, so two processes never fetch one feed at
 * once), fetched politely, parsed, and their new items handed to feeds-posts.ts, where the unique (feed, item) row
 * decides which process makes each post. Every outcome is written on the feed in words; nothing here throws for a
 * feed's fault.
 */

export interface FeedPollDeps extends FeedPostsDeps {
  policy: AddressPolicy;
  /** Sends the publishing jobs of queued posts once their transaction committed. */
  schedulePosts(postIds: readonly string[]): Promise<void>;
}

/** How long a claim holds a feed: longer than a fetch's time cap plus the posts' writes. */
const CLAIM_MS = 5 * 60_000;
/** Feeds claimed per sweep and process. */
const SWEEP_BATCH = 20;
/** The longest wait the error backoff reaches. */
const MAX_BACKOFF_MS = 24 * 3600_000;

/** The wait before the next fetch: the feed's interval, doubled for each failure in a row, or what the site asked. */
export function nextWaitMs(intervalMinutes: number, failures: number, retryAfter?: number): number {
  const base = intervalMinutes * 60_000;
  const backoff = Math.min(base * 2 ** Math.min(failures, 6), Math.max(base, MAX_BACKOFF_MS));
  return Math.max(backoff, retryAfter ?? 0);
}

/** Claims due feeds for this process (or the one feed of "Check now", due or not, unless another holds it). */
export async function claimFeeds(db: Db, filter: { feedId?: string; limit: number }): Promise<FeedRow[]> {
  const claimUntil = new Date(Date.now() + CLAIM_MS).toISOString();
  const claimed = (await db.execute(sql`
    update ${feeds} set claimed_until = ${claimUntil}::timestamptz
    where id in (
      select f.id from ${feeds} f
      where (f.claimed_until is null or f.claimed_until < now())
        ${filter.feedId ? sql`and f.id = ${filter.feedId}` : sql`and f.is_enabled and f.next_fetch_at <= now()`}
      order by f.next_fetch_at
      limit ${filter.limit}
      for update of f skip locked
    )
    returning id`)) as unknown as { rows: { id: string }[] };
  const ids = claimed.rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db.select().from(feeds).where(inArray(feeds.id, ids));
}

/**
 * Writes a fetch's outcome and releases the claim. If the address was changed while the fetch ran, the outcome
 * belongs to the old address: only the claim is released (the new address is fetched as new).
 */
async function settle(db: Db, feed: FeedRow, values: Partial<typeof feeds.$inferInsert>): Promise<void> {
  const written = await db
    .update(feeds)
    .set({ ...values, claimedUntil: null, updatedAt: new Date() })
    .where(and(eq(feeds.id, feed.id), eq(feeds.url, feed.url)))
    .returning({ id: feeds.id });
  if (written.length === 0) await db.update(feeds).set({ claimedUntil: null }).where(eq(feeds.id, feed.id));
}

async function recordFailure(
  db: Db,
  feed: FeedRow,
  now: Date,
  failure: Extract<FeedFetchOutcome, { kind: 'failed' }>,
): Promise<void> {
  const failures = feed.failures + 1;
  await settle(db, feed, {
    lastFetchedAt: now,
    lastError: failure.message,
    failures,
    ...(failure.stop ? { isEnabled: false, nextFetchAt: null } : {}),
    ...(failure.stop
      ? {}
      : {
          nextFetchAt: new Date(
            now.getTime() + nextWaitMs(feed.intervalMinutes, failures, failure.retryAfterMs),
          ),
        }),
  });
}

/** One fetch of a claimed feed and what follows: its posts, its status, its next fetch. Never throws for the feed. */
export async function pollFeed(deps: FeedPollDeps, feed: FeedRow, now = new Date()): Promise<void> {
  const { db } = deps;
  const next = new Date(now.getTime() + nextWaitMs(feed.intervalMinutes, 0));
  const outcome = await fetchFeed(
    feed.url,
    { etag: feed.etag, lastModified: feed.lastModified },
    deps.policy,
  );
  if (outcome.kind === 'failed') return recordFailure(db, feed, now, outcome);
  if (outcome.kind === 'not-modified') {
    return settle(db, feed, {
      lastFetchedAt: now,
      lastError: null,
      failures: 0,
      lastPostsCreated: 0,
      nextFetchAt: next,
    });
  }
  let parsed: ReturnType<typeof parseFeedDocument>;
  try {
    parsed = parseFeedDocument(outcome.text);
  } catch (error) {
    if (!(error instanceof FeedParseError)) throw error;
    return recordFailure(db, feed, now, { kind: 'failed', message: error.message });
  }
  const items = newestFirst(parsed.items);
  const result = await postNewItems(deps, feed, items, now);
  await settle(db, feed, {
    title: parsed.title?.slice(0, 300) ?? null,
    etag: outcome.etag,
    lastModified: outcome.lastModified,
    lastFetchedAt: now,
    lastItemsFound: items.length,
    lastPostsCreated: result.created,
    lastError: result.problem,
    failures: 0,
    nextFetchAt: next,
  });
  if (result.queuedPostIds.length > 0) await deps.schedulePosts(result.queuedPostIds);
}

/** Polls one claimed feed, turning an unexpected failure (the database, a bug) into its status too. */
async function pollSafely(deps: FeedPollDeps, feed: FeedRow, log?: (error: unknown) => void): Promise<void> {
  try {
    await pollFeed(deps, feed);
  } catch (error) {
    log?.(error);
    await recordFailure(deps.db, feed, new Date(), { kind: 'failed', message: FEED_MESSAGES.unreachable });
  }
}

/** "Check now": the feed fetched at once, unless another process is fetching it right now. */
export async function pollFeedNow(deps: FeedPollDeps, workspaceId: string, feedId: string): Promise<void> {
  const [feed] = await claimFeeds(deps.db, { feedId, limit: 1 });
  if (!feed) return;
  if (feed.workspaceId !== workspaceId) {
    await deps.db
      .update(feeds)
      .set({ claimedUntil: null })
      .where(and(eq(feeds.id, feedId)));
    return;
  }
  await pollSafely(deps, feed);
}

/** One pass of the background sweep: the due feeds, claimed for this process, fetched one by one. */
export async function sweepFeeds(deps: FeedPollDeps, log?: (error: unknown) => void): Promise<number> {
  const claimed = await claimFeeds(deps.db, { limit: SWEEP_BATCH });
  for (const feed of claimed) await pollSafely(deps, feed, log);
  return claimed.length;
}
