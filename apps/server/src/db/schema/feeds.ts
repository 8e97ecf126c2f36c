import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { posts } from './posts';
import { workspaces } from './workspaces';

/**
 * A feed a workspace follows (docs/feeds.md): its settings, what the polite fetch keeps (ETag and Last-Modified as
 * sent, the failures that lengthen the wait), its next fetch and the claim of the process fetching it.
 */
export const feeds = pgTable(
  'feeds',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Whose posts the items become (the member who last saved the feed): their role applies, as in the composer. */
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    intervalMinutes: integer('interval_minutes').notNull(),
    platforms: jsonb('platforms').$type<string[]>().notNull(),
    accountIds: jsonb('account_ids').$type<string[]>().notNull(),
    mode: text('mode', { enum: ['draft', 'queue'] }).notNull(),
    template: text('template').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** Each item's text goes through the workspace's AI provider first (docs/feeds.md, "AI rewrite"). */
    aiRewrite: boolean('ai_rewrite').notNull().default(false),
    aiInstruction: text('ai_instruction').notNull().default(''),
    /** The item's image is fetched into the library and attached to its post (docs/feeds.md, "Images"). */
    attachImage: boolean('attach_image').notNull().default(true),
    title: text('title'),
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** Fetches that failed in a row: the wait doubles with each (docs/feeds.md, "Polite polling"). */
    failures: integer('failures').notNull().default(0),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
    lastItemsFound: integer('last_items_found'),
    lastPostsCreated: integer('last_posts_created'),
    lastError: text('last_error'),
    nextFetchAt: timestamp('next_fetch_at', { withTimezone: true }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('feeds_workspace_idx').on(table.workspaceId, table.createdAt),
    index('feeds_next_fetch_idx').on(table.nextFetchAt),
  ],
);

/**
 * Each item of a feed, once: the unique (feed, key) row decides which process makes its post (docs/feeds.md,
 * "Each item once"). `key` is the SHA-256 of the item's guid or id, else its link, else its title.
 */
export const feedItems = pgTable(
  'feed_items',
  {
    id: text('id').primaryKey(),
    feedId: text('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    title: text('title').notNull(),
    link: text('link'),
    status: text('status', { enum: ['seen', 'created', 'refused', 'skipped'] }).notNull(),
    reason: text('reason'),
    postId: text('post_id').references(() => posts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('feed_items_feed_key_idx').on(table.feedId, table.key),
    index('feed_items_feed_created_idx').on(table.feedId, table.createdAt),
  ],
);
