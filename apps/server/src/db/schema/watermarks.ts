import { WATERMARK_POSITIONS } from '@relaycast/shared/watermarks';
import { index, integer, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { socialAccounts } from './accounts';
import { mediaFiles } from './media';
import { posts } from './posts';
import { workspaces } from './workspaces';

/**
 * A workspace's saved watermarks (docs/watermarks.md): an image of its media library and how it is laid on a
 * photo or video. Deleting the image deletes the watermark.
 */
export const watermarks = pgTable(
  'watermarks',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageMediaId: text('image_media_id')
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    opacity: integer('opacity').notNull(),
    size: integer('size').notNull(),
    position: text('position', { enum: WATERMARK_POSITIONS }).notNull(),
    margin: integer('margin').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('watermarks_workspace_idx').on(table.workspaceId)],
);

/** The default watermark of a connected account: a post left on "default" gets it on that account. */
export const watermarkAccountDefaults = pgTable('watermark_account_defaults', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => socialAccounts.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  watermarkId: text('watermark_id')
    .notNull()
    .references(() => watermarks.id, { onDelete: 'cascade' }),
});

/**
 * A post's watermark choice. No row: each account's default. A row with a null watermark: none (also what a
 * chosen watermark that was deleted leaves).
 */
export const watermarkPostOptions = pgTable('watermark_post_options', {
  postId: text('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  watermarkId: text('watermark_id').references(() => watermarks.id, { onDelete: 'set null' }),
});

/**
 * The watermarked copy of a library file: one per original and placement (`paramsHash` covers the mark's
 * image and numbers), rendered once and reused. The copy is a media file of its own, hidden from the library
 * list; the original is never changed.
 */
export const watermarkRenders = pgTable(
  'watermark_renders',
  {
    originalMediaId: text('original_media_id')
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    paramsHash: text('params_hash').notNull(),
    watermarkId: text('watermark_id').references(() => watermarks.id, { onDelete: 'set null' }),
    renderedMediaId: text('rendered_media_id')
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('watermark_renders_original_params_idx').on(table.originalMediaId, table.paramsHash),
    uniqueIndex('watermark_renders_rendered_idx').on(table.renderedMediaId),
    index('watermark_renders_watermark_idx').on(table.watermarkId),
  ],
);

/**
 * "Apply now" (docs/watermarks.md): a watermark being burned into a library file ahead of publishing, one row per
 * original and placement, worked by the `watermark-apply` job. Its result is the `watermark_renders` copy the
 * publish then reuses; the row keeps the state, the progress of a video and why it failed.
 */
export const watermarkApplies = pgTable(
  'watermark_applies',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    originalMediaId: text('original_media_id')
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    watermarkId: text('watermark_id')
      .notNull()
      .references(() => watermarks.id, { onDelete: 'cascade' }),
    paramsHash: text('params_hash').notNull(),
    status: text('status', { enum: ['queued', 'rendering', 'done', 'failed'] }).notNull(),
    /** 0 to 1 while a video renders. */
    progress: real('progress').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('watermark_applies_original_params_idx').on(table.originalMediaId, table.paramsHash),
    index('watermark_applies_workspace_idx').on(table.workspaceId),
    index('watermark_applies_watermark_idx').on(table.watermarkId),
  ],
);
