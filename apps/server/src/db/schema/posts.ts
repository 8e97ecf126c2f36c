import { POST_STATUSES } from '@relaycast/shared/posts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { mediaFiles } from './media';
import { workspaces } from './workspaces';

/**
 * A post: shared content, per-platform overrides, target platforms, and when scheduled the instant with the
 * IANA time zone it was scheduled in. Deleting sets `deletedAt` (undo restores it); nothing is lost at once.
 */
export const posts = pgTable(
  'posts',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Who created the post ("Created by" on the shared calendar). */
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who last changed it ("Last changed by"); null on rows written before workspaces were shared. */
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull().default(''),
    /** Per-platform text replacing `content` for that platform. */
    overrides: jsonb('overrides').$type<Record<string, string>>().notNull().default({}),
    platforms: text('platforms').array().notNull(),
    status: text('status', { enum: POST_STATUSES }).notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    timezone: text('timezone').notNull().default('UTC'),
    /** Commented on the post right after it is published, where the platform allows (docs/alt-text-and-first-comment.md). */
    firstComment: text('first_comment').notNull().default(''),
    /** Parts 2..N of a thread on the thread platforms (docs/threads.md); the content is part 1. */
    threadParts: jsonb('thread_parts').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    // The calendar's range query: one workspace, a window of scheduled instants.
    index('posts_workspace_scheduled_idx')
      .on(table.workspaceId, table.scheduledAt)
      .where(sql`${table.deletedAt} is null`),
    // Drafts and lists by status, newest first.
    index('posts_workspace_status_updated_idx')
      .on(table.workspaceId, table.status, table.updatedAt)
      .where(sql`${table.deletedAt} is null`),
  ],
);

/** The media attached to a post, in order. Deleting a file detaches it from its posts. */
export const postMedia = pgTable(
  'post_media',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    mediaId: text('media_id')
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The file's description for people who cannot see it, sent to every platform that takes one. */
    altText: text('alt_text').notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.mediaId] }),
    index('post_media_media_idx').on(table.mediaId),
  ],
);

/**
 * The media of a thread's parts 2..N (docs/threads.md), in order per part: `part` is the index in
 * `posts.thread_parts` (0 = part 2). Written with the parts; deleting a file detaches it from its parts.
 */
export const postThreadMedia = pgTable(
  'post_thread_media',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    mediaId: text('media_id')
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The file's description, as on the post's own media (docs/alt-text-and-first-comment.md). */
    altText: text('alt_text').notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.part, table.mediaId] }),
    index('post_thread_media_media_idx').on(table.mediaId),
  ],
);
