import { z } from 'zod';

/**
 * Live streaming (issue 7): the contract between the studio (apps/web/src/features/streaming) and the engine
 * (apps/server/src/modules/streaming, its live engine in live/). Backward compatible once committed: add,
 * never rename or remove.
 *
 * REST (all under the signed-in session cookie, JSON, scoped to the caller's workspace and user):
 *   GET    /api/streaming/destinations                 → StreamDestinationList
 *   POST   /api/streaming/destinations                 StreamDestinationInput → 201 StreamDestination
 *   PATCH  /api/streaming/destinations/:id             StreamDestinationPatch → StreamDestination
 *   DELETE /api/streaming/destinations/:id             → 204
 *     (POST/PATCH/DELETE answer 409 STREAM_LOCKED_WHILE_LIVE while the user is live)
 *   GET    /api/streaming/scenes                       → SceneList (the three fixed scenes, then custom ones)
 *   POST   /api/streaming/scenes                       CustomSceneInput → 201 Scene
 *   DELETE /api/streaming/scenes/:id                   → 204 (custom scenes only)
 *   GET    /api/streaming/ingest                       → PersonalIngest (OBS URL + the user's stream key)
 *   POST   /api/streaming/ingest/rotate                → PersonalIngest (a new key; the old one stops working)
 *   POST   /api/streaming/sessions                     StartStreamInput → 201 StreamSession (source 'browser')
 *   POST   /api/streaming/sessions/:id/stop            → StreamSession (End Stream; browser and OBS alike)
 *   GET    /api/streaming/live                         → LiveStatus (poll every 1–2 s while the studio is open)
 *   GET    /api/streaming/sessions                     → StreamSummaryList (past and current, newest first)
 *   GET    /api/streaming/sessions/:id                 → StreamDetail (summary + bitrate series per destination)
 *
 * WebSocket ingest (browser going live): see STREAM_INGEST below.
 */

// ---------------------------------------------------------------------------------------------------------
// Platforms

export const STREAM_PLATFORM_IDS = [
  'youtube',
  'facebook',
  'twitch',
  'linkedin',
  'twitter',
  'instagram',
  'tiktok',
  'custom',
] as const;
export type StreamPlatformId = (typeof STREAM_PLATFORM_IDS)[number];

export interface StreamPlatform {
  id: StreamPlatformId;
  name: string;
  /** The published ingest server (the key is appended as the last path segment); null when there is none. */
  defaultRtmpUrl: string | null;
  /** Shown under the URL field when the platform hands out a URL per event or session. */
  hint: string | null;
}

/** Defaults only (docs/streaming.md §3): the user may paste any rtmp:// or rtmps:// URL. */
export const STREAM_PLATFORMS: readonly StreamPlatform[] = [
  {
    id: 'youtube',
    name: 'YouTube Live',
    defaultRtmpUrl: 'rtmps://a.rtmps.youtube.com:443/live2',
    hint: null,
  },
  {
    id: 'facebook',
    name: 'Facebook Live',
    defaultRtmpUrl: 'rtmps://live-api-s.facebook.com:443/rtmp/',
    hint: null,
  },
  { id: 'twitch', name: 'Twitch', defaultRtmpUrl: 'rtmp://live.twitch.tv/app', hint: null },
  {
    id: 'linkedin',
    name: 'LinkedIn Live',
    defaultRtmpUrl: null,
    hint: 'LinkedIn gives a URL for each live event: paste it from LinkedIn.',
  },
  {
    id: 'twitter',
    name: 'Twitter Live',
    defaultRtmpUrl: null,
    hint: 'Paste the RTMP URL from X Media Studio (Producer).',
  },
  {
    id: 'instagram',
    name: 'Instagram Live',
    defaultRtmpUrl: null,
    hint: 'Instagram gives a URL and key for each live session in Live Producer: paste them before each stream.',
  },
  {
    id: 'tiktok',
    name: 'TikTok Live',
    defaultRtmpUrl: null,
    hint: 'TikTok gives a URL and key for each LIVE: paste them before each stream.',
  },
  { id: 'custom', name: 'Custom RTMP', defaultRtmpUrl: null, hint: null },
];

export function isStreamPlatformId(value: unknown): value is StreamPlatformId {
  return typeof value === 'string' && (STREAM_PLATFORM_IDS as readonly string[]).includes(value);
}

export function getStreamPlatform(id: StreamPlatformId): StreamPlatform {
  const platform = STREAM_PLATFORMS.find((p) => p.id === id);
  if (!platform) throw new Error(`Unknown stream platform ${id}`);
  return platform;
}

// ---------------------------------------------------------------------------------------------------------
// Messages and error codes

export const STREAMING_MESSAGES = {
  destinationIncomplete: 'Please enter both stream key and RTMP URL',
  rtmpProtocol: 'The RTMP URL must start with rtmp:// or rtmps://',
  rtmpInvalid: 'Enter a valid RTMP URL, like rtmp://live.example.com/app',
  unknownPlatform: 'Choose one of the listed platforms.',
  destinationNameTooLong: 'Keep the destination name under 80 characters.',
  destinationSaved: 'Destination saved',
  destinationDeleted: 'Destination removed',
  destinationNotFound: 'Destination not found.',
  lockedWhileLive: 'Destinations cannot be changed while you are live. End the stream first.',
  copied: 'Copied to clipboard',
  sceneNameRequired: 'Give the scene a name.',
  sceneNameTooLong: 'Keep the scene name under 40 characters.',
  sceneSourcesRequired: 'Choose at least one source for the scene.',
  sceneSaved: 'Scene added',
  sceneDeleted: 'Scene removed',
  sceneNotFound: 'Scene not found.',
  alreadyLive: 'You are already live. End the current stream first.',
  noDestinations: 'Enable at least one destination before going live.',
  sessionNotFound: 'Stream not found.',
  sessionNotLive: 'This stream has already ended.',
  streamingUnavailable:
    'Live streaming is not available on this server: ffmpeg or the RTMP relay is not running.',
  streamEnded: 'Stream ended',
  keyRotated: 'Your stream key was changed. Update it in OBS.',
  ingestAlreadyConnected: 'This stream is already receiving video from another tab.',
  ingestFailed: 'The server could not encode your stream. Try going live again.',
  noVideo: 'The studio never sent any video, so the stream did not start.',
  browserStopped: 'The studio stopped sending video, so the stream ended. Go live again when you are ready.',
  encoderTooSlow:
    'The server cannot encode your stream fast enough at these settings. Choose a lower resolution or frame rate in Stream Settings.',
  unauthorized: 'Sign in to go live.',
} as const;

/** `code` of AppError answers (REST) and of WebSocket `error` messages. */
export const STREAMING_ERROR_CODES = {
  lockedWhileLive: 'STREAM_LOCKED_WHILE_LIVE',
  alreadyLive: 'STREAM_ALREADY_LIVE',
  noDestinations: 'STREAM_NO_DESTINATIONS',
  notFound: 'NOT_FOUND',
  notLive: 'STREAM_NOT_LIVE',
  unavailable: 'STREAMING_UNAVAILABLE',
  ingestBusy: 'STREAM_INGEST_BUSY',
  ingestFailed: 'STREAM_INGEST_FAILED',
  unauthorized: 'UNAUTHORIZED',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Destinations

export const MAX_DESTINATION_NAME = 80;

/** Checks an ingest URL; returns the message to show, or null when it is usable. */
export function checkRtmpUrl(value: string): string | null {
  const url = value.trim();
  if (!/^rtmps?:\/\//i.test(url)) return STREAMING_MESSAGES.rtmpProtocol;
  // scheme://host[:port][/path], host a name, an IPv4 address or a bracketed IPv6 address; the shared package
  // has no URL global in its type environment. Whether the address is allowed is the server's call.
  if (
    !/^rtmps?:\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?(\/\S*)?$/i.test(url) ||
    /^rtmps?:\/\/[.-]/i.test(url)
  ) {
    return STREAMING_MESSAGES.rtmpInvalid;
  }
  return null;
}

/** Create a destination (the setup modal's Save). Key and URL are trimmed. */
export const streamDestinationInputSchema = z
  .object({
    platform: z.string().refine(isStreamPlatformId, { message: STREAMING_MESSAGES.unknownPlatform }),
    /** Defaults to the platform's name. */
    name: z.string().trim().max(MAX_DESTINATION_NAME, STREAMING_MESSAGES.destinationNameTooLong).optional(),
    rtmpUrl: z.string().trim().default(''),
    streamKey: z.string().trim().default(''),
    enabled: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.rtmpUrl === '' || value.streamKey === '') {
      ctx.addIssue({
        code: 'custom',
        path: [value.streamKey === '' ? 'streamKey' : 'rtmpUrl'],
        message: STREAMING_MESSAGES.destinationIncomplete,
      });
      return;
    }
    const problem = checkRtmpUrl(value.rtmpUrl);
    if (problem) ctx.addIssue({ code: 'custom', path: ['rtmpUrl'], message: problem });
  })
  .transform((value) => ({ ...value, platform: value.platform as StreamPlatformId }));
export type StreamDestinationInput = z.input<typeof streamDestinationInputSchema>;

/** Change a destination: any subset; a given key or URL obeys the same rules (absent key = keep it). */
export const streamDestinationPatchSchema = z
  .object({
    name: z.string().trim().max(MAX_DESTINATION_NAME, STREAMING_MESSAGES.destinationNameTooLong).optional(),
    rtmpUrl: z.string().trim().optional(),
    streamKey: z.string().trim().optional(),
    enabled: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.rtmpUrl === '' || value.streamKey === '') {
      ctx.addIssue({
        code: 'custom',
        path: [value.streamKey === '' ? 'streamKey' : 'rtmpUrl'],
        message: STREAMING_MESSAGES.destinationIncomplete,
      });
      return;
    }
    if (value.rtmpUrl !== undefined) {
      const problem = checkRtmpUrl(value.rtmpUrl);
      if (problem) ctx.addIssue({ code: 'custom', path: ['rtmpUrl'], message: problem });
    }
  });
export type StreamDestinationPatch = z.input<typeof streamDestinationPatchSchema>;

/** A saved destination as the browser sees it: never the key, only its last four characters. */
export const streamDestinationSchema = z.object({
  id: z.string(),
  platform: z.enum(STREAM_PLATFORM_IDS),
  name: z.string(),
  rtmpUrl: z.string(),
  keyLastFour: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type StreamDestination = z.infer<typeof streamDestinationSchema>;

export const streamDestinationListSchema = z.object({
  destinations: z.array(streamDestinationSchema),
  /** ALLOW_PRIVATE_ADDRESSES: whether an RTMP URL inside the server's network is accepted. */
  privateAddressesAllowed: z.boolean(),
});
export type StreamDestinationList = z.infer<typeof streamDestinationListSchema>;

/** How a masked key is shown: dots, then the last four characters. */
export function maskStreamKey(lastFour: string): string {
  return `••••••••${lastFour}`;
}

// ---------------------------------------------------------------------------------------------------------
// Scenes

export const SCENE_SOURCES = ['camera', 'screen', 'microphone'] as const;
export type SceneSource = (typeof SCENE_SOURCES)[number];
export const SCENE_SOURCE_LABELS: Record<SceneSource, string> = {
  camera: 'Camera',
  screen: 'Screen',
  microphone: 'Microphone',
};

export const CAMERA_CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type CameraCorner = (typeof CAMERA_CORNERS)[number];
export const CAMERA_CORNER_LABELS: Record<CameraCorner, string> = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
};

export const sceneSchema = z.object({
  /** '1', '2', '3' for the fixed scenes; a generated id for custom ones. */
  id: z.string(),
  name: z.string(),
  sources: z.array(z.enum(SCENE_SOURCES)),
  /** Where the camera sits when the scene shows both camera and screen. */
  cameraCorner: z.enum(CAMERA_CORNERS),
  isCustom: z.boolean(),
});
export type Scene = z.infer<typeof sceneSchema>;

export const FIXED_SCENES: readonly Scene[] = [
  {
    id: '1',
    name: 'Main Scene',
    sources: ['camera', 'microphone'],
    cameraCorner: 'bottom-right',
    isCustom: false,
  },
  {
    id: '2',
    name: 'Screen Share',
    sources: ['screen', 'microphone'],
    cameraCorner: 'bottom-right',
    isCustom: false,
  },
  {
    id: '3',
    name: 'Picture in Picture',
    sources: ['camera', 'screen', 'microphone'],
    cameraCorner: 'bottom-right',
    isCustom: false,
  },
];
export const DEFAULT_SCENE_ID = '1';

export const MAX_SCENE_NAME = 40;
export const MAX_CUSTOM_SCENES = 20;

export const customSceneInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, STREAMING_MESSAGES.sceneNameRequired)
    .max(MAX_SCENE_NAME, STREAMING_MESSAGES.sceneNameTooLong),
  sources: z
    .array(z.enum(SCENE_SOURCES))
    .min(1, STREAMING_MESSAGES.sceneSourcesRequired)
    .transform((sources) => SCENE_SOURCES.filter((s) => sources.includes(s))),
  cameraCorner: z.enum(CAMERA_CORNERS).default('bottom-right'),
});
export type CustomSceneInput = z.input<typeof customSceneInputSchema>;

export const sceneListSchema = z.object({ scenes: z.array(sceneSchema) });
export type SceneList = z.infer<typeof sceneListSchema>;

// ---------------------------------------------------------------------------------------------------------
// Personal ingest (OBS and other encoders)

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

export const STREAM_SOURCES = ['browser', 'obs'] as const;
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
  destinations: z.array(destinationStatusSchema),
  /** The WebSocket path to send the browser's chunks to (browser sessions while starting/live); else null. */
  ingestPath: z.string().nullable(),
});
export type StreamSession = z.infer<typeof streamSessionSchema>;

export const liveStatusSchema = z.object({ session: streamSessionSchema.nullable() });
export type LiveStatus = z.infer<typeof liveStatusSchema>;

export const MAX_STREAM_TITLE = 120;

export const startStreamInputSchema = z.object({
  title: z.string().trim().max(MAX_STREAM_TITLE).optional(),
  /** Destinations to go live to; absent = every enabled destination. */
  destinationIds: z.array(z.string().min(1)).max(50).optional(),
  /** A scheduled stream this session fulfils (from /schedule-stream), if any. */
  scheduledStreamId: z.string().min(1).optional(),
});
export type StartStreamInput = z.input<typeof startStreamInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// Analytics

export const destinationSummarySchema = z.object({
  destinationId: z.string(),
  platform: z.enum(STREAM_PLATFORM_IDS),
  name: z.string(),
  finalState: z.enum(DESTINATION_STATES),
  avgBitrateKbps: z.number().nullable(),
  peakBitrateKbps: z.number().nullable(),
  droppedFrames: z.number().int(),
  reconnects: z.number().int(),
});
export type DestinationSummary = z.infer<typeof destinationSummarySchema>;

export const streamSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  source: z.enum(STREAM_SOURCES),
  status: z.enum(STREAM_SESSION_STATUSES),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Up to now for a live stream. */
  durationSeconds: z.number(),
  destinations: z.array(destinationSummarySchema),
  avgBitrateKbps: z.number().nullable(),
  peakBitrateKbps: z.number().nullable(),
  droppedFrames: z.number().int(),
  reconnects: z.number().int(),
  /** The recording in the media library, when one was kept. */
  recordingMediaId: z.string().nullable(),
});
export type StreamSummary = z.infer<typeof streamSummarySchema>;

export const streamSummaryListSchema = z.object({ sessions: z.array(streamSummarySchema) });
export type StreamSummaryList = z.infer<typeof streamSummaryListSchema>;

export const bitratePointSchema = z.object({
  /** Seconds since the stream started. */
  t: z.number(),
  bitrateKbps: z.number().nullable(),
  fps: z.number().nullable(),
  droppedFrames: z.number().int(),
});
export type BitratePoint = z.infer<typeof bitratePointSchema>;

export const streamDetailSchema = z.object({
  summary: streamSummarySchema,
  series: z.array(
    z.object({
      destinationId: z.string(),
      platform: z.enum(STREAM_PLATFORM_IDS),
      name: z.string(),
      points: z.array(bitratePointSchema),
    }),
  ),
});
export type StreamDetail = z.infer<typeof streamDetailSchema>;

// ---------------------------------------------------------------------------------------------------------
// WebSocket ingest protocol

/**
 * Going live from the browser:
 * 1. `POST /api/streaming/sessions` → a session in status 'starting' with `ingestPath`
 *    (`/api/streaming/sessions/<id>/ingest`).
 * 2. Open `new WebSocket(wsUrl(ingestPath))` on the same origin. The server authenticates the upgrade request
 *    with the session cookie (sent automatically by the browser) and checks Origin; a refused socket closes
 *    with a code from STREAM_INGEST.closeCodes and, when possible, first sends an `error` message.
 * 3. Send `{ "type": "hello", "mimeType": recorder.mimeType }` (text), then every MediaRecorder chunk as a
 *    binary message, in order, starting with the first one (it holds the WebM header). Record with 2-second
 *    keyframes (`videoKeyFrameIntervalDuration: 2000`), audio processing off, stereo, a 250–1000 ms timeslice.
 * 4. The server answers `{ "type": "ready" }` once the encoder runs, then `{ "type": "status", session }`
 *    about every second (the same data as GET /api/streaming/live).
 * 5. Scene switches, mute and camera off happen on the canvas and need no message; the browser may send
 *    `{ "type": "scene", "sceneId" }` so the server logs it.
 * 6. End Stream: send `{ "type": "end" }` (or call POST …/stop); the server stops everything, sends a final
 *    `status`, and closes with 1000. Closing the socket without `end` also ends the stream.
 * A new socket to the same session after a drop needs a fresh `MediaRecorder.start()` (a new WebM header).
 */
export const STREAM_INGEST = {
  pathFor: (sessionId: string) => `/api/streaming/sessions/${sessionId}/ingest`,
  /** Largest binary message the server accepts. */
  maxChunkBytes: 8 * 1024 * 1024,
  recommendedTimesliceMs: 500,
  keyframeIntervalMs: 2000,
  closeCodes: {
    normal: 1000,
    unauthorized: 4401,
    notFound: 4404,
    busy: 4409,
    notLive: 4410,
    ingestFailed: 4500,
  },
} as const;

export const ingestClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), mimeType: z.string().max(200) }),
  z.object({ type: z.literal('scene'), sceneId: z.string().max(100) }),
  z.object({ type: z.literal('end') }),
]);
export type IngestClientMessage = z.infer<typeof ingestClientMessageSchema>;

export type IngestServerMessage =
  | { type: 'ready' }
  | { type: 'status'; session: StreamSession }
  | { type: 'error'; code: string; message: string };

/** The ws:// or wss:// URL of an ingest path, from the page's own location. */
export function ingestWebSocketUrl(ingestPath: string, location: { protocol: string; host: string }): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${ingestPath}`;
}
