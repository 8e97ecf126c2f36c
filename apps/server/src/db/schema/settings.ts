import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * A user's own settings (stream, notifications, security, language and region), one row per user, written on
 * the first save. A user without a row has the defaults of `packages/shared/src/settings.ts`; values are
 * checked against the shared schema when read, so a value an older version stored can never reach ffmpeg.
 */
export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  videoInput: text('video_input').notNull().default(''),
  audioInput: text('audio_input').notNull().default(''),
  audioOutput: text('audio_output').notNull().default(''),
  resolution: text('resolution').notNull(),
  /** kbps. */
  bitrate: integer('bitrate').notNull(),
  fps: integer('fps').notNull(),
  encoder: text('encoder').notNull(),
  format: text('format').notNull(),
  emailNotifications: boolean('email_notifications').notNull(),
  pushNotifications: boolean('push_notifications').notNull(),
  streamNotifications: boolean('stream_notifications').notNull(),
  twoFactorAuth: boolean('two_factor_auth').notNull(),
  apiKeyEnabled: boolean('api_key_enabled').notNull(),
  language: text('language').notNull(),
  timezone: text('timezone').notNull(),
  /** `auto` (the language's convention) or the day weeks start on (packages/shared/src/week-start.ts). */
  weekStart: text('week_start').notNull().default('auto'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
