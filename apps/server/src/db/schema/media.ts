import type { MediaGeneration } from '@relaycast/shared/ai-images';
import type { ImageEditRecipe } from '@relaycast/shared/image-edit';
import type { MediaAttribution } from '@relaycast/shared/unsplash';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

/** A file in a workspace's media library. `sizeBytes` counts against the plan's storage. */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The name the file had on the user's machine (shown and searched, never used as a path). */
    name: text('name').notNull(),
    /** Sniffed from the content. */
    mimeType: text('mime_type').notNull(),
    kind: text('kind', { enum: ['image', 'gif', 'video'] }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: real('duration_seconds'),
    /** Where the bytes live in the storage backend (local disk or S3). */
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    /**
     * An image editor's result: the id of the file it was made from (no foreign key: the result outlives its
     * source, and a backup restores rows in any order) and the recipe (packages/shared/src/image-edit.ts) the
     * server rendered (docs/image-editor.md).
     */
    derivedFromId: text('derived_from_id'),
    editRecipe: jsonb('edit_recipe').$type<ImageEditRecipe>(),
    /** Set when an AI provider made the file (docs/ai-images.md): prompt, model, provider and size. */
    generation: jsonb('generation').$type<MediaGeneration>(),
    /** Set on a stock photo (docs/media-import.md, "Unsplash"): the photographer and the links to credit. */
    attribution: jsonb('attribution').$type<MediaAttribution>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('media_files_workspace_created_idx').on(table.workspaceId, table.createdAt),
    index('media_files_workspace_name_idx').on(table.workspaceId, sql`lower(${table.name})`),
  ],
);
