import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { posts } from './posts';
import { workspaces } from './workspaces';

/**
 * Evergreen collections (docs/evergreen.md, docs/decisions/0111-evergreen-collections.md): a workspace's named
 * lists of posts re-shared into their accounts' queue slots, at least `min_gap_days` apart.
 */
export const evergreenCollections = pgTable(
  'evergreen_collections',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    minGapDays: integer('min_gap_days').notNull(),
    /** Each entry is re-shared at most this many times (null: no limit). */
    stopAfter: integer('stop_after'),
    /** No re-share is scheduled after this local date (YYYY-MM-DD, in the post's time zone). */
    endsOn: text('ends_on'),
    paused: boolean('paused').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('evergreen_collections_workspace_name_idx').on(table.workspaceId, table.name)],
);

/** A post in a collection: the composer's input every re-share is written from, and its text variants. */
export const evergreenEntries = pgTable(
  'evergreen_entries',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    collectionId: text('collection_id')
      .notNull()
      .references(() => evergreenCollections.id, { onDelete: 'cascade' }),
    /** Whose posts the re-shares are (the member who added it): their role and the approval gate apply. */
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The post's input less action, time and text (post-series stores the same). */
    post: jsonb('post').$type<Record<string, unknown>>().notNull(),
    /** Every text in rotation, the post's own first (its per-platform overrides go with it only). */
    variants: jsonb('variants').$type<string[]>().notNull(),
    /** Why the last sweep made no post (no queue slots, the owner left, a platform rule). */
    lastProblem: text('last_problem'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('evergreen_entries_collection_idx').on(table.collectionId)],
);

/**
 * Each cycle of an entry, once: cycle 0 is the post it was added from, cycle n its n-th re-share. The unique
 * (entry, cycle) row is inserted in the transaction that writes the re-share's post, so two sweeps or a crash
 * never make it twice (the materialise-once pattern of post_series_occurrences).
 */
export const evergreenCycles = pgTable(
  'evergreen_cycles',
  {
    entryId: text('entry_id')
      .notNull()
      .references(() => evergreenEntries.id, { onDelete: 'cascade' }),
    cycle: integer('cycle').notNull(),
    variantIndex: integer('variant_index').notNull(),
    /** Null once the post is gone for good; a published post is never deleted with its entry. */
    postId: text('post_id').references(() => posts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('evergreen_cycles_entry_cycle_idx').on(table.entryId, table.cycle),
    index('evergreen_cycles_post_idx').on(table.postId),
  ],
);
