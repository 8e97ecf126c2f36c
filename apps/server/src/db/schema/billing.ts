import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stripe events already handled, by Stripe's event id (docs/decisions/0046-stripe-billing.md): the insert and
 * the event's effect share one transaction, so a replayed or retried event is a no-op and a failed one is retried.
 */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The workspace it applied to, when one was found (no foreign key: the history outlives a deleted workspace). */
  workspaceId: text('workspace_id'),
  /** Stripe's `created`. */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
