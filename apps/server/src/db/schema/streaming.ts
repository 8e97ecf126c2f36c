import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { mediaFiles } from './media';
import { workspaces } from './workspaces';

/** A platform a user streams to: the RTMP server URL and the stream key, encrypted (lib/secrets.ts). */
export const streamDestinations = pgTable(
  'stream_destinations',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    name: text('name').notNull(),
    rtmpUrl: text('rtmp_url').notNull(),
    streamKeyEncrypted: text('stream_key_encrypted').notNull(),
    keyLastFour: text('key_last_four').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stream_destinations_owner_idx').on(table.workspaceId, table.userId, table.createdAt)],
);

/** A scene the user composed from the studio's sources (the three fixed scenes live in code). */
export const streamScenes = pgTable(
  'stream_scenes',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sources: text('sources').array().notNull(),
    cameraCorner: text('camera_corner').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stream_scenes_owner_idx').on(table.workspaceId, table.userId, table.createdAt)],
);

/**
 * The user's personal stream key for OBS and other encoders. The relay looks keys up by their SHA-256 hash;
 * the encrypted copy is what the owner sees to paste into OBS.
 */
export const streamIngestKeys = pgTable(
  'stream_ingest_keys',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    keyEncrypted: text('key_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('stream_ingest_keys_hash_idx').on(table.keyHash)],
);

/** One stream, from going live to End Stream, with the settings it was encoded with. */
export const streamSessions = pgTable(
  'stream_sessions',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    source: text('source', { enum: ['browser', 'obs', 'media'] }).notNull(),
    status: text('status', { enum: ['starting', 'live', 'ended', 'failed'] }).notNull(),
    reason: text('reason'),
    settings: jsonb('settings')
      .$type<{
        resolution: '720p' | '1080p' | '4K';
        bitrateKbps: number;
        fps: number;
        encoder: string;
        format: string;
      }>()
      .notNull(),
    scheduledStreamId: text('scheduled_stream_id'),
    recordingMediaId: text('recording_media_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the stream first went live (null for one that never got past starting): the onboarding checklist's "go live once". */
    liveAt: timestamp('live_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** When the source dropped and came back while the slate showed (decision 0101), oldest first. */
    sourceEvents: jsonb('source_events')
      .$type<{ kind: 'source_lost' | 'source_returned'; at: string }[]>()
      .notNull()
      .default([]),
    /** The node carrying the stream (decision 0113): its id in `nodes`, while the stream runs. */
    nodeId: text('node_id'),
    /** Renewed by that node's heartbeat; a stream whose lease lapsed lost its node and is failed by a sweep. */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  },
  (table) => [
    index('stream_sessions_owner_started_idx').on(table.workspaceId, table.userId, table.startedAt),
    index('stream_sessions_active_idx').on(table.status).where(sql`${table.status} in ('starting', 'live')`),
    index('stream_sessions_node_idx').on(table.nodeId).where(sql`${table.status} in ('starting', 'live')`),
  ],
);

/** A destination of a stream: a copy of its name and platform (the destination may be deleted later) and totals. */
export const streamSessionDestinations = pgTable(
  'stream_session_destinations',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => streamSessions.id, { onDelete: 'cascade' }),
    destinationId: text('destination_id').notNull(),
    platform: text('platform').notNull(),
    name: text('name').notNull(),
    finalState: text('final_state').notNull().default('idle'),
    reason: text('reason'),
    reconnects: integer('reconnects').notNull().default(0),
    droppedFrames: integer('dropped_frames').notNull().default(0),
    /** Viewers read from the platform's API while live (modules/streaming/stream-viewers.ts). */
    viewersPeak: integer('viewers_peak'),
    viewersLast: integer('viewers_last'),
    viewersMetric: text('viewers_metric'),
    viewersReadAt: timestamp('viewers_read_at', { withTimezone: true }),
    /** When the viewers were last asked for (the sweep's claim); null until the first time. */
    viewersCheckedAt: timestamp('viewers_checked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('stream_session_destinations_pk').on(table.sessionId, table.destinationId)],
);

/** Health figures recorded about every few seconds per destination while live (analytics charts). */
export const streamSamples = pgTable(
  'stream_samples',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => streamSessions.id, { onDelete: 'cascade' }),
    destinationId: text('destination_id').notNull(),
    /** Seconds since the session started. */
    t: real('t').notNull(),
    bitrateKbps: real('bitrate_kbps'),
    fps: real('fps'),
    droppedFrames: integer('dropped_frames').notNull().default(0),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stream_samples_session_idx').on(table.sessionId, table.destinationId, table.t)],
);

/**
 * The workspace's slate (docs/decisions/0101-slate-on-dropped-source.md): an image of its media library the
 * platforms see while the source is gone; no row, or an image since deleted, is the default "We'll be right back"
 * card.
 */
export const streamSlates = pgTable('stream_slates', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  mediaId: text('media_id').references(() => mediaFiles.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
