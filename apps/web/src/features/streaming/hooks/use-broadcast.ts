import {
  type IngestClientMessage,
  type IngestServerMessage,
  ingestVideoCodecOf,
  ingestWebSocketUrl,
  STREAMING_MESSAGES,
  type StartStreamInput,
} from '@relaycast/shared/streaming';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { LIVE_KEY, SESSIONS_KEY, startStreamSession, stopStreamSession } from '@/api/stream-sessions';
import { i18n } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { broadcastReducer, INITIAL_BROADCAST, isDroppedConnection } from '../broadcast-state';
import { pickRecorderMimeType, RECORDER_TIMESLICE_MS, recorderOptions } from '../media/recorder';

/** How long End Stream waits for the server's final status and close before closing the socket itself. */
const END_TIMEOUT_MS = 10_000;
/** After a dropped socket: wait this long before each new try (the last one repeats)… */
const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 4_000, 5_000];
/** …for about as long as the server's slate holds the stream by default (STREAM_SLATE_SECONDS). */
const RECONNECT_FOR_MS = 120_000;

interface Connection {
  socket: WebSocket;
  recorder: MediaRecorder | null;
  sessionId: string;
  isEnding: boolean;
}

export interface GoLiveOptions extends StartStreamInput {
  /** Captures what the scene needs and returns the stream to record, or a message saying what is wrong. */
  prepare(): Promise<{ stream: MediaStream } | { error: string }>;
  videoBitrateKbps: number;
  sceneId: string;
  /** The size and frame rate the studio draws at: told to the server, which copies H.264 that matches. */
  format: { width: number; height: number; fps: number };
}

function send(socket: WebSocket, message: IngestClientMessage): void {
  if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

/**
 * Going live from the browser (the ingest protocol in packages/shared/src/streaming.ts): create the session,
 * open its WebSocket, then send every MediaRecorder chunk in order. One recorder for the whole
 * session: scene switches, mute and camera off change only what is drawn and mixed.
 */
// function-budget: useBroadcast is one state machine whose effects share refs; split when it next changes
export function useBroadcast() {
  const [state, dispatch] = useReducer(broadcastReducer, INITIAL_BROADCAST);
  const connectionRef = useRef<Connection | null>(null);
  const client = useQueryClient();

  const refreshQueries = useCallback(() => {
    void client.invalidateQueries({ queryKey: LIVE_KEY });
    void client.invalidateQueries({ queryKey: SESSIONS_KEY });
  }, [client]);

  const teardown = useCallback(() => {
    const connection = connectionRef.current;
    connectionRef.current = null;
    if (!connection) return;
    if (connection.recorder && connection.recorder.state !== 'inactive') connection.recorder.stop();
    if (connection.socket.readyState <= WebSocket.OPEN) connection.socket.close(1000);
  }, []);

  useEffect(() => teardown, [teardown]);

  const goLive = useCallback(
    async ({ prepare, videoBitrateKbps, sceneId, format, ...input }: GoLiveOptions) => {
      if (connectionRef.current) return;
      dispatch({ type: 'start' });
      const prepared = await prepare();
      if ('error' in prepared) {
        dispatch({ type: 'failed', message: prepared.error });
        return;
      }
      const mimeType =
        typeof MediaRecorder === 'undefined'
          ? null
          : pickRecorderMimeType((t) => MediaRecorder.isTypeSupported(t));
      if (!mimeType) {
        const t = i18n.getFixedT(null, 'streaming');
        dispatch({
          type: 'failed',
          message: t('This browser cannot record video for streaming. Use Chrome, Edge or Firefox.'),
        });
        return;
      }
      let session: Awaited<ReturnType<typeof startStreamSession>>;
      try {
        session = await startStreamSession(input);
      } catch (error) {
        dispatch({
          type: 'failed',
          message: error instanceof ApiError ? error.message : STREAMING_MESSAGES.ingestFailed,
        });
        refreshQueries();
        return;
      }
      if (!session.ingestPath) {
        dispatch({ type: 'failed', message: STREAMING_MESSAGES.ingestFailed });
        return;
      }
      dispatch({ type: 'session-created', session });
      refreshQueries();

      const ingestPath = session.ingestPath;
      const reconnectUntil = { at: 0 };
      // One socket per connection; after a drop a new one (and a fresh recorder: a new WebM header) resumes
      // the same session while the server shows the slate (docs/decisions/0101-slate-on-dropped-source.md).
      const connect = (attempt: number) => {
        const socket = new WebSocket(
          ingestWebSocketUrl(ingestPath, window.location, { video: ingestVideoCodecOf(mimeType), ...format }),
        );
        socket.binaryType = 'arraybuffer';
        const connection: Connection = { socket, recorder: null, sessionId: session.id, isEnding: false };
        connectionRef.current = connection;

        socket.onopen = () => {
          // Ended (End Stream over REST) while this reconnect was on its way.
          if (connectionRef.current !== connection) {
            socket.close(1000);
            return;
          }
          send(socket, { type: 'scene', sceneId });
          let recorder: MediaRecorder;
          try {
            recorder = new MediaRecorder(prepared.stream, recorderOptions(mimeType, videoBitrateKbps));
          } catch {
            const t = i18n.getFixedT(null, 'streaming');
            dispatch({ type: 'failed', message: t('This browser cannot record video for streaming.') });
            teardown();
            return;
          }
          connection.recorder = recorder;
          recorder.ondataavailable = (event) => {
            if (event.data.size > 0 && socket.readyState === WebSocket.OPEN) socket.send(event.data);
          };
          recorder.onstop = () => {
            // The last chunk has been delivered by now; tell the server this is the end, not a dropped link.
            if (connection.isEnding) send(socket, { type: 'end' });
          };
          recorder.start(RECORDER_TIMESLICE_MS);
        };
        socket.onmessage = (event) => {
          if (typeof event.data !== 'string') return;
          let message: IngestServerMessage;
          try {
            message = JSON.parse(event.data) as IngestServerMessage;
          } catch {
            return;
          }
          if (message.type === 'ready') {
            attempt = 0;
            reconnectUntil.at = 0;
            dispatch({ type: 'ready' });
          } else if (message.type === 'status') {
            dispatch({ type: 'status', session: message.session });
            client.setQueryData(LIVE_KEY, { session: message.session });
          } else if (message.type === 'error') dispatch({ type: 'server-error', message: message.message });
        };
        socket.onclose = (event) => {
          const isCurrent = connectionRef.current === connection;
          if (connection.recorder && connection.recorder.state !== 'inactive') connection.recorder.stop();
          if (!isCurrent) return;
          if (!connection.isEnding && isDroppedConnection(event.code)) {
            reconnectUntil.at ||= Date.now() + RECONNECT_FOR_MS;
            if (Date.now() < reconnectUntil.at) {
              dispatch({ type: 'reconnecting' });
              const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 1_000;
              setTimeout(() => {
                if (connectionRef.current === connection) connect(attempt + 1);
              }, delay);
              return;
            }
          }
          connectionRef.current = null;
          // A refusal after a drop: the stream ended while the studio was away (no slate on this server).
          const code =
            attempt > 0 && !isDroppedConnection(event.code) && event.code !== 1000 ? 1006 : event.code;
          dispatch({ type: 'closed', code, reason: attempt > 0 ? '' : event.reason });
          refreshQueries();
        };
      };
      connect(0);
    },
    [client, refreshQueries, teardown],
  );

  /** End Stream: flush the recorder, send `end`, and wait for the server to close (or stop it over REST). */
  const endStream = useCallback(
    async (sessionId: string | null) => {
      const connection = connectionRef.current;
      dispatch({ type: 'end-requested' });
      if (!connection) {
        // An OBS stream, or one started in another tab: stop it over REST.
        if (sessionId) {
          try {
            await stopStreamSession(sessionId);
          } finally {
            refreshQueries();
          }
        }
        return;
      }
      connection.isEnding = true;
      if (connection.socket.readyState !== WebSocket.OPEN) {
        // Between two sockets (reconnecting): end it over REST.
        connectionRef.current = null;
        try {
          await stopStreamSession(connection.sessionId);
        } finally {
          dispatch({ type: 'closed', code: 1000, reason: '' });
          refreshQueries();
        }
        return;
      }
      if (connection.recorder && connection.recorder.state !== 'inactive') connection.recorder.stop();
      else send(connection.socket, { type: 'end' });
      const closed = new Promise<void>((resolve) => {
        connection.socket.addEventListener('close', () => resolve(), { once: true });
        setTimeout(resolve, END_TIMEOUT_MS);
      });
      await closed;
      if ((connection.socket.readyState as number) !== WebSocket.CLOSED) {
        await stopStreamSession(connection.sessionId).catch(() => undefined);
        connection.socket.close(1000);
      }
      refreshQueries();
    },
    [refreshQueries],
  );

  const announceScene = useCallback((sceneId: string) => {
    const connection = connectionRef.current;
    if (connection) send(connection.socket, { type: 'scene', sceneId });
  }, []);

  return { state, goLive, endStream, announceScene };
}
