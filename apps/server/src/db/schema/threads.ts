import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { postTargets } from './publishing';
import { workspaces } from './workspaces';

/**
 * One row per part of a thread sent to a target (docs/threads.md): written 'sending' before the platform call and
 * 'published' with the part's platform id right after it, before the next part goes. A retry or a takeover
 * resumes at the first part not 'published', and a 'sending' part (the call's outcome unknown) is never sent
 * again blindly: each part is published once.
 */
export const postTargetParts = pgTable(
  'post_target_parts',
  {
    targetId: text('target_id')
      .notNull()
      .references(() => postTargets.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** 1 = the post's own text. */
    position: integer('position').notNull(),
    status: text('status', { enum: ['sending', 'published'] }).notNull(),
    platformPostId: text('platform_post_id'),
    /** What a reply needs besides the id (Bluesky: the record's cid). */
    platformRef: text('platform_ref'),
    url: text('url'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.targetId, table.position] })],
);
