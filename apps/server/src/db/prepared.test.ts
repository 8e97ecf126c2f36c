import { eq, sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';
import { statementName } from './pg-named-statements';
import { builtOnce, executePrepared, insertRows, perDatabase, sqlBuiltOnce, updateById } from './prepared';

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

describe('sqlBuiltOnce', () => {
  it('writes the statement once and runs it with each call’s values, a value used twice and nulls too', async () => {
    const { db } = test.database;
    let builds = 0;
    const sum = sqlBuiltOnce<{ total: number; label: string | null }>(() => {
      builds += 1;
      const value = (name: string) => sql.placeholder(name);
      return sql`with input as (select ${value('a')}::int as a, ${value('b')}::int as b)
        select (a + b + ${value('a')}::int)::int as total, ${value('label')}::text as label from input`;
    });
    expect((await sum(db, { a: 1, b: 2, label: 'one' })).rows).toEqual([{ total: 4, label: 'one' }]);
    expect((await sum(db, { a: 10, b: -3, label: null })).rows).toEqual([{ total: 17, label: null }]);
    expect(builds).toBe(1);
    const prepared = await executePrepared<{ name: string; statement: string }>(
      db,
      sql`select name, statement from pg_prepared_statements
        where statement like '%as total%' and statement not like '%pg_prepared_statements%'`,
    );
    expect(prepared.rows.map((row) => row.name)).toEqual([expect.stringMatching(/^rc_[0-9a-f]{24}$/)]);
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

// Tables of this test's own, so the check does not hang on the app's schema.
const notes = pgTable('built_once_notes', {
  id: text('id').primaryKey(),
  tags: jsonb('tags').$type<string[]>().notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  ownerId: text('owner_id'),
});
const owners = pgTable('built_once_owners', { id: text('id').primaryKey(), name: text('name').notNull() });
const events = pgTable('built_once_events', {
  id: text('id').primaryKey(),
  payload: jsonb('payload').$type<{ n: number } | null>(),
  at: timestamp('at', { withTimezone: true }),
  note: text('note').notNull().default('none'),
});

describe('builtOnce', () => {
  const insertNote = builtOnce((db) =>
    db
      .insert(notes)
      .values({
        id: sql.placeholder('id'),
        tags: sql.placeholder('tags'),
        at: sql.placeholder('at'),
        ownerId: sql.placeholder('ownerId'),
      })
      .returning({ id: notes.id, tags: notes.tags }),
  );
  const noteWithOwner = builtOnce((db) =>
    db
      .select({ id: notes.id, tags: notes.tags, at: notes.at, owner: { id: owners.id, name: owners.name } })
      .from(notes)
      .leftJoin(owners, eq(owners.id, notes.ownerId))
      .where(eq(notes.id, sql.placeholder('id'))),
  );
  const retag = builtOnce((db) =>
    db
      .update(notes)
      .set({ tags: sql.placeholder('tags') as unknown as string[] })
      .where(eq(notes.id, sql.placeholder('id'))),
  );

  beforeAll(async () => {
    const { db } = test.database;
    await db.execute(sql`create table built_once_owners (id text primary key, name text not null)`);
    await db.execute(
      sql`create table built_once_notes (id text primary key, tags jsonb not null, at timestamptz not null,
        owner_id text references built_once_owners (id))`,
    );
    await db.execute(sql`insert into built_once_owners values ('o1', 'Ada')`);
    await db.execute(
      sql`create table built_once_events (id text primary key, payload jsonb, at timestamptz,
        note text not null default 'none')`,
    );
  });

  it('runs one written query with new values at each call, mapping columns as Drizzle does', async () => {
    const { db } = test.database;
    const at = new Date('2026-11-28T12:34:56.789Z');
    // jsonb and timestamp columns: the placeholders go through the columns' encoders, the rows through their decoders.
    expect(await insertNote(db, { id: 'n1', tags: ['a', 'b'], at, ownerId: 'o1' })).toEqual([
      { id: 'n1', tags: ['a', 'b'] },
    ]);
    expect(await insertNote(db, { id: 'n2', tags: [], at, ownerId: null })).toEqual([{ id: 'n2', tags: [] }]);
    expect(await noteWithOwner(db, { id: 'n1' })).toEqual([
      { id: 'n1', tags: ['a', 'b'], at, owner: { id: 'o1', name: 'Ada' } },
    ]);
    // A left join that found nothing gives a null object, not one of nulls.
    expect(await noteWithOwner(db, { id: 'n2' })).toEqual([{ id: 'n2', tags: [], at, owner: null }]);
    expect(await noteWithOwner(db, { id: 'missing' })).toEqual([]);
    await retag(db, { id: 'n2', tags: ['c'] });
    expect((await noteWithOwner(db, { id: 'n2' }))[0]?.tags).toEqual(['c']);
  });

  it('runs inside a transaction, on its connection, and rolls back with it', async () => {
    const { db } = test.database;
    const at = new Date('2026-11-28T00:00:00.000Z');
    let seenInside: unknown[] = [];
    const ended = await db
      .transaction(async (tx) => {
        await insertNote(tx, { id: 't1', tags: ['x'], at, ownerId: null });
        seenInside = await noteWithOwner(tx, { id: 't1' });
        tx.rollback();
      })
      .catch((error: unknown) => (error instanceof Error ? error.message : error));
    expect(ended).toBe('Rollback');
    expect(seenInside).toEqual([{ id: 't1', tags: ['x'], at, owner: null }]);
    await db.transaction(async (tx) => {
      await insertNote(tx, { id: 't2', tags: ['y'], at, ownerId: 'o1' });
      expect(await noteWithOwner(tx, { id: 't2' })).toHaveLength(1);
    });
    expect(await noteWithOwner(db, { id: 't1' })).toEqual([]);
    expect((await noteWithOwner(db, { id: 't2' }))[0]?.owner).toEqual({ id: 'o1', name: 'Ada' });
  });

  it('writes the SQL once, however many calls', async () => {
    let builds = 0;
    const counted = builtOnce((db) => {
      builds += 1;
      return db
        .select({ id: notes.id })
        .from(notes)
        .where(eq(notes.id, sql.placeholder('id')));
    });
    const { db } = test.database;
    for (const id of ['n1', 'n2', 'n1']) expect(await counted(db, { id })).toEqual([{ id }]);
    await db.transaction(async (tx) => expect(await counted(tx, { id: 'n1' })).toEqual([{ id: 'n1' }]));
    expect(builds).toBe(1);
  });
});

describe('insertRows and updateById', () => {
  const at = new Date('2026-11-28T09:00:00.000Z');
  const read = async (id: string) => {
    const { db } = test.database;
    const rows = await db.select().from(events).where(eq(events.id, id));
    const plain = await db.execute<{ payload_is_sql_null: boolean }>(
      sql`select payload is null as payload_is_sql_null from built_once_events where id = ${id}`,
    );
    const [first] = (plain as unknown as { rows: { payload_is_sql_null: boolean }[] }).rows;
    return { row: rows[0], sqlNull: first?.payload_is_sql_null };
  };

  it('inserts rows as Drizzle would: nulls as SQL nulls, undefined left to the default, each shape apart', async () => {
    const { db } = test.database;
    await insertRows(db, events, [
      { id: 'e1', payload: { n: 1 }, at },
      { id: 'e2', payload: null, at: null },
    ]);
    // Same columns, nulls elsewhere: another statement, not the first one's.
    await insertRows(db, events, [
      { id: 'e3', payload: null, at },
      { id: 'e4', payload: { n: 4 }, at: null },
    ]);
    await insertRows(db, events, [{ id: 'e5', payload: { n: 5 }, at, note: 'given' }]);
    expect(await read('e1')).toEqual({
      row: { id: 'e1', payload: { n: 1 }, at, note: 'none' },
      sqlNull: false,
    });
    expect(await read('e2')).toEqual({
      row: { id: 'e2', payload: null, at: null, note: 'none' },
      sqlNull: true,
    });
    expect(await read('e3')).toEqual({ row: { id: 'e3', payload: null, at, note: 'none' }, sqlNull: true });
    expect(await read('e4')).toEqual({
      row: { id: 'e4', payload: { n: 4 }, at: null, note: 'none' },
      sqlNull: false,
    });
    expect((await read('e5')).row?.note).toBe('given');
  });

  it('inserts rows of different columns, SQL values and big batches the plain way', async () => {
    const { db } = test.database;
    await insertRows(db, events, [
      { id: 'p1', note: 'a' },
      { id: 'p2', payload: { n: 2 } },
    ]);
    await insertRows(db, events, [
      { id: 'p3', at: sql`'2026-01-01T00:00:00Z'::timestamptz` as unknown as Date },
    ]);
    await insertRows(
      db,
      events,
      Array.from({ length: 40 }, (_row, index) => ({ id: `big${index}`, payload: { n: index } })),
    );
    expect((await read('p1')).row?.note).toBe('a');
    expect((await read('p2')).row?.payload).toEqual({ n: 2 });
    expect((await read('p3')).row?.at).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect((await read('big39')).row?.payload).toEqual({ n: 39 });
  });

  it('updates one row by id, in a transaction too, leaving the columns not given', async () => {
    const { db } = test.database;
    await insertRows(db, events, [{ id: 'u1', payload: { n: 1 }, at, note: 'kept' }]);
    await insertRows(db, events, [{ id: 'u2', payload: { n: 2 }, at, note: 'other' }]);
    await updateById(db, events, 'u1', { payload: { n: 10 }, at: undefined });
    expect((await read('u1')).row).toEqual({ id: 'u1', payload: { n: 10 }, at, note: 'kept' });
    await updateById(db, events, 'u1', { payload: null, at: null });
    expect(await read('u1')).toEqual({
      row: { id: 'u1', payload: null, at: null, note: 'kept' },
      sqlNull: true,
    });
    await db.transaction(async (tx) => {
      await updateById(tx, events, 'u1', { payload: { n: 11 }, at });
    });
    expect((await read('u1')).row).toEqual({ id: 'u1', payload: { n: 11 }, at, note: 'kept' });
    // The other row is untouched by every update of u1.
    expect((await read('u2')).row).toEqual({ id: 'u2', payload: { n: 2 }, at, note: 'other' });
  });
});
