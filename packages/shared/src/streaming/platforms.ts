/**
 * The streaming platforms and their default ingest URLs. Part of the streaming contract: see
 * ../streaming.ts.
 */
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
