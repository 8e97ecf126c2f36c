import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';
import { type Database, openDatabase } from './client';

/*
 * Pooled PostgreSQL connections are replaced after their lifetime (docs/decisions/0138-pooled-connection-lifetime.md),
 * here one second: the next statement runs on a new server process, the old one is gone, and a transaction that
 * outlives the lifetime keeps its connection to the end. PostgreSQL only: PGlite has no connections.
 */

let testDb: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await openDatabase(
    { driver: 'postgres', url: testDb.url ?? '' },
    { connectionLifetimeSeconds: 1 },
  );
}, 60_000);

afterAll(async () => {
  await database.close();
  await testDb.cleanup();
});

type Row = { pid: number };
const pidOf = async (db: Pick<Database['db'], 'execute'>) =>
  ((await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: Row[] }).rows[0]?.pid;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a pooled connection past its lifetime', () => {
  it('is closed and the next statement runs on a new one', async () => {
    const first = await pidOf(database.db);
    expect(await pidOf(database.db)).toBe(first);
    await wait(1_500);
    const next = await pidOf(database.db);
    expect(next).toBeTypeOf('number');
    expect(next).not.toBe(first);
    const stillThere = (await database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where pid = ${first}`,
    )) as unknown as { rows: { n: number }[] };
    expect(stillThere.rows[0]?.n).toBe(0);
  });

  it('is kept by a transaction that outlives it, to its commit', async () => {
    const { before, after } = await database.db.transaction(async (tx) => {
      const before = await pidOf(tx);
      await tx.execute(sql`create temporary table lifetime_check (n int) on commit drop`);
      await wait(1_500);
      await tx.execute(sql`insert into lifetime_check values (1)`);
      return { before, after: await pidOf(tx) };
    });
    expect(after).toBe(before);
    await wait(200);
    expect(await pidOf(database.db)).not.toBe(before);
  });
});
