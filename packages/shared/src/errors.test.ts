import { describe, expect, it } from 'vitest';
import { ERRORS, type ErrorDefinition, errorMessage, isErrorCode } from './errors';

describe('the error registry', () => {
  const entries = Object.entries(ERRORS) as [string, ErrorDefinition][];

  it('gives every code an error status and a message', () => {
    const wrong = entries.filter(
      ([code, { status, alsoStatus = [], message }]) =>
        !/^[A-Z][A-Z0-9_]*$/.test(code) ||
        [status, ...alsoStatus].some((each) => each < 400 || each > 599) ||
        alsoStatus.includes(status) ||
        (typeof message === 'string' && message.trim() === ''),
    );
    expect(wrong.map(([code]) => code)).toEqual([]);
  });

  it('answers a refusal by a role with FORBIDDEN 403, and UNAUTHORIZED only for a missing session (401)', () => {
    // The route hook's one refusal (apps/server/src/plugins/authenticate-first.ts, docs/decisions/0066).
    expect(ERRORS.FORBIDDEN).toMatchObject({ status: 403 });
    const unauthorized: ErrorDefinition = ERRORS.UNAUTHORIZED;
    expect([unauthorized.status, ...(unauthorized.alsoStatus ?? [])]).toEqual([401]);
  });

  it('fills a template message with the values of the throw', () => {
    expect(errorMessage('SCENE_LIMIT', 8)).toBe('You can keep up to 8 custom scenes. Remove one first.');
    expect(errorMessage('NOT_FOUND')).toBe('Not found');
  });

  it('knows its codes and nothing else', () => {
    expect(isErrorCode('FORBIDDEN')).toBe(true);
    expect(isErrorCode('TEAPOT')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });
});
