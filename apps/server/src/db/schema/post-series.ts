import { SERIES_FREQUENCIES, type SeriesEnds } from '@relaycast/shared/post-series';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { posts } from './posts';
import { workspaces } from './workspaces';

/**
 * A recurring post (docs/recurring-posts.md, docs/decisions/0108-recurring-posts.md): its repeat rule, anchored at
 * the first occurrence's local date and time in `timezone`, and the post every occurrence copies. Occurrences
 * become ordinary scheduled posts a window ahead (post_series_occurrences).
 */
export const postSeries = pgTable(
  'post_series',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Whose posts the occurrences are (the member who last saved the series): their role applies. */
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    frequency: text('frequency', { enum: SERIES_FREQUENCIES }).notNull(),
    interval: integer('interval').notNull(),
    weekdays: jsonb('weekdays').$type<number[]>().notNull(),
    ends: jsonb('ends').$type<SeriesEnds>().notNull(),
    timezone: text('timezone').notNull(),
    startDate: text('start_date').notNull(),
    startTime: text('start_time').notNull(),
    /** The occurrences from this index on are not the series' any more ("this and following" edits and deletes). */
    endIndex: integer('end_index'),
    /** The composer's input every occurrence is written from (action and time are the occurrence's). */
    post: jsonb('post').$type<Record<string, unknown>>().notNull(),
    /** Set when the rule has no occurrence left: the sweep passes it by. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why the last materialisation made no post (the owner left, a platform rule), shown with the series. */
    lastProblem: text('last_problem'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('post_series_workspace_idx').on(table.workspaceId, table.endedAt)],
);

/**
 * Each occurrence of a series, once: the unique (series, index) row decides which sweep makes its post, in the
 * same transaction as the post, so two sweeps or a crash never make it twice. `missed`: it came due before it
 * could be made and was skipped; `detached`: its post was edited alone and left the series.
 */
export const postSeriesOccurrences = pgTable(
  'post_series_occurrences',
  {
    seriesId: text('series_id')
      .notNull()
      .references(() => postSeries.id, { onDelete: 'cascade' }),
    occurrenceIndex: integer('occurrence_index').notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['created', 'missed', 'detached', 'refused'] }).notNull(),
    postId: text('post_id').references(() => posts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('post_series_occurrences_series_index_idx').on(table.seriesId, table.occurrenceIndex),
    index('post_series_occurrences_post_idx').on(table.postId),
  ],
);
