import type { ClipAnalysis } from '@relaycast/shared/clips';
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { mediaFiles } from './media';
import { workspaces } from './workspaces';

/**
 * Clip highlights (docs/decisions/0048-clip-highlights.md): the last analysis of a library video, kept so the
 * suggestions come back without running ffmpeg again. One row per video; a new analysis replaces it.
 */
export const clipAnalyses = pgTable('clip_analyses', {
  mediaId: text('media_id')
    .primaryKey()
    .references(() => mediaFiles.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  result: jsonb('result').$type<ClipAnalysis>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A background analysis (a stream's recording, docs/decisions/0049-stream-clips.md) that is queued, running or
 * failed; the row is removed when the analysis is stored in clip_analyses. `updated_at` is when the status
 * last changed: a queued or running row older than STALE_BACKGROUND_ANALYSIS_MINUTES counts as failed.
 */
export const clipAnalysisRuns = pgTable('clip_analysis_runs', {
  mediaId: text('media_id')
    .primaryKey()
    .references(() => mediaFiles.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['queued', 'analysing', 'failed'] }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
