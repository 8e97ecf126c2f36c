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
