import { PGlite } from '@electric-sql/pglite';
import { eq, inArray, sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client';
import { useNamedStatements } from './pglite-named-statements';
import { executePrepared } from './prepared';

// PGlite in memory whatever the suite's driver: this is PGlite's own path (docs/decisions/0055).
const notes = pgTable('notes', {
  id: text('id').primaryKey(),
  body: text('body').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'string' }),
});

let client: PGlite;
let db: Db;
const statements: string[] = [];

beforeAll(async () => {
  client = await PGlite.create();
  db = drizzle({
    client,
    logger: { logQuery: (query) => statements.push(query) },
  }) as unknown as Db;
  useNamedStatements(db, client);
  await client.exec(`create table notes (id text primary key, body text not null, at timestamptz)`);
  await client.exec(`insert into notes values ('a', 'first', '2026-11-25T10:00:00Z'), ('b', 'second', null)`);
}, 60_000);

afterAll(async () => {
  await client?.close();
});

async function preparedNames(): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select name from pg_prepared_statements where name like 'rc\\_%' order by name`,
  );
  return rows.map((row) => row.name);
}

const byId = () =>
  db
    .select({ id: notes.id, body: notes.body, at: notes.at })
    .from(notes)
    .where(eq(notes.id, sql.placeholder('id')))
    .prepare('notes_by_id');

describe('named statements on PGlite', () => {
  it('answers as the unnamed statement does, parses the text once, and logs every call', async () => {
    const statement = byId();
    const before = statements.length;
    expect(await statement.execute({ id: 'a' })).toEqual([
      { id: 'a', body: 'first', at: '2026-11-25 10:00:00+00' },
    ]);
    expect(await statement.execute({ id: 'b' })).toEqual([{ id: 'b', body: 'second', at: null }]);
    expect(await statement.execute({ id: 'missing' })).toEqual([]);
    // The same rows as Drizzle's own unnamed query.
    expect(
      await db.select({ id: notes.id, body: notes.body, at: notes.at }).from(notes).where(eq(notes.id, 'a')),
    ).toEqual([{ id: 'a', body: 'first', at: '2026-11-25 10:00:00+00' }]);
    expect(statements.length - before).toBe(4);
    // A second Drizzle statement with the same text shares the one parsed statement.
    await byId().execute({ id: 'a' });
    expect(await preparedNames()).toHaveLength(1);
    // Unnamed queries are never kept.
    await db.select().from(notes);
    expect(await preparedNames()).toHaveLength(1);
  });

  it('serializes each value by its parameter type (numbers, dates, nulls) and parses the results', async () => {
    const { rows } = await executePrepared<{ n: number; at: string; missing: null; doc: { k: number } }>(
      db,
      sql`select ${41}::int + 1 as n, ${new Date('2026-01-02T03:04:05Z')}::timestamptz as at,
                 ${null}::text as missing, ${'{"k": 7}'}::json as doc`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.n).toBe(42);
    expect(new Date(rows[0]?.at as string).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(rows[0]?.missing).toBeNull();
    expect(rows[0]?.doc).toEqual({ k: 7 });
  });

  it('rejects a statement that fails, and the database goes on answering', async () => {
    const divide = (by: number) =>
      executePrepared<{ q: number }>(db, sql`select (10 / ${by}::int)::int as q`);
    // Drizzle wraps the database's error: its code is the database's own.
    await expect(divide(0)).rejects.toMatchObject({ cause: { code: '22012' } });
    expect((await divide(5)).rows).toEqual([{ q: 2 }]);
    await expect(executePrepared(db, sql`select * from no_such_table`)).rejects.toMatchObject({
      cause: { code: '42P01' },
    });
    expect(await byId().execute({ id: 'b' })).toEqual([{ id: 'b', body: 'second', at: null }]);
  });

  it('never runs inside another caller’s open transaction', async () => {
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => {
      commit = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 'c', body: 'in a transaction' });
      inserted();
      await committed;
      throw new Error('rolled back');
    });
    await insertedNow;
    // Asked while the transaction is open: it waits for the transaction's end, and never sees its row.
    const read = byId().execute({ id: 'c' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    commit();
    await expect(transaction).rejects.toThrow('rolled back');
    expect(await read).toEqual([]);
  });

  it('inside a transaction, a statement prepared with a name runs named on the transaction', async () => {
    const before = (await preparedNames()).length;
    const rows = await db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 'd', body: 'seen by its own transaction' });
      return tx
        .select({ id: notes.id })
        .from(notes)
        .where(eq(notes.id, sql.placeholder('id')))
        .prepare('in_tx')
        .execute({
          id: 'd',
        });
    });
    expect(rows).toEqual([{ id: 'd' }]);
    expect((await preparedNames()).length).toBe(before + 1);
  });

  it('runs a transaction’s statements inside it: savepoints, rollback, and nothing after its end', async () => {
    let kept: { query: (text: string) => Promise<unknown> } | undefined;
    await db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 'e', body: 'kept' });
      // A nested transaction is a savepoint: its failure undoes its own rows only.
      await expect(
        tx.transaction(async (nested) => {
          await nested.insert(notes).values({ id: 'f', body: 'undone' });
          throw new Error('undo the savepoint');
        }),
      ).rejects.toThrow('undo the savepoint');
      const seen = await tx.select({ id: notes.id }).from(notes).where(sql`${notes.id} in ('e', 'f')`);
      expect(seen).toEqual([{ id: 'e' }]);
      kept = tx as unknown as typeof kept;
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(notes).values({ id: 'g', body: 'rolled back' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const ids = (await db.select({ id: notes.id }).from(notes)).map((row) => row.id).sort();
    expect(ids).toContain('e');
    expect(ids).not.toContain('f');
    expect(ids).not.toContain('g');
    // A statement on a transaction that has ended is refused, as PGlite's own transaction object refuses it.
    await expect((kept as unknown as Db).select().from(notes)).rejects.toMatchObject({
      cause: { message: 'Transaction is closed' },
    });
  });

  it('keeps Drizzle’s text dates inside a transaction too', async () => {
    const rows = await db.transaction((tx) =>
      tx.select({ at: notes.at }).from(notes).where(eq(notes.id, 'a')),
    );
    expect(rows).toEqual([{ at: '2026-11-25 10:00:00+00' }]);
  });

  it('keeps at most 200 other statements parsed, closing the least recently used', async () => {
    const kept = async () =>
      (
        await client.query<{ n: number }>(
          `select count(*)::int as n from pg_prepared_statements where name like 'ru\\_%'`,
        )
      ).rows[0]?.n ?? 0;
    // 250 texts of different shapes (a list's length changes the text), each answered right.
    for (let size = 1; size <= 250; size += 1) {
      const ids = Array.from({ length: size }, (_, i) => (i === 0 ? 'a' : `none-${i}`));
      const rows = await db.select({ id: notes.id }).from(notes).where(inArray(notes.id, ids));
      expect(rows).toEqual([{ id: 'a' }]);
    }
    expect(await kept()).toBeLessThanOrEqual(201);
    expect(await kept()).toBeGreaterThan(100);
  });
});
