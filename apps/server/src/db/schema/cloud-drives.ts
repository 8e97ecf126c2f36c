import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

/**
 * A member's connection to a cloud drive (Dropbox, Google Drive, OneDrive, Canva) for cloud import
 * (docs/media-import.md, decision 0105): one per workspace, member and provider; only that member browses and
 * imports with it. Tokens are encrypted with lib/secrets.ts as social accounts' are; the browser never sees them.
 */
export const cloudDriveConnections = pgTable(
  'cloud_drive_connections',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The account's name or e-mail at the provider, shown to the member. */
    accountName: text('account_name').notNull().default(''),
    /** `expired`: the provider refused the token and its refresh; the member connects again. */
    status: text('status', { enum: ['connected', 'expired'] })
      .notNull()
      .default('connected'),
    accessTokenEncrypted: text('access_token_encrypted').notNull(),
    refreshTokenEncrypted: text('refresh_token_encrypted'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cloud_drive_connections_member_idx').on(table.workspaceId, table.userId, table.provider),
  ],
);
