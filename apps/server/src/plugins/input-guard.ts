import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { findInputProblem, inputProblemError } from '../lib/input-problems';
import { unreadBodyHeaders } from '../lib/request-body';

const NUL_IN_URL = /%00|\0/i;

/**
 * Refuses, with a 400 and before any route or the auth forwarder runs, input that PostgreSQL cannot store or
 * that would overflow the stack: a NUL anywhere in the URL (path or query, percent-encoded or not), and a NUL,
 * a lone surrogate or nesting deeper than MAX_INPUT_DEPTH in the parsed params, query or body (whatever the
 * content type's parser produced). Multipart parts are read by the upload route, which strips control
 * characters from file names and reads no other field; their bytes are decoded as UTF-8, which cannot yield
 * a lone surrogate.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // Callback hooks, not async ones: every request runs them, and a promise per hook is a cost every request pays
  // (docs/decisions/0086-request-fixed-cost.md). Fastify turns a synchronous throw into the request's error.
  app.addHook('onRequest', (request, _reply, done) => {
    if (NUL_IN_URL.test(request.url)) {
      throw new AppError('INVALID_CHARACTER', { headers: unreadBodyHeaders(request) });
    }
    done();
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const problem =
      findInputProblem(request.params) ?? findInputProblem(request.query) ?? findInputProblem(request.body);
    if (problem) throw inputProblemError(problem);
    done();
  });
});
