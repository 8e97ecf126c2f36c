import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { mediaFiles } from './media';
import { posts } from './posts';

/**
 * A post's Instagram Reel cover (docs/reel-covers.md): a moment of its video (`offset_ms`) or a library image
 * (`media_id`). No row: Instagram's first frame. An image deleted from the library leaves the row with no image,
 * read as no cover.
 */
export const postReelCovers = pgTable('post_reel_covers', {
  postId: text('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['frame', 'image'] }).notNull(),
  offsetMs: integer('offset_ms'),
  mediaId: text('media_id').references(() => mediaFiles.id, { onDelete: 'set null' }),
});
