import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every e-mail the server sends. Without SMTP it is only logged and kept here (status `logged`), so a
 * self-hoster can still read a password-reset link.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** `logged` (no SMTP configured), `sent`, or `failed`. */
    status: text('status', { enum: ['logged', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_outbox_to_created_idx').on(table.toAddress, table.createdAt)],
);
