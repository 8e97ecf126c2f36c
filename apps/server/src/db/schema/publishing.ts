import { TARGET_STATUSES } from '@relaycast/shared/publishing';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { socialAccounts } from './accounts';
import { posts } from './posts';
import { workspaces } from './workspaces';

/**
 * One row per post × connected account (or per platform without a chosen account: `needs_account`). The row is
 * the truth about publishing: a pg-boss job only wakes a worker up, and the worker claims the row atomically
 * (`status` → 'publishing', `attempts` + 1) before it calls the platform, so each target is published once
 * whatever the queue delivers (docs/decisions/0007-publishing-engine.md).
 */
export const postTargets = pgTable(
  'post_targets',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    accountId: text('account_id').references(() => socialAccounts.id, { onDelete: 'set null' }),
    status: text('status', { enum: TARGET_STATUSES }).notNull(),
    /** When the next attempt is due: the post's instant, or the next retry. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** Set when a worker claims the target; a 'publishing' row with an old one belongs to a crashed process. */
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
    lastError: text('last_error'),
    platformPostId: text('platform_post_id'),
    url: text('url'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * The post's first comment on this target (docs/alt-text-and-first-comment.md): null when there is none to
     * post; 'pending' once the post is out, 'posted' or 'failed' (retried alone, never the post).
     */
    commentStatus: text('comment_status', { enum: ['pending', 'posted', 'failed'] }),
    commentError: text('comment_error'),
    platformCommentId: text('platform_comment_id'),
    /** The pg-boss job an older release sent to wake a worker for `dueAt` (decision 0121: none is sent now). */
    jobId: text('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('post_targets_post_idx').on(table.postId),
    index('post_targets_account_idx').on(table.accountId),
    // A workspace's targets in one state: the dashboard's attention list, analytics' published posts.
    index('post_targets_workspace_status_idx').on(table.workspaceId, table.status),
    // The due-target pump's claim: a platform's claimable targets, earliest first (decision 0121).
    index('post_targets_claimable_idx')
      .on(table.platform, table.dueAt)
      .where(sql`${table.status} in ('scheduled', 'retrying')`),
    // The sweeps: due targets, and attempts left in flight by a crashed process.
    index('post_targets_status_due_idx')
      .on(table.status, table.dueAt)
      .where(sql`${table.status} in ('scheduled', 'retrying', 'needs_account', 'publishing')`),
  ],
);
