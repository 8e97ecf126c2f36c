import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

/**
 * A stream the user planned on /schedule-stream. `remindedAt` is set by the one reminder run that claims the
 * row (UPDATE … WHERE reminded_at IS NULL … RETURNING), so the reminder goes out once even with several
 * server processes.
 */
export const plannedStreams = pgTable(
  'scheduled_streams',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Who planned the stream ("Created by"). */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who last changed it ("Last changed by"); null on rows written before it was recorded. */
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    timezone: text('timezone').notNull(),
    /** Ids of stream_destinations (not foreign keys: a deleted destination just drops out). */
    destinationIds: text('destination_ids').array().notNull().default(sql`'{}'::text[]`),
    /**
     * A pre-recorded stream (docs/prerecorded-streams.md): the library video it plays (no foreign key: a deleted
     * video makes the start fail with a reason) and whether it loops; null for a stream from the studio.
     */
    mediaId: text('media_id'),
    mediaLoop: boolean('media_loop').notNull().default(false),
    /** Set by the one server process that claimed the automatic start of a pre-recorded stream. */
    autoStartedAt: timestamp('auto_started_at', { withTimezone: true }),
    /** The session it started, or why it could not start (null before the start). */
    autoStartSessionId: text('auto_start_session_id'),
    autoStartError: text('auto_start_error'),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The automatic start's scan: pre-recorded streams not started yet.
    index('scheduled_streams_pending_auto_start_idx')
      .on(table.scheduledAt)
      .where(sql`${table.mediaId} is not null and ${table.autoStartedAt} is null`),
    index('scheduled_streams_owner_time_idx').on(table.workspaceId, table.userId, table.scheduledAt),
    // The reminder timer's scan: only rows still waiting for their reminder.
    index('scheduled_streams_pending_reminder_idx')
      .on(table.scheduledAt)
      .where(sql`${table.remindedAt} is null`),
  ],
);
