import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

/**
 * One bulk import of a CSV (docs/bulk-import.md): the SHA-256 of the file as sent, so importing the same file
 * again in the workspace is noticed (docs/decisions/0083-bulk-import.md).
 */
export const bulkImports = pgTable(
  'bulk_imports',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    fileSha256: text('file_sha256').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    postCount: integer('post_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bulk_imports_workspace_file_idx').on(table.workspaceId, table.fileSha256)],
);
