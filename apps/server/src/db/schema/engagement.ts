import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { socialAccounts } from './accounts';
import { users } from './auth';
import { posts } from './posts';
import { workspaces } from './workspaces';

/**
 * Every inbound comment, mention and direct message read from a connected account (the unified inbox). A
 * platform item is stored once per account: the sync inserts with ON CONFLICT DO NOTHING on
 * (account_id, platform_item_id), so the next sync never duplicates it.
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    kind: text('kind', { enum: ['comment', 'mention', 'message'] }).notNull(),
    platformItemId: text('platform_item_id').notNull(),
    authorPlatformId: text('author_platform_id').notNull(),
    authorHandle: text('author_handle').notNull(),
    authorName: text('author_name'),
    text: text('text').notNull(),
    url: text('url'),
    /** The platform's post it belongs to (comments), and ours when it is one of the workspace's published posts. */
    platformPostId: text('platform_post_id'),
    conversationId: text('conversation_id'),
    postId: text('post_id').references(() => posts.id, { onDelete: 'set null' }),
    postTargetId: text('post_target_id'),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['unanswered', 'answered', 'done'] })
      .notNull()
      .default('unanswered'),
    firstReplyAt: timestamp('first_reply_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('inbox_items_account_item_idx').on(table.accountId, table.platformItemId),
    // The inbox list (newest first) and the response metrics over a period: one workspace, a range of arrivals.
    index('inbox_items_workspace_arrived_idx').on(table.workspaceId, table.arrivedAt, table.firstReplyAt),
  ],
);

/**
 * One like / comment / dm a user sent (spec section 3, "Engagement action record"), with the item it acted on,
 * the account used and the outcome. 'pending' and 'sent' count against the hourly limit; 'failed' does not.
 */
export const engagementActions = pgTable(
  'engagement_actions',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['like', 'comment', 'dm'] }).notNull(),
    platform: text('platform').notNull(),
    content: text('content'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    itemId: text('item_id').references(() => inboxItems.id, { onDelete: 'set null' }),
    accountId: text('account_id').references(() => socialAccounts.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: ['pending', 'sent', 'failed'] }).notNull(),
    failureReason: text('failure_reason'),
    /** The platform's id of what the action created (a reply, a message), when it says. */
    platformResultId: text('platform_result_id'),
  },
  (table) => [
    // The rolling-hour check: one user, one action, the last hour, counting only what counts.
    index('engagement_actions_limit_idx')
      .on(table.userId, table.action, table.timestamp)
      .where(sql`${table.outcome} <> 'failed'`),
    // The metrics: one workspace, a period, grouped by action (an index-only scan).
    index('engagement_actions_metrics_idx')
      .on(table.workspaceId, table.timestamp, table.action)
      .where(sql`${table.outcome} = 'sent'`),
  ],
);

/**
 * Where each account's inbox sync stands: the newest item seen, when it may run next (the platform's rate-limit
 * reset after a 429), and a claim so that several processes never sync one account at once.
 */
export const inboxSyncState = pgTable(
  'inbox_sync_state',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    since: timestamp('since', { withTimezone: true }),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  },
  (table) => [index('inbox_sync_state_due_idx').on(table.nextSyncAt)],
);
