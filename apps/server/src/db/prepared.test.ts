import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';
import { statementName } from './pg-named-statements';
import { executePrepared, perDatabase } from './prepared';

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await test?.cleanup();
});

describe('executePrepared', () => {
  it('runs a statement with CTEs and parameters, again with other values, and two texts side by side', async () => {
    const { db } = test.database;
    const doubled = (value: number) =>
      executePrepared<{ doubled: number }>(
        db,
        sql`with input as (select ${value}::int as v) select (v * 2)::int as doubled from input`,
      );
    const tripled = (value: number) =>
      executePrepared<{ tripled: number }>(db, sql`select (${value}::int * 3)::int as tripled`);
    for (let value = 0; value < 5; value++) {
      expect((await doubled(value)).rows).toEqual([{ doubled: value * 2 }]);
      expect((await tripled(value)).rows).toEqual([{ tripled: value * 3 }]);
    }
  });

  // On PGlite too: its single session holds the statements Drizzle's driver would have parsed at every call.
  it('prepares each text once on the connection, under a name of its own', async () => {
    const { db } = test.database;
    // One call at a time: the pool hands back the connection it last used.
    await executePrepared(db, sql`select ${1}::int as one`);
    await executePrepared(db, sql`select ${2}::int as one`);
    const prepared = await executePrepared<{ name: string; statement: string }>(
      db,
      sql`select name, statement from pg_prepared_statements where name like 'rc\\_%'`,
    );
    const mine = prepared.rows.filter((row) => row.statement.includes('as one'));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.name).toMatch(/^rc_[0-9a-f]{24}$/);
  });
});

describe('statements Drizzle does not name', () => {
  // PostgreSQL: db/pg-named-statements.ts names them from the third call on; PGlite: every one is parsed once.
  it('are prepared on the connection, named from their text, after a few calls', async () => {
    const { db } = test.database;
    const rowsOf = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    for (let call = 0; call < 3; call++) {
      expect(await rowsOf(sql`select ${7}::int as named_after_three`)).toEqual([{ named_after_three: 7 }]);
    }
    const prepared = {
      rows: await rowsOf(
        sql`select name from pg_prepared_statements where statement like ${'%as named_after_three%'}`,
      ),
    };
    expect(prepared.rows).toHaveLength(1);
    // PGlite names the statements Drizzle does not name in its own series (ru_1, ru_2, …).
    const expected =
      test.database.driver === 'postgres' ? statementName('select $1::int as named_after_three') : /^ru_\d+$/;
    expect(prepared.rows[0]?.name).toMatch(expected);
  });
});

describe('perDatabase', () => {
  it('builds once per database', () => {
    let builds = 0;
    const value = perDatabase(() => ({ build: ++builds }));
    const { db } = test.database;
    expect(value(db)).toBe(value(db));
    expect(builds).toBe(1);
  });
});
