/**
 * Personal ingest (OBS), stream sessions, per-destination status and health. Part of the streaming contract:
 * see ../streaming.ts.
 */
import { z } from 'zod';
import { STREAM_PLATFORM_IDS } from './platforms';

export const personalIngestSchema = z.object({
  /** The server for OBS, e.g. rtmp://relaycast.example.com:1935/live (host from PUBLIC_URL, port RTMP_PORT). */
  rtmpUrl: z.string(),
  /** The user's own key, shown in full to its owner so it can be pasted into OBS; rotatable. */
  streamKey: z.string(),
  /** False when the server runs without the relay (then OBS cannot publish). */
  relayRunning: z.boolean(),
});
export type PersonalIngest = z.infer<typeof personalIngestSchema>;

// ---------------------------------------------------------------------------------------------------------
// Sessions, per-destination status and health

export const STREAM_SESSION_STATUSES = ['starting', 'live', 'ended', 'failed'] as const;
export type StreamSessionStatus = (typeof STREAM_SESSION_STATUSES)[number];

/** browser: the studio's camera/screen; obs: an encoder on the relay; media: a library video (docs/prerecorded-streams.md). */
export const STREAM_SOURCES = ['browser', 'obs', 'media'] as const;
export type StreamSource = (typeof STREAM_SOURCES)[number];

/**
 * One destination's state during a stream. idle: not started yet; connecting: ffmpeg started, no media out
 * yet; live: media flowing; retrying: failed, next attempt in `retryInSeconds`; failed: gave up (see reason);
 * stopped: ended by End Stream.
 */
export const DESTINATION_STATES = ['idle', 'connecting', 'live', 'retrying', 'failed', 'stopped'] as const;
export type DestinationState = (typeof DESTINATION_STATES)[number];

export const DESTINATION_STATE_LABELS: Record<DestinationState, string> = {
  idle: 'Waiting',
  connecting: 'Connecting',
  live: 'Live',
  retrying: 'Retrying',
  failed: 'Failed',
  stopped: 'Stopped',
};

export const streamHealthSchema = z.object({
  /** Over the last second or two; null before the first figures arrive. */
  bitrateKbps: z.number().nullable(),
  fps: z.number().nullable(),
  droppedFrames: z.number().int(),
  uptimeSeconds: z.number(),
});
export type StreamHealth = z.infer<typeof streamHealthSchema>;

export const destinationStatusSchema = z.object({
  destinationId: z.string(),
  platform: z.enum(STREAM_PLATFORM_IDS),
  name: z.string(),
  state: z.enum(DESTINATION_STATES),
  /** Why it is retrying or failed, in words for the user; null otherwise. */
  reason: z.string().nullable(),
  retryInSeconds: z.number().nullable(),
  reconnects: z.number().int(),
  health: streamHealthSchema.nullable(),
});
export type DestinationStatus = z.infer<typeof destinationStatusSchema>;

/**
 * Whether the browser's stream is encoded as fast as it arrives (docs/decisions/0079-studio-encoder-honesty-and-pdf-header.md).
 * `speed` is media time encoded per second of wall time over the last few seconds (1 = real time); `behindSeconds`
 * how far what reaches the platforms lags real time; `backlogSeconds` the browser's video received and still
 * waiting for the encoder. `fallingBehind` is set once speed has stayed under REAL_TIME.slowBelow for
 * REAL_TIME.slowForSeconds: `encoder` when video waits at the server (its encoder is too slow), `input` when
 * the video itself arrives late (the browser or the connection).
 */
export const ingestPaceSchema = z.object({
  speed: z.number().nullable(),
  behindSeconds: z.number(),
  backlogSeconds: z.number(),
  fallingBehind: z.enum(['encoder', 'input']).nullable(),
});
export type IngestPace = z.infer<typeof ingestPaceSchema>;

export const REAL_TIME = {
  /** Under this speed the stream loses time. */
  slowBelow: 0.95,
  /** …for this long before the studio says so (a moment's hiccup is not news). */
  slowForSeconds: 5,
  /** The speed is measured over this window. */
  windowSeconds: 5,
} as const;

export const streamSettingsSnapshotSchema = z.object({
  resolution: z.enum(['720p', '1080p', '4K']),
  bitrateKbps: z.number().int(),
  fps: z.number().int(),
  encoder: z.string(),
  format: z.string(),
});
export type StreamSettingsSnapshot = z.infer<typeof streamSettingsSnapshotSchema>;

export const streamSessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  source: z.enum(STREAM_SOURCES),
  status: z.enum(STREAM_SESSION_STATUSES),
  /** Why a session failed (the ingest could not start, say); null otherwise. */
  reason: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  settings: streamSettingsSnapshotSchema,
  /** Health of what reaches the relay (the browser ingest encoder or OBS); null until it flows. */
  ingestHealth: streamHealthSchema.nullable(),
  /**
   * What the server does with the studio's video (browser sessions once the studio is connected): copied as the
   * browser encoded it, or re-encoded and why (ingestVideoPlan in ./ingest.ts). Null for OBS and pre-recorded.
   */
  ingestVideo: z
    .object({
      mode: z.enum(['copy', 'encode']),
      reason: z.enum(['codec', 'size', 'fps', 'unknown']).nullable(),
    })
    .nullable()
    .optional(),
  /** How the browser's stream keeps up with real time (browser sessions while live); null otherwise. */
  ingestPace: ingestPaceSchema.nullable(),
  destinations: z.array(destinationStatusSchema),
  /** The WebSocket path to send the browser's chunks to (browser sessions while starting/live); else null. */
  ingestPath: z.string().nullable(),
  /**
   * Set while the source (OBS or the studio) is gone and the destinations show the slate
   * (docs/decisions/0101-slate-on-dropped-source.md): since when, and when the stream ends if it does not return.
   */
  slate: z.object({ since: z.string(), endsAt: z.string() }).nullable().optional(),
  /** What a pre-recorded stream (source 'media') plays: the file, whether it loops and how far it is. */
  media: z
    .object({
      mediaId: z.string(),
      name: z.string(),
      loop: z.boolean(),
      /** The file's length in seconds (null when the library does not know it). */
      durationSeconds: z.number().nullable(),
      /** Seconds into the current pass of the file. */
      positionSeconds: z.number(),
      /** Passes finished so far (looping streams). */
      loopsCompleted: z.number().int(),
    })
    .nullable()
    .optional(),
});
export type StreamSession = z.infer<typeof streamSessionSchema>;

export const liveStatusSchema = z.object({ session: streamSessionSchema.nullable() });
export type LiveStatus = z.infer<typeof liveStatusSchema>;

export const MAX_STREAM_TITLE = 120;

/** A pre-recorded stream's source: a video of the workspace's library, played once or looping. */
export const mediaStreamSourceSchema = z.object({
  kind: z.literal('media'),
  mediaId: z.string().trim().min(1).max(100),
  loop: z.boolean().default(false),
});
export type MediaStreamSource = z.input<typeof mediaStreamSourceSchema>;

export const startStreamInputSchema = z.object({
  title: z.string().trim().max(MAX_STREAM_TITLE).optional(),
  /** Destinations to go live to; absent = every enabled destination. */
  destinationIds: z.array(z.string().min(1)).max(50).optional(),
  /** A planned stream this session fulfils (from /schedule-stream), if any. */
  scheduledStreamId: z.string().min(1).optional(),
  /** Absent: the studio's camera/screen (the browser's socket). `media`: a video of the library, at real time. */
  source: mediaStreamSourceSchema.optional(),
});
export type StartStreamInput = z.input<typeof startStreamInputSchema>;

/**
 * `GET`/`PUT /api/streaming/slate`: the picture the platforms see while the source is gone (decision 0101), an
 * image of the workspace's library, or null for the default "We'll be right back" card.
 */
export const streamSlateSchema = z.object({
  slate: z.object({ mediaId: z.string(), name: z.string() }).nullable(),
});
export type StreamSlate = z.infer<typeof streamSlateSchema>;
export const streamSlateInputSchema = z.object({ mediaId: z.string().min(1).max(100).nullable() });
export type StreamSlateInput = z.infer<typeof streamSlateInputSchema>;
