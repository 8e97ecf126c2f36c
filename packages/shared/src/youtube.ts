import { utf8Length } from './platforms';

/**
 * YouTube links for the clip generator (spec sections 2, 5, 7 and 9): the video id of a watch, embed, v, e or
 * youtu.be link, and the four snapshots built from it; and how a post's text becomes a video's title and
 * description (the connector publishes them, the composer's preview shows the title).
 */

export const CLIP_GENERATOR_MESSAGES = {
  urlRequired: 'Please enter a video URL',
  invalidUrl: 'Invalid YouTube URL',
  generated: 'Snapshots generated successfully!',
  failed: 'Failed to generate snapshots',
  /** Shown in place of a snapshot's thumbnail when the thumbnail host cannot be reached. */
  previewUnavailable: 'The preview image could not be loaded',
} as const;

/** Seconds into the video of snapshots 0 to 3. */
export const SNAPSHOT_OFFSETS = [30, 60, 90, 120] as const;

export const YOUTUBE_THUMBNAIL_HOST = 'https://img.youtube.com';

export interface Snapshot {
  /** `snapshot-0` to `snapshot-3`. */
  id: string;
  /** Seconds into the video. */
  timestamp: number;
  thumbnail: string;
  videoId: string;
}

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
/** `/embed/ID`, `/v/ID`, `/e/ID`, with an optional trailing slash. */
const PATH_FORMS = /^\/(?:embed|v|e)\/([^/]+)\/?$/;

/** scheme, authority, path, query of a link; the scheme is optional (people paste `youtu.be/…`). */
const LINK = /^(?:([a-z][a-z0-9+.-]*):\/\/)?([^/?#]*)([^?#]*)(?:\?([^#]*))?(?:#.*)?$/i;
const AUTHORITY = /^([a-z0-9.-]+)(?::(80|443))?$/i;

function queryParam(query: string, name: string): string | null {
  for (const pair of query.split('&')) {
    const [key, value = ''] = pair.split('=', 2) as [string, string?];
    if (key === name) return value;
  }
  return null;
}

/** The 11-character video id of a YouTube link, or null when the text is not one of the accepted forms. */
export function parseYouTubeVideoId(input: string): string | null {
  const link = LINK.exec(input.trim());
  if (!link) return null;
  const [, scheme, authority = '', rawPath = '', query = ''] = link;
  if (scheme && !/^https?$/i.test(scheme)) return null;
  const host = AUTHORITY.exec(authority)?.[1]?.toLowerCase();
  if (!host) return null;
  const path = rawPath || '/';
  let candidate: string | null | undefined;
  if (SHORT_HOSTS.has(host)) {
    candidate = /^\/([^/]+)\/?$/.exec(path)?.[1];
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (path === '/watch' || path === '/watch/') candidate = queryParam(query, 'v');
    else candidate = PATH_FORMS.exec(path)?.[1];
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

export function youTubeThumbnailUrl(videoId: string, index: number): string {
  return `${YOUTUBE_THUMBNAIL_HOST}/vi/${videoId}/${index}.jpg`;
}

/** The watch page at an offset, e.g. `https://www.youtube.com/watch?v=ID&t=90s`. */
export function youTubeWatchUrl(videoId: string, seconds: number): string {
  return `https://www.youtube.com/watch?v=${videoId}&t=${seconds}s`;
}

/** Snapshots 0 to 3 of a video, at the spec's offsets, with the provider's thumbnails. */
export function buildSnapshots(videoId: string): Snapshot[] {
  return SNAPSHOT_OFFSETS.map((timestamp, index) => ({
    id: `snapshot-${index}`,
    timestamp,
    thumbnail: youTubeThumbnailUrl(videoId, index),
    videoId,
  }));
}

const TITLE_MAX = 100;
const DESCRIPTION_MAX_BYTES = 5000;

/**
 * A post's text as a YouTube video: the title is the first non-empty line (at most 100 characters), the
 * description the rest (at most 5,000 bytes); YouTube refuses < and > in both. A longer first line is cut with
 * "…" and kept whole at the top of the description, so nothing is lost.
 */
export function youTubeTitleAndDescription(text: string): { title: string; description: string } {
  const clean = text.replace(/[<>]/g, '').trim();
  const [first = '', ...rest] = clean.split('\n');
  const chars = [...first.trim()];
  let title = chars.slice(0, TITLE_MAX).join('');
  let description = rest.join('\n').trim();
  if (chars.length > TITLE_MAX) {
    title = `${chars
      .slice(0, TITLE_MAX - 1)
      .join('')
      .trimEnd()}…`;
    description = `${first.trim()}\n\n${description}`.trim();
  }
  while (utf8Length(description) > DESCRIPTION_MAX_BYTES)
    description = [...description].slice(0, -1).join('');
  return { title: title || 'Untitled video', description };
}
