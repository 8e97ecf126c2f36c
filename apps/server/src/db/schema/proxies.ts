import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { socialAccounts } from './accounts';
import { workspaces } from './workspaces';

/**
 * The proxy an account reaches its platform through (docs/proxies.md): every request of the account goes
 * through it. The password is encrypted like the account's tokens (lib/secrets.ts) and never sent back.
 * `status` 'down' pauses the account's platform calls (`last_error` says why) until the proxy answers again.
 */
export const accountProxies = pgTable('account_proxies', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => socialAccounts.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  type: text('type', { enum: ['http', 'https', 'socks5'] }).notNull(),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  username: text('username').notNull().default(''),
  passwordEncrypted: text('password_encrypted'),
  status: text('status', { enum: ['unchecked', 'working', 'down'] })
    .notNull()
    .default('unchecked'),
  lastError: text('last_error'),
  /** The last failed attempt through the proxy: a paused account tries again only some time after it. */
  failedAt: timestamp('failed_at', { withTimezone: true }),
  /** The last check or successful request through the proxy. */
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  /** The public address the last check saw (what the platform sees). */
  egressAddress: text('egress_address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
