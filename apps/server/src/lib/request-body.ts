import { Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { AppError } from './app-error';

/** Headers for a refusal sent before the request's body was read: do not read the rest of it. */
export function unreadBodyHeaders(request: FastifyRequest): Record<string, string> {
  return request.raw.complete ? {} : { connection: 'close' };
}

/**
 * A body limit decided per request (decision 0060): a route's `bodyLimit` is the most any caller may send;
 * once the caller is known (in onRequest), a smaller cap is enforced here. A declared length over the cap is
 * refused before a byte is read; a chunked body is cut off as soon as it passes the cap, so it is never held in
 * memory whole. Use from a route's preParsing hook; `refusal` is thrown (413) with `Connection: close`.
 */
export function capRequestBody(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  limit: number,
  refusal: () => AppError,
): NodeJS.ReadableStream {
  const declared = Number(request.headers['content-length']);
  if (declared > limit) throw withCloseHeader(refusal(), request);
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > limit) callback(withCloseHeader(refusal(), request));
      else callback(null, chunk);
    },
  });
  return payload.pipe(counter);
}

function withCloseHeader(error: AppError, request: FastifyRequest): AppError {
  Object.assign(error.headers, unreadBodyHeaders(request));
  return error;
}
