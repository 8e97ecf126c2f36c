import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

/**
 * In-app notifications (docs/notifications.md). One row per notification of one user; the bell
 * lists the newest. `deliveredAt` is null while the e-mail and push of the row are still to be sent: rows
 * written inside another statement (a failed post, a stream going live) are picked up by the delivery loop,
 * which claims them by setting it (so each is sent at most once). `dedupeKey` makes a periodic notification
 * (the weekly summary) single per user even across restarts and several processes.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** A path inside the app (`/calendar`), never another site. */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt.desc()),
    uniqueIndex('notifications_user_dedupe_idx').on(table.userId, table.dedupeKey),
    index('notifications_undelivered_idx').on(table.createdAt).where(sql`${table.deliveredAt} is null`),
  ],
);

/** A browser's Web Push subscription (one per browser profile; the push service's endpoint is unique). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);
