import { INPUT_MESSAGES } from '@relaycast/shared/messages';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInputProblem, MAX_INPUT_DEPTH } from '../lib/input-problems';
import { errorsPlugin } from './errors';
import { inputGuardPlugin } from './input-guard';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

describe('findInputProblem', () => {
  it('finds a NUL in a string, an object key or a deep array', () => {
    expect(findInputProblem('a\u0000b')).toBe('nul');
    expect(findInputProblem({ 'na\u0000me': 'x' })).toBe('nul');
    expect(findInputProblem({ a: [{ b: ['ok', 'no\u0000'] }] })).toBe('nul');
  });

  it('finds a lone surrogate of either half but accepts a pair (an emoji)', () => {
    expect(findInputProblem({ callToAction: '\ud800' })).toBe('loneSurrogate');
    expect(findInputProblem({ overrides: { twitter: 'x\udc00y' } })).toBe('loneSurrogate');
    expect(findInputProblem({ content: 'Coffee ☕ and 😀' })).toBeNull();
  });

  it(`accepts nesting up to ${MAX_INPUT_DEPTH} levels and refuses one more`, () => {
    expect(findInputProblem(nested(MAX_INPUT_DEPTH))).toBeNull();
    expect(findInputProblem(nested(MAX_INPUT_DEPTH + 1))).toBe('tooDeep');
  });

  it('walks a value nested 100,000 deep without overflowing the stack', () => {
    expect(findInputProblem(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBe('tooDeep');
  });

  it('accepts ordinary input', () => {
    expect(findInputProblem({ content: 'Hello', platforms: ['twitter'], count: 3, draft: null })).toBeNull();
    expect(findInputProblem(undefined)).toBeNull();
  });
});

describe('the input guard on requests', () => {
  const app = Fastify({ logger: false });
  let handled = 0;
  beforeAll(async () => {
    await app.register(errorsPlugin);
    await app.register(inputGuardPlugin);
    app.post('/echo/:id', async (request) => {
      handled += 1;
      return { params: request.params, query: request.query, body: request.body };
    });
  });
  afterAll(() => app.close());

  const nulRefusal = { code: 'INVALID_CHARACTER', message: INPUT_MESSAGES.nulCharacter };

  it('refuses a percent-encoded NUL in the path or the query with a 400, before the route runs', async () => {
    const before = handled;
    for (const url of ['/echo/%00', '/echo/a%00b', '/echo/x?q=%00', '/echo/x?%00=1']) {
      const response = await app.inject({ method: 'POST', url, payload: {} });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual(nulRefusal);
    }
    expect(handled).toBe(before);
  });

  it('refuses a NUL or a lone surrogate in a JSON body with a 400 and a clear message', async () => {
    const nul = await app.inject({ method: 'POST', url: '/echo/x', payload: { name: 'Ada\u0000' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual(nulRefusal);

    const surrogate = await app.inject({
      method: 'POST',
      url: '/echo/x',
      headers: { 'content-type': 'application/json' },
      payload: '{"callToAction":"\\ud800"}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json()).toEqual({
      code: 'INVALID_CHARACTER',
      message: INPUT_MESSAGES.loneSurrogate,
    });
  });

  it('refuses a NUL in a text/plain body too', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo/x',
      headers: { 'content-type': 'text/plain' },
      payload: 'a\u0000b',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(nulRefusal);
  });

  it('refuses JSON nested 10,000 deep with a 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo/x',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'NESTED_TOO_DEEPLY', message: INPUT_MESSAGES.tooDeep });
  });

  it('lets ordinary input through unchanged', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo/abc?page=2',
      payload: { content: 'Coffee ☕ 😀', tags: ['a', 'b'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      params: { id: 'abc' },
      query: { page: '2' },
      body: { content: 'Coffee ☕ 😀', tags: ['a', 'b'] },
    });
  });
});
