import type { LabelColor } from '@relaycast/shared/labels';
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { posts } from './posts';
import { workspaces } from './workspaces';

/**
 * Post labels (docs/labels.md): a workspace's named, coloured tags. A name is unique in its workspace whatever its
 * case (the unique index on lower(name) holds it even for two saves at once).
 */
export const labels = pgTable(
  'labels',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').$type<LabelColor>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('labels_workspace_name_idx').on(table.workspaceId, sql`lower(${table.name})`)],
);

/** Which labels a post carries. Deleting a label or a post removes its rows here, never the other side. */
export const postLabels = pgTable(
  'post_labels',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    labelId: text('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.labelId] }),
    index('post_labels_label_idx').on(table.labelId),
  ],
);
