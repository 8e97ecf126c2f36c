import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Messages sent from the public contact form. The email is stored normalised (trimmed, lower case) so the
 * per-address rate limit counts one person once; the IP feeds the per-client limit.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contact_messages_email_created_idx').on(table.email, table.createdAt),
    index('contact_messages_ip_created_idx').on(table.ipAddress, table.createdAt),
  ],
);
