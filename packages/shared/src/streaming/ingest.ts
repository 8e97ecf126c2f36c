/**
 * The WebSocket ingest protocol the studio speaks when it goes live from the browser. Part of the streaming
 * contract: see ../streaming.ts.
 */
import { z } from 'zod';
import { RESOLUTION_SIZES } from '../settings';
import type { StreamSession, StreamSettingsSnapshot } from './stream-sessions';

/**
 * Going live from the browser:
 * 1. `POST /api/streaming/sessions` → a session in status 'starting' with `ingestPath`
 *    (`/api/streaming/sessions/<id>/ingest`).
 * 2. Open `new WebSocket(wsUrl(ingestPath))` on the same origin, saying what the recorder sends in the query
 *    (`?video=h264&width=1280&height=720&fps=30`, ingestFormatSchema). H.264 at the stream's own size is copied
 *    to the destinations as it is (encoded once, in the browser); anything else is re-encoded by the server
 *    (ingestVideoPlan). The server authenticates the upgrade request
 *    with the session cookie (sent automatically by the browser) and checks Origin; a refused socket closes
 *    with a code from STREAM_INGEST.closeCodes and, when possible, first sends an `error` message.
 * 3. Send every MediaRecorder chunk as a binary message, in order, starting with the first one (it holds the
 *    WebM header). Record WebM (the server reads the stream as Matroska, whatever the browser would call it),
 *    with 2-second keyframes (`videoKeyFrameIntervalDuration: 2000`), audio processing off, stereo, a
 *    250–1000 ms timeslice.
 * 4. The server answers `{ "type": "ready" }` once the encoder runs, then `{ "type": "status", session }`
 *    about every second (the same data as GET /api/streaming/live).
 * 5. Scene switches, mute and camera off happen on the canvas and need no message; the browser may send
 *    `{ "type": "scene", "sceneId" }` so the server logs it.
 * 6. End Stream: send `{ "type": "end" }` (or call POST …/stop); the server stops everything, sends a final
 *    `status`, and closes with 1000. Closing the socket without `end` is a dropped connection: the destinations
 *    show the slate (docs/decisions/0101-slate-on-dropped-source.md) and a new socket to the same path resumes the
 *    stream, taking over from the old one; without a slate (STREAM_SLATE_SECONDS=0) it ends the stream.
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
  z.object({ type: z.literal('scene'), sceneId: z.string().max(100) }),
  z.object({ type: z.literal('end') }),
]);
export type IngestClientMessage = z.infer<typeof ingestClientMessageSchema>;

export type IngestServerMessage =
  | { type: 'ready' }
  | { type: 'status'; session: StreamSession }
  | { type: 'error'; code: string; message: string };

/** What the studio's recorder sends: its video codec, the picture's size and the frame rate it draws at. */
export const ingestFormatSchema = z.object({
  video: z.enum(['h264', 'vp8', 'vp9', 'av1', 'other']),
  width: z.coerce.number().int().min(16).max(8192),
  height: z.coerce.number().int().min(16).max(8192),
  fps: z.coerce.number().int().min(1).max(240),
});
export type IngestFormat = z.infer<typeof ingestFormatSchema>;

/** The recorder's MIME type (`video/webm;codecs=h264,opus`) as the ingest's video codec. */
export function ingestVideoCodecOf(mimeType: string): IngestFormat['video'] {
  const codecs = /codecs=([^;]+)/i.exec(mimeType)?.[1]?.toLowerCase() ?? '';
  if (/\b(h264|avc1)/.test(codecs)) return 'h264';
  if (/\bvp8\b/.test(codecs)) return 'vp8';
  if (/\b(vp9|vp09)/.test(codecs)) return 'vp9';
  if (/\b(av1|av01)/.test(codecs)) return 'av1';
  return 'other';
}

/**
 * What the server does with the studio's video (docs/decisions/0104-encode-once-in-the-browser.md): `copy` when
 * the browser sends H.264 at the stream's own size and frame rate (the server then only converts the audio to
 * AAC, as cheap as an OBS stream); otherwise `encode`, with why: the codec (a browser without an H.264
 * encoder), the size or the frame rate differing from the stream settings, or a studio that did not say.
 */
export type IngestVideoPlan =
  | { mode: 'copy'; reason: null }
  | { mode: 'encode'; reason: 'codec' | 'size' | 'fps' | 'unknown' };

export function ingestVideoPlan(
  settings: Pick<StreamSettingsSnapshot, 'resolution' | 'fps'>,
  format: IngestFormat | null,
): IngestVideoPlan {
  if (!format) return { mode: 'encode', reason: 'unknown' };
  if (format.video !== 'h264') return { mode: 'encode', reason: 'codec' };
  const size = RESOLUTION_SIZES[settings.resolution];
  if (format.width !== size.width || format.height !== size.height) return { mode: 'encode', reason: 'size' };
  if (format.fps !== settings.fps) return { mode: 'encode', reason: 'fps' };
  return { mode: 'copy', reason: null };
}

/** The ws:// or wss:// URL of an ingest path, from the page's own location, with what the recorder sends. */
export function ingestWebSocketUrl(
  ingestPath: string,
  location: { protocol: string; host: string },
  format?: IngestFormat,
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = format
    ? `?${new URLSearchParams({
        video: format.video,
        width: String(format.width),
        height: String(format.height),
        fps: String(format.fps),
      })}`
    : '';
  return `${scheme}//${location.host}${ingestPath}${query}`;
}
