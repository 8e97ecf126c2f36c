import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { socialAccounts } from './accounts';
import { workspaces } from './workspaces';

/**
 * A connected account's weekly posting times (docs/queue-slots.md): a weekday (0 = Monday) and a time of day,
 * counted in `time_zone` (every row of an account holds the same zone, written with the schedule). "Add to queue"
 * and imports fill them; deleting the account deletes its schedule.
 */
export const queueSlots = pgTable(
  'queue_slots',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    /** HH:MM, 24-hour. */
    time: text('time').notNull(),
    timeZone: text('time_zone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('queue_slots_account_time_idx').on(table.accountId, table.weekday, table.time),
    index('queue_slots_workspace_idx').on(table.workspaceId),
  ],
);
