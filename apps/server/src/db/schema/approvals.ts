import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { posts } from './posts';
import { workspaces } from './workspaces';

/**
 * Post approvals (docs/decisions/0045-approvals.md). Every transition of a post's approval is one
 * event row: who (a member, a client through a review link, or nobody for the expiry job), when, the comment,
 * the text submitted or approved, and the word diff against the last approved version.
 */
export const approvalEvents = pgTable(
  'approval_events',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name a client typed on the review page (actorId is null then). */
    reviewerName: text('reviewer_name'),
    action: text('action').notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    comment: text('comment').notNull().default(''),
    submittedText: text('submitted_text'),
    approvedText: text('approved_text'),
    diff: jsonb('diff').$type<{ value: string; added: boolean; removed: boolean }[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('approval_events_post_idx').on(table.workspaceId, table.postId, table.createdAt)],
);

/** A workspace's approval setting: whether every post, the owner's too, needs approval. */
export const approvalSettings = pgTable('approval_settings', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  requireApproval: boolean('require_approval').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A client review link: signed (HMAC of the id and expiry with the server secret) and stored as the token's
 * SHA-256 so it can be revoked. It covers one post or the seven days from `weekStart`.
 */
export const reviewLinks = pgTable(
  'review_links',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    postId: text('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    weekStart: timestamp('week_start', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('review_links_workspace_idx').on(table.workspaceId)],
);
