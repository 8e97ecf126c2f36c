import { INPUT_MESSAGES } from '@relaycast/shared/messages';
import { AppError } from './app-error';

/**
 * What the input guard refuses in parsed input (plugins/input-guard.ts, decision 0015): a NUL or a lone
 * surrogate in any string or key, or nesting deeper than MAX_INPUT_DEPTH. Here so that input parsed outside the
 * request's own parsers (a signed webhook body read raw, decision 0060) is judged by the same rule.
 */

/** Deeper JSON than this is refused: no form of the product nests more than a few levels. */
export const MAX_INPUT_DEPTH = 64;

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
  if (problem === 'tooDeep') return new AppError('NESTED_TOO_DEEPLY');
  const message = problem === 'nul' ? INPUT_MESSAGES.nulCharacter : INPUT_MESSAGES.loneSurrogate;
  return new AppError('INVALID_CHARACTER', { message });
}
