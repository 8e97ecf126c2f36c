import type { MediaAttribution } from '@relaycast/shared/unsplash';
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { cloudDriveConnections } from './cloud-drives';
import { mediaFiles } from './media';
import { workspaces } from './workspaces';

/**
 * An import from a link (docs/media-import.md): the row is the truth the `media-import` job and the page read.
 * queued → downloading → done (mediaId set) | failed (error set) | cancelled.
 */
export const mediaImports = pgTable(
  'media_imports',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    status: text('status', { enum: ['queued', 'downloading', 'done', 'failed', 'cancelled'] }).notNull(),
    receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
    totalBytes: bigint('total_bytes', { mode: 'number' }),
    mediaId: text('media_id').references(() => mediaFiles.id, { onDelete: 'set null' }),
    error: text('error'),
    /** The library file's name when the source knows a better one than the URL's last segment (a stock photo). */
    fileName: text('file_name'),
    /** Copied onto the library file (docs/media-import.md, "Unsplash"): whom to credit. */
    attribution: jsonb('attribution').$type<MediaAttribution>(),
    /** A cloud import (decision 0105): the file at the provider; null for an import from a link. */
    source: jsonb('source').$type<{ provider: string; fileId: string; name: string; format?: string }>(),
    /** The member's connection the job downloads with; null once disconnected (the job then fails clearly). */
    cloudConnectionId: text('cloud_connection_id').references(() => cloudDriveConnections.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('media_imports_workspace_created_idx').on(table.workspaceId, table.createdAt)],
);
