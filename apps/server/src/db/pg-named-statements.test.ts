import { describe, expect, it } from 'vitest';
import { nameClientStatements, StatementNames, statementName } from './pg-named-statements';

describe('StatementNames', () => {
  it('names a text from its third sighting on, always the same name, derived from the text', () => {
    const names = new StatementNames();
    const text = 'select $1::int as one';
    expect(names.nameFor(text)).toBeUndefined();
    expect(names.nameFor(text)).toBeUndefined();
    const name = names.nameFor(text);
    expect(name).toBe(statementName(text));
    expect(name).toMatch(/^rc_[0-9a-f]{24}$/);
    expect(names.nameFor(text)).toBe(name);
    expect(new StatementNames(10, 1).nameFor(text)).toBe(name);
    expect(statementName('select $1::int as two')).not.toBe(name);
  });

  it('names at most its limit of texts for the life of the process; the others run unnamed', () => {
    const names = new StatementNames(3, 1);
    const first = ['a', 'b', 'c'].map((text) => names.nameFor(`select $1 as ${text}`));
    expect(first.every((name) => name !== undefined)).toBe(true);
    expect(names.nameFor('select $1 as d')).toBeUndefined();
    expect(names.nameFor('select $1 as d')).toBeUndefined();
    expect(names.nameFor('select $1 as a')).toBe(first[0]);
    expect(names.size).toBe(3);
  });
});

/** A client whose `query` records what it was given. */
function recordingClient() {
  const calls: unknown[][] = [];
  const client = { query: (...args: unknown[]) => calls.push(args) };
  nameClientStatements(client as never, new StatementNames(10, 1));
  return { client: client as unknown as { query: (...args: unknown[]) => unknown }, calls };
}

describe('nameClientStatements', () => {
  it('adds the name to a statement with parameters, given as text or as a config', () => {
    const { client, calls } = recordingClient();
    const callback = () => {};
    client.query('select $1::int', [1], callback);
    client.query({ text: 'select $1::text', values: ['a'], rowMode: 'array' });
    expect(calls[0]).toEqual([
      { text: 'select $1::int', name: statementName('select $1::int') },
      [1],
      callback,
    ]);
    expect(calls[1]?.[0]).toEqual({
      text: 'select $1::text',
      values: ['a'],
      rowMode: 'array',
      name: statementName('select $1::text'),
    });
  });

  it('leaves alone a script without parameters, a named statement and a submittable', () => {
    const { client, calls } = recordingClient();
    const script = 'begin; select 1; commit';
    const named = { text: 'select $1::int', values: [1], name: 'mine' };
    const cursor = { text: 'select $1::int', values: [1], submit: () => {} };
    client.query(script);
    client.query(script, []);
    client.query(named);
    client.query(cursor);
    expect(calls.map((call) => call[0])).toEqual([script, script, named, cursor]);
  });
});
