import type { ApiErrorBody } from '@relaycast/shared/errors';
import { GENERIC_MESSAGES } from '@relaycast/shared/messages';
import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ValidationError } from './app-error';

export interface ErrorReply {
  status: number;
  body: ApiErrorBody;
  headers: Record<string, string>;
}

/**
 * What a request answers for an error, in the one JSON shape `{ code, message }`: 4xx carry the user message,
 * 5xx a generic one plus the request id (the details go to the log). The error handler (plugins/errors.ts) sends
 * it; a streamed answer (lib/ndjson-progress.ts) writes it as its last line.
 */
export function errorReplyOf(error: FastifyError | AppError | unknown, request: FastifyRequest): ErrorReply {
  if (error instanceof AppError) {
    const body: ApiErrorBody = { code: error.code, message: error.message };
    if (error instanceof ValidationError) body.issues = error.issues;
    const retryAfter = Number(error.headers['retry-after']);
    if (Number.isFinite(retryAfter) && retryAfter > 0) body.retryAfterSeconds = retryAfter;
    return { status: error.statusCode, body, headers: error.headers };
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    const issues = fastifyError.validation.map((issue) => ({
      path: (issue.instancePath || '/').replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message ?? 'Invalid value',
    }));
    const body: ApiErrorBody = {
      code: 'VALIDATION_ERROR',
      message: issues[0]?.message ?? GENERIC_MESSAGES.validation,
      issues,
    };
    return { status: 400, body, headers: {} };
  }
  const status = typeof fastifyError?.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status === 429) {
    return { status, body: { code: 'RATE_LIMITED', message: GENERIC_MESSAGES.rateLimited }, headers: {} };
  }
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, body too large, unsupported media type).
    return {
      status,
      body: { code: fastifyError.code ?? 'BAD_REQUEST', message: fastifyError.message },
      headers: {},
    };
  }
  request.log.error({ err: error }, 'unhandled error');
  return {
    status: 500,
    body: { code: 'INTERNAL_ERROR', message: GENERIC_MESSAGES.internal, requestId: request.id },
    headers: {},
  };
}
