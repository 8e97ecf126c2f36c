import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The dashboard's getting-started checklist, per user: only whether it was hidden. The steps themselves are
 * never stored; they are derived from the workspace's data each time (modules/onboarding).
 */
export const userOnboarding = pgTable('user_onboarding', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
