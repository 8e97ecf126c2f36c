import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorReplyOf } from '../lib/error-reply';

/**
 * One error handler and one JSON shape, `{ code, message }`: 4xx carry the user message, 5xx a generic one
 * plus the request id (the details go to the log). The mapping is lib/error-reply.ts.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, headers } = errorReplyOf(error, request);
    return reply.headers(headers).status(status).send(body);
  });
});
