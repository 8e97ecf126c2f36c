import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Workspaces are Better Auth organizations. Every user gets a personal one at sign-up; every row of user data
 * belongs to a workspace. `plan` is null during the free trial (the Standard limits apply then) unless a plan
 * was chosen at sign-up.
 */
export const workspaces = pgTable('workspaces', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  plan: text('plan', { enum: ['standard', 'premium', 'entrepreneur'] }),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  /** A generated demo workspace ("try with demo data" on /analytics): labelled as demo everywhere, deletable. */
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Stripe's customer for this workspace, made at the first checkout (docs/decisions/0046-stripe-billing.md). */
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripeSubscriptionId: text('stripe_subscription_id'),
  /** Stripe's subscription status (BILLING_STATUSES), null before the first checkout. */
  billingStatus: text('billing_status'),
  billingInterval: text('billing_interval', { enum: ['monthly', 'annual'] }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** `created` of the newest Stripe event applied: an older event arriving later changes nothing. */
  billingEventAt: timestamp('billing_event_at', { withTimezone: true }),
});

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    id: text('id').primaryKey(),
    organizationId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** owner, admin or member (Better Auth's default roles). */
    role: text('role').notNull().default('member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('workspace_members_workspace_user_idx').on(table.organizationId, table.userId),
    index('workspace_members_user_idx').on(table.userId),
  ],
);

export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: text('id').primaryKey(),
    organizationId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role'),
    teamId: text('team_id'),
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the token in the accept link `/invite/<token>`; the token itself is never stored. */
    tokenHash: text('token_hash'),
  },
  (table) => [
    index('workspace_invitations_workspace_idx').on(table.organizationId),
    uniqueIndex('workspace_invitations_token_hash_idx').on(table.tokenHash),
  ],
);
