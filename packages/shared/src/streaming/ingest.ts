/**
 * The WebSocket ingest protocol the studio speaks when it goes live from the browser. Part of the streaming
 * contract: see ../streaming.ts.
 */
import { z } from 'zod';
import type { StreamSession } from './stream-sessions';

/**
 * Going live from the browser:
 * 1. `POST /api/streaming/sessions` → a session in status 'starting' with `ingestPath`
 *    (`/api/streaming/sessions/<id>/ingest`).
 * 2. Open `new WebSocket(wsUrl(ingestPath))` on the same origin. The server authenticates the upgrade request
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

/** The ws:// or wss:// URL of an ingest path, from the page's own location. */
export function ingestWebSocketUrl(ingestPath: string, location: { protocol: string; host: string }): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${ingestPath}`;
}
