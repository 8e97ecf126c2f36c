import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

/**
 * Outgoing webhooks (docs/webhooks.md). An endpoint belongs to a workspace and lists the events it
 * wants; its signing secret is kept encrypted under APP_SECRET (the server must sign with it, so it cannot be a
 * hash). Each event becomes one delivery per subscribed endpoint, retried on a schedule until it is answered
 * with a 2xx or the attempts run out.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** `whsec_…`, encrypted (lib/secrets.ts). */
    secretEncrypted: text('secret_encrypted').notNull(),
    events: text('events').array().notNull(),
    /** Set while paused: its deliveries wait, pending, and go out when it is resumed. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_workspace_idx').on(table.workspaceId)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** Also the `webhook-id` header: the same for every attempt, so receivers can drop duplicates. */
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The whole JSON body sent: `{ type, timestamp, data }`. */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A sender holds the delivery until then (several workers may send). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
  ],
);
