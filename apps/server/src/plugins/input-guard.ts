import { ERROR_CODES, INPUT_MESSAGES } from '@relaycast/shared/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** Deeper JSON than this is refused: no form of the product nests more than a few levels. */
export const MAX_INPUT_DEPTH = 64;

const NUL_IN_URL = /%00|\0/i;
/** A UTF-16 surrogate half without its partner: not a character, and PostgreSQL cannot store it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type InputProblem = 'nul' | 'loneSurrogate' | 'tooDeep';

function stringProblem(text: string): InputProblem | null {
  if (text.includes('\0')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'loneSurrogate';
  return null;
}

/**
 * The first reason to refuse a parsed input (body, query or params), or null. Walks without recursion, so a
 * value nested thousands deep cannot overflow the stack here; it stops at MAX_INPUT_DEPTH.
 */
export function findInputProblem(input: unknown): InputProblem | null {
  const stack: { value: unknown; depth: number }[] = [{ value: input, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, depth } = item;
    if (typeof value === 'string') {
      const problem = stringProblem(value);
      if (problem) return problem;
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      if (depth >= MAX_INPUT_DEPTH) return 'tooDeep';
      if (Array.isArray(value)) {
        for (const child of value) stack.push({ value: child, depth: depth + 1 });
      } else {
        for (const [key, child] of Object.entries(value)) {
          const problem = stringProblem(key);
          if (problem) return problem;
          stack.push({ value: child, depth: depth + 1 });
        }
      }
    }
  }
  return null;
}

export function inputProblemError(problem: InputProblem): AppError {
  if (problem === 'tooDeep') return new AppError(ERROR_CODES.nestedTooDeeply, 400, INPUT_MESSAGES.tooDeep);
  const message = problem === 'nul' ? INPUT_MESSAGES.nulCharacter : INPUT_MESSAGES.loneSurrogate;
  return new AppError(ERROR_CODES.invalidCharacter, 400, message);
}

/** Headers for a refusal sent before the request's body was read: do not read the rest of it. */
export function unreadBodyHeaders(request: FastifyRequest): Record<string, string> {
  return request.raw.complete ? {} : { connection: 'close' };
}

/**
 * Refuses, with a 400 and before any route or the auth forwarder runs, input that PostgreSQL cannot store or
 * that would overflow the stack: a NUL anywhere in the URL (path or query, percent-encoded or not), and a NUL,
 * a lone surrogate or nesting deeper than MAX_INPUT_DEPTH in the parsed params, query or body (whatever the
 * content type's parser produced). Multipart parts are read by the upload route, which strips control
 * characters from file names and reads no other field; their bytes are decoded as UTF-8, which cannot yield
 * a lone surrogate.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (NUL_IN_URL.test(request.url)) {
      throw new AppError(
        ERROR_CODES.invalidCharacter,
        400,
        INPUT_MESSAGES.nulCharacter,
        unreadBodyHeaders(request),
      );
    }
  });

  app.addHook('preValidation', async (request) => {
    const problem =
      findInputProblem(request.params) ?? findInputProblem(request.query) ?? findInputProblem(request.body);
    if (problem) throw inputProblemError(problem);
  });
});
