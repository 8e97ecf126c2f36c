import { describe, expect, it } from 'vitest';
import { jsonBody } from './json-body';

describe('jsonBody', () => {
  it('is the UTF-8 bytes of JSON.stringify, outside ASCII too', () => {
    const value = { text: 'Crème brûlée 🚀 日本 "quoted" \\ \n', n: 1.5, list: [null, true] };
    const body = jsonBody(value);
    expect(body.equals(Buffer.from(JSON.stringify(value), 'utf8'))).toBe(true);
  });

  it('gives each answer bytes of its own: the next one does not overwrite them', () => {
    const first = jsonBody({ text: 'first answer' });
    const second = jsonBody({ text: 'second, longer answer' });
    expect(first.toString('utf8')).toBe('{"text":"first answer"}');
    expect(second.toString('utf8')).toBe('{"text":"second, longer answer"}');
  });

  it('encodes an answer larger than its scratch room whole', () => {
    const value = { text: 'é'.repeat(700_000), tail: 'end' };
    const body = jsonBody(value);
    expect(body.length).toBe(Buffer.byteLength(JSON.stringify(value)));
    expect(JSON.parse(body.toString('utf8')).tail).toBe('end');
    expect(jsonBody({ after: 'ok' }).toString('utf8')).toBe('{"after":"ok"}');
  });

  it('writes what JSON.stringify writes for undefined: left out in an object, nothing at the top', () => {
    expect(jsonBody({ a: undefined }).toString('utf8')).toBe('{}');
    expect(jsonBody(undefined).length).toBe(0);
  });
});
