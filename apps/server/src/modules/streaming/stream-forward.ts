import http from 'node:http';
import https from 'node:https';
import { STREAM_INGEST, STREAMING_MESSAGES } from '@relaycast/shared/streaming';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WebSocket } from 'ws';
import { AppError } from '../../lib/app-error';
import type { StreamingNode } from './stream-placement';

/**
 * Requests about a live stream that another node carries are forwarded to that node (a proxy, not a redirect:
 * docs/decisions/0113-streaming-nodes.md): behind one public address and a load balancer, the browser cannot reach
 * a node by itself. The forwarded request keeps the caller's headers (its cookie or API key is checked again
 * there, on the same database) and carries FORWARDED_BY, so the node that gets it answers itself, never forwards
 * again.
 */
export const FORWARDED_BY = 'x-relaycast-forwarded-by';

/** Headers of one connection, not of the request: never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'proxy-connection',
  'te',
  'trailer',
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-extensions',
  'sec-websocket-protocol',
]);

/** Whether another node sent this request here: it is answered here, whatever this node holds. */
export function wasForwarded(request: FastifyRequest): boolean {
  return typeof request.headers[FORWARDED_BY] === 'string';
}

function forwardedHeaders(request: FastifyRequest, selfId: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  headers[FORWARDED_BY] = selfId;
  return headers;
}

/** How long a forwarded request may take (starting a stream reads the destinations and starts nothing slow). */
const FORWARD_TIMEOUT_MS = 15_000;

/** Forwards `request` (a JSON API route) to `node` and answers with its answer; 503 when the node cannot be reached. */
export async function forwardToNode(
  request: FastifyRequest,
  reply: FastifyReply,
  node: StreamingNode,
  selfId: string,
): Promise<FastifyReply> {
  if (!node.internalUrl) throw new AppError('STREAM_NODE_LOST');
  const target = new URL(request.url, node.internalUrl);
  const headers = forwardedHeaders(request, selfId);
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>(
    (resolve, reject) => {
      const client = target.protocol === 'https:' ? https : http;
      const outgoing = client.request(
        target,
        { method: request.method, headers, timeout: FORWARD_TIMEOUT_MS },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () =>
            resolve({
              status: incoming.statusCode ?? 502,
              headers: incoming.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          incoming.on('error', reject);
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
      outgoing.on('error', reject);
      outgoing.end(body);
    },
  ).catch((err: unknown) => {
    request.log.warn(
      { err: String(err), node: node.id },
      'the streaming node of this stream cannot be reached',
    );
    throw new AppError('STREAM_NODE_LOST');
  });
  // The session's cookie may be refreshed by the node that answered.
  const cookies = answer.headers['set-cookie'];
  if (cookies) reply.header('set-cookie', cookies);
  return reply
    .status(answer.status)
    .type(answer.headers['content-type'] ?? 'application/json')
    .send(answer.text);
}

/** Close codes the studio's socket ends with on purpose; any other end of the node's socket is the node lost. */
const PRODUCT_CLOSE_CODES = new Set<number>(Object.values(STREAM_INGEST.closeCodes));

/**
 * The studio's ingest WebSocket, for a stream another node carries: a second socket to that node, the chunks and
 * messages passed both ways unchanged. When the node's socket ends without one of the product's close codes
 * (the node died or was cut off), the studio is told "The server running this stream stopped…".
 */
export function bridgeIngestSocket(
  socket: WebSocket,
  request: FastifyRequest,
  node: StreamingNode & { internalUrl: string },
  options: { selfId: string; early: { data: Buffer; isBinary: boolean }[] },
): void {
  const target = new URL(request.url, node.internalUrl);
  target.protocol = target.protocol === 'https:' ? 'wss:' : 'ws:';
  const upstream = new WebSocket(target, {
    headers: forwardedHeaders(request, options.selfId),
    perMessageDeflate: false,
    maxPayload: STREAM_INGEST.maxChunkBytes,
  });
  const waiting = options.early;
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary: isBinary });
    else waiting.push({ data, isBinary });
  });
  upstream.on('open', () => {
    for (const { data, isBinary } of waiting.splice(0)) upstream.send(data, { binary: isBinary });
  });
  upstream.on('message', (data: Buffer, isBinary: boolean) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(data, { binary: isBinary });
  });
  upstream.on('error', (err) =>
    request.log.warn({ err: String(err), node: node.id }, 'stream node socket failed'),
  );
  upstream.on('close', (code: number, reason: Buffer) => {
    if (socket.readyState !== WebSocket.OPEN) return;
    if (PRODUCT_CLOSE_CODES.has(code)) {
      socket.close(code, reason.toString('utf8'));
      return;
    }
    const message = STREAMING_MESSAGES.nodeStopped;
    socket.send(JSON.stringify({ type: 'error', code: 'STREAM_NODE_LOST', message }));
    socket.close(STREAM_INGEST.closeCodes.ingestFailed, 'STREAM_NODE_LOST');
  });
  socket.on('close', (code: number) => {
    if (upstream.readyState === WebSocket.CONNECTING) upstream.terminate();
    else if (upstream.readyState === WebSocket.OPEN)
      upstream.close(code >= 3000 || code === 1000 ? code : 1000);
  });
}
