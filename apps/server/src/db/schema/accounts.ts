import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

/**
 * A social account connected to a workspace. Tokens and other secrets are encrypted with lib/secrets.ts; the
 * browser never sees them. Disconnecting clears the encrypted fields but keeps the row, so history and post
 * targets still name the account and reconnecting the same platform account restores it (never a duplicate:
 * one row per workspace, platform, instance and platform account id).
 */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** The platform's id for the account (user id, page id, DID…). */
    platformAccountId: text('platform_account_id').notNull(),
    /** Mastodon: the instance's origin (account ids are per instance); '' elsewhere. */
    instanceUrl: text('instance_url').notNull().default(''),
    handle: text('handle').notNull(),
    displayName: text('display_name').notNull().default(''),
    avatarUrl: text('avatar_url'),
    status: text('status', { enum: ['connected', 'needs_reconnect', 'disconnected'] })
      .notNull()
      .default('connected'),
    accessTokenEncrypted: text('access_token_encrypted'),
    refreshTokenEncrypted: text('refresh_token_encrypted'),
    /** JSON object of per-account secrets (app password, page token…), encrypted as one value. */
    secretsEncrypted: text('secrets_encrypted'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    scopes: text('scopes').array().notNull().default([]),
    /** Non-secret per-account data the connector needs (instance URL, PDS URL, page id…). */
    meta: jsonb('meta').$type<Record<string, string>>().notNull().default({}),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The audience's IANA zone for this account's best time; null: the viewer's own (docs/best-time.md). */
    timezone: text('timezone'),
    /** When the owner was told the account needs reconnecting (once per failure episode). */
    reconnectNotifiedAt: timestamp('reconnect_notified_at', { withTimezone: true }),
    /** The refresh sweep's claim on the row, so several processes never refresh one account at once. */
    refreshClaimedUntil: timestamp('refresh_claimed_until', { withTimezone: true }),
    connectedBy: text('connected_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('social_accounts_identity_idx').on(
      table.workspaceId,
      table.platform,
      table.instanceUrl,
      table.platformAccountId,
    ),
    index('social_accounts_status_expires_idx').on(table.status, table.expiresAt),
  ],
);

/**
 * An OAuth authorization in flight: the state (stored as its SHA-256 hash), who started it, and the PKCE
 * verifier (encrypted). Expires after ten minutes; the callback deletes it as it reads it (single use).
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    codeVerifierEncrypted: text('code_verifier_encrypted'),
    redirectUri: text('redirect_uri').notNull(),
    /** Mastodon: the instance the user authorizes on. */
    instanceUrl: text('instance_url'),
    /**
     * The proxy this connection goes through (docs/decisions/0098-proxy-at-connection.md): the endpoint, its
     * password, the reconnected account and whether it replaces that account's proxy, as encrypted JSON.
     */
    proxyEncrypted: text('proxy_encrypted'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('oauth_states_expires_idx').on(table.expiresAt)],
);

/** The app Relaycast registered on a Mastodon-like instance (once per instance and redirect URI). */
export const platformInstanceApps = pgTable(
  'platform_instance_apps',
  {
    id: text('id').primaryKey(),
    platform: text('platform').notNull(),
    instanceUrl: text('instance_url').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretEncrypted: text('client_secret_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('platform_instance_apps_instance_idx').on(
      table.platform,
      table.instanceUrl,
      table.redirectUri,
    ),
  ],
);
