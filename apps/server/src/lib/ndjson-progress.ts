import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorReplyOf } from './error-reply';

export const NDJSON_TYPE = 'application/x-ndjson';

/** Whether the caller asked for progress lines (`Accept: application/x-ndjson`) rather than one JSON answer. */
export function wantsProgress(request: FastifyRequest): boolean {
  return String(request.headers.accept ?? '').includes(NDJSON_TYPE);
}

/**
 * Answers a long request as a stream of JSON lines (docs/decisions/0083-bulk-import.md, "Progress for large
 * files"): `{ type: 'progress', … }` as the work reports it, then one `{ type: 'result', status, body }` with
 * what the same request answers without progress, an error's `{ code, message }` included (the 200 of the
 * stream is sent before the outcome is known). The work runs in this request: a stream, not a job to poll.
 */
export function sendWithProgress<P extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (report: (progress: P) => void) => Promise<{ status: number; body: unknown }>,
): FastifyReply {
  const stream = new PassThrough();
  const line = (value: object) => `${JSON.stringify(value)}\n`;
  const report = (progress: P) => {
    if (!stream.writableEnded) stream.write(line({ type: 'progress', ...progress }));
  };
  void work(report).then(
    (outcome) => stream.end(line({ type: 'result', ...outcome })),
    (error: unknown) => {
      const { status, body } = errorReplyOf(error, request);
      stream.end(line({ type: 'result', status, body }));
    },
  );
  return reply.header('cache-control', 'no-store').type(`${NDJSON_TYPE}; charset=utf-8`).send(stream);
}
