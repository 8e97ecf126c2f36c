import type { ApiErrorBody } from '@relaycast/shared/errors';
import { GENERIC_MESSAGES } from '@relaycast/shared/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ValidationError } from '../lib/app-error';

/**
 * One error handler and one JSON shape, `{ code, message }`: 4xx carry the user message, 5xx a generic one
 * plus the request id (the details go to the log).
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      const body: ApiErrorBody = { code: error.code, message: error.message };
      if (error instanceof ValidationError) body.issues = error.issues;
      const retryAfter = Number(error.headers['retry-after']);
      if (Number.isFinite(retryAfter) && retryAfter > 0) body.retryAfterSeconds = retryAfter;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: (issue.instancePath || '/').replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const body: ApiErrorBody = {
        code: 'VALIDATION_ERROR',
        message: issues[0]?.message ?? GENERIC_MESSAGES.validation,
        issues,
      };
      return reply.status(400).send(body);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return reply.status(429).send({ code: 'RATE_LIMITED', message: GENERIC_MESSAGES.rateLimited });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      return reply.status(status).send({ code: error.code ?? 'BAD_REQUEST', message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      code: 'INTERNAL_ERROR',
      message: GENERIC_MESSAGES.internal,
      requestId: request.id,
    } satisfies ApiErrorBody);
  });
});
