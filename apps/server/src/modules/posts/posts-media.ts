import { eq, sql } from 'drizzle-orm';
import { builtOnce, insertRows } from '../../db/prepared';
import { postMedia } from '../../db/schema/index';
import type { AttachedMedia } from '../media/attached-media';
import type { Tx } from './posts.service';

/** A post's media rows with their alt text (docs/alt-text-and-first-comment.md). */

/** The alt text stored for each of the post's files, by media id. */
const altTextsOfPost = builtOnce((db) =>
  db
    .select({ mediaId: postMedia.mediaId, altText: postMedia.altText })
    .from(postMedia)
    .where(eq(postMedia.postId, sql.placeholder('postId'))),
);
const detachAll = builtOnce((db) =>
  db.delete(postMedia).where(eq(postMedia.postId, sql.placeholder('postId'))),
);

export async function storedAltTexts(tx: Tx, postId: string): Promise<Record<string, string>> {
  const rows = await altTextsOfPost(tx, { postId });
  return Object.fromEntries(rows.map((row) => [row.mediaId, row.altText]));
}

/**
 * Replaces the post's media, in order, with their alt text: `altTexts` by media id, or when absent the texts
 * stored for the files that stay attached.
 */
export async function replaceMedia(
  tx: Tx,
  postId: string,
  media: readonly AttachedMedia[],
  altTexts: Readonly<Record<string, string>> | undefined,
): Promise<void> {
  const kept = altTexts ?? (await storedAltTexts(tx, postId));
  await detachAll(tx, { postId });
  await insertRows(
    tx,
    postMedia,
    media.map((item, position) => ({ postId, mediaId: item.id, position, altText: kept[item.id] ?? '' })),
  );
}
