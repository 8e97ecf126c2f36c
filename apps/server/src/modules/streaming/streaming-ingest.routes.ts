import {
  type IngestServerMessage,
  ingestClientMessageSchema,
  ingestFormatSchema,
  STREAM_INGEST,
  STREAMING_MESSAGES,
} from '@relaycast/shared/streaming';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { callerOf } from '../../lib/caller';
import { isOriginAccepted } from '../../lib/request-origin';
import { assertRoleCan } from '../../lib/role-check';
import type { StreamOwner } from './destinations.service';
import type { StreamEngine } from './live/engine';
import { bridgeIngestSocket, wasForwarded } from './stream-forward';
import { streamElsewhere } from './stream-placement';

const CLOSE_CODE_OF: Record<string, number> = {
  UNAUTHORIZED: STREAM_INGEST.closeCodes.unauthorized,
  NOT_FOUND: STREAM_INGEST.closeCodes.notFound,
  STREAM_INGEST_BUSY: STREAM_INGEST.closeCodes.busy,
  STREAM_NOT_LIVE: STREAM_INGEST.closeCodes.notLive,
  STREAM_NODE_LOST: STREAM_INGEST.closeCodes.ingestFailed,
};

function send(socket: WebSocket, message: IngestServerMessage) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function refuse(socket: WebSocket, code: string, message: string) {
  send(socket, { type: 'error', code, message });
  socket.close(CLOSE_CODE_OF[code] ?? STREAM_INGEST.closeCodes.ingestFailed, code);
}

/**
 * A stream another node carries: the socket is passed on to it (decision 0113) with what arrived meanwhile; a
 * stream whose node died is refused with the node-stopped message.
 */
async function passedOnElsewhere(
  socket: WebSocket,
  request: FastifyRequest<{ Params: { id: string } }>,
  deps: { engine: StreamEngine; db: Db; selfId: string },
  caller: StreamOwner,
  early: { data: Buffer; isBinary: boolean }[],
): Promise<boolean> {
  const sessionId = request.params.id;
  if (deps.engine.overlay(sessionId) !== null || wasForwarded(request)) return false;
  const far = await streamElsewhere(deps.db, deps.selfId, caller, sessionId);
  if (far?.lost) throw new AppError('STREAM_NODE_LOST');
  if (!far?.node.internalUrl) return false;
  const node = { ...far.node, internalUrl: far.node.internalUrl };
  bridgeIngestSocket(socket, request, node, { selfId: deps.selfId, early: early.splice(0) });
  return true;
}

/**
 * `GET /api/streaming/sessions/:id/ingest` (WebSocket): the browser's MediaRecorder chunks for one session.
 * Authenticated by the session cookie of the upgrade request; a page of another origin is refused (browsers
 * send cookies on cross-site WebSocket upgrades).
 */
export function registerIngestSocket(
  app: FastifyInstance,
  deps: { engine: StreamEngine; config: Config; db: Db; selfId: string },
) {
  app.get<{ Params: { id: string } }>(
    '/api/streaming/sessions/:id/ingest',
    // Authenticated inside, so a refusal is a WebSocket close with the product's message.
    { websocket: true, config: { auth: 'public' } },
    (socket: WebSocket, request: FastifyRequest<{ Params: { id: string } }>) => {
      // Listen at once: messages that arrive while the cookie is checked are kept, not lost.
      const early: { data: Buffer; isBinary: boolean }[] = [];
      let deliver: ((data: Buffer, isBinary: boolean) => void) | null = null;
      let onClose: (() => void) | null = null;
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        if (deliver) deliver(data, isBinary);
        else early.push({ data, isBinary });
      });
      socket.on('close', () => onClose?.());

      void (async () => {
        const origin = request.headers.origin;
        if (origin && !isOriginAccepted(origin, request, deps.config)) {
          refuse(socket, 'UNAUTHORIZED', STREAMING_MESSAGES.unauthorized);
          return;
        }
        let ingest: ReturnType<StreamEngine['attachIngest']>;
        const sessionId = request.params.id;
        try {
          const caller = await callerOf(request);
          // A public route, so not the route hook: the same check, for the roles that may go live.
          assertRoleCan(caller.role, 'stream');
          if (await passedOnElsewhere(socket, request, deps, caller, early)) {
            deliver = () => {};
            return;
          }
          // What the recorder sends (?video=h264&width=…): H.264 at the stream's size is copied, the rest
          // encoded. A studio that says nothing, or nonsense, gets the encode.
          const format = ingestFormatSchema.safeParse(request.query);
          ingest = deps.engine.attachIngest(
            sessionId,
            { userId: caller.userId, workspaceId: caller.workspaceId },
            format.success ? format.data : null,
          );
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 401) {
            refuse(socket, 'UNAUTHORIZED', STREAMING_MESSAGES.unauthorized);
          } else if (err instanceof AppError) {
            refuse(socket, err.code, err.message);
          } else {
            request.log.warn({ err: String(err) }, 'stream ingest socket failed to start');
            refuse(socket, 'STREAM_INGEST_FAILED', STREAMING_MESSAGES.ingestFailed);
          }
          return;
        }
        if (socket.readyState !== socket.OPEN) {
          if (!ingest.detach()) void deps.engine.stopSession(sessionId).catch(() => {});
          return;
        }
        let ended = false;
        const end = () => {
          if (ended) return;
          ended = true;
          void deps.engine
            .stopSession(sessionId)
            .then((final) => {
              send(socket, { type: 'status', session: final });
              if (socket.readyState === socket.OPEN) socket.close(STREAM_INGEST.closeCodes.normal, 'ended');
            })
            .catch(() => {});
        };
        const unsubscribe = ingest.subscribe((session) => {
          send(socket, { type: 'status', session });
          if (session.status === 'failed' && !ended) {
            ended = true;
            refuse(socket, 'STREAM_INGEST_FAILED', session.reason ?? STREAMING_MESSAGES.ingestFailed);
          } else if (session.status === 'ended' && !ended) {
            ended = true;
            socket.close(STREAM_INGEST.closeCodes.normal, 'ended');
          }
        });
        onClose = () => {
          unsubscribe();
          // Closed without End Stream (a network blip, a reload): with a slate the stream waits for the studio
          // to reconnect (docs/decisions/0101-slate-on-dropped-source.md); without one it ends.
          if (!ended && ingest.detach()) return;
          end();
        };
        deliver = (data, isBinary) => {
          if (isBinary) {
            ingest.write(data);
            return;
          }
          let parsed: unknown;
          try {
            parsed = JSON.parse(data.toString('utf8'));
          } catch {
            parsed = null;
          }
          const message = ingestClientMessageSchema.safeParse(parsed);
          if (!message.success) return;
          if (message.data.type === 'end') end();
          else if (message.data.type === 'scene')
            request.log.info({ sessionId, scene: message.data.sceneId }, 'scene switched');
        };
        send(socket, { type: 'ready' });
        for (const message of early.splice(0)) deliver(message.data, message.isBinary);
      })();
    },
  );
}
