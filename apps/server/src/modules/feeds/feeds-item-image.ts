import { FEED_MESSAGES } from '@relaycast/shared/feeds';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { feeds } from '../../db/schema/index';
import type { Caller } from '../../lib/caller';
import { type FetchedMedia, fetchRemoteMedia, type RemoteMediaDeps } from '../media/media-by-url';
import { mediaLimitsOf } from '../workspaces/plan-status';
import type { ParsedFeedItem } from './feeds-parse';

/** What a feed's posts need: the database, the set-up, and the media library's fetch and store for images. */
export interface FeedPostsDeps {
  db: Db;
  config: Config;
  media: RemoteMediaDeps;
}

/**
 * The item's image, fetched as a bulk import's media by URL (outbound-address policy, the plan's file size and
 * storage, probed as an upload), before the item's transaction; null when the feed attaches none or the item has
 * none. A failed fetch is the item's image problem, never the item's failure.
 */
export async function fetchItemImage(
  deps: FeedPostsDeps,
  feed: typeof feeds.$inferSelect,
  caller: Caller,
  item: ParsedFeedItem,
): Promise<{ url: string; fetched: FetchedMedia; problem: string | null } | null> {
  if (!feed.attachImage || !item.imageUrl) return null;
  const url = item.imageUrl;
  const fetched = await fetchRemoteMedia(
    deps.media,
    deps.db,
    feed.workspaceId,
    mediaLimitsOf(caller, deps.config),
    [url],
  );
  const result = fetched.remote.get(url);
  const problem = result && 'problem' in result ? result.problem : null;
  if (result && 'file' in result && !result.file.mimeType.startsWith('image/')) {
    return { url, fetched, problem: FEED_MESSAGES.imageNotImage };
  }
  return { url, fetched, problem };
}
