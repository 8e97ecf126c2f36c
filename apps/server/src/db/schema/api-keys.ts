import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

/**
 * API keys for the public API `/api/v1` (docs/public-api.md). A key acts as its owner in one
 * workspace with its scopes. Only the SHA-256 of the key is stored, and its first characters to tell keys
 * apart. Revoking sets `revoked_at`: the row stays so the key's hash can never be reused.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters in clear (`rc_` and eight more). */
    start: text('start').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** `read`, or `read` and `write`. */
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Updated at most once a minute per key. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('api_keys_user_workspace_idx').on(table.userId, table.workspaceId)],
);
