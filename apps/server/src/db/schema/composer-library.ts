import type { TemplateState } from '@relaycast/shared/composer-library';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

/**
 * The composer's library (docs/composer-library.md): a workspace's signatures, hashtag groups and templates.
 * At most one signature per workspace is appended to new posts (a partial unique index holds it).
 */
export const composerSignatures = pgTable(
  'composer_signatures',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    text: text('text').notNull(),
    isAutoAppend: boolean('is_auto_append').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('composer_signatures_workspace_idx').on(table.workspaceId),
    uniqueIndex('composer_signatures_auto_append_idx')
      .on(table.workspaceId)
      .where(sql`${table.isAutoAppend}`),
  ],
);

export const composerHashtagGroups = pgTable(
  'composer_hashtag_groups',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    hashtags: jsonb('hashtags').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('composer_hashtag_groups_workspace_idx').on(table.workspaceId)],
);

/**
 * A template keeps the composer's state as JSON: its media ids are not foreign keys, so deleting a file never
 * fails or deletes a template; the file is left out when a post starts from it.
 */
export const composerTemplates = pgTable(
  'composer_templates',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    state: jsonb('state').$type<TemplateState>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('composer_templates_workspace_idx').on(table.workspaceId)],
);
