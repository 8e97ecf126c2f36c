import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDriver } from '../../test/test-app';
import { type Database, openDatabase } from '../db/client';
import { createSweepLock, SWEEP_LOCK_SPACE } from './sweep-lock';

/**
 * The lock of a sweep marked `single` (docs/decisions/0062-background-work-one-way.md). On PostgreSQL the second
 * lock is another connection pool on the same database, as another process would be; on PGlite (one process)
 * it is a second runner of the same database.
 */

let testDb: TestDatabase;
let other: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  other =
    testDriver === 'postgres'
      ? await openDatabase({ driver: 'postgres', url: testDb.url ?? '' })
      : testDb.database;
}, 60_000);

afterAll(async () => {
  if (other !== testDb.database) await other.close();
  await testDb.cleanup();
});

/** Sweep locks held now, by any session, as the database sees them. */
async function sweepLocksHeld(database: Database): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as held from pg_locks where locktype = 'advisory' and classid = ${SWEEP_LOCK_SPACE} and granted`,
  )) as unknown as { rows: { held: number }[] };
  return result.rows[0]?.held ?? 0;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('the lock of a single sweep', () => {
  it('is taken in the database for the run and released after it, also when the run fails', async () => {
    const lock = createSweepLock(testDb.database);
    let heldDuringRun = -1;
    const ran = await lock.runAlone('held-and-released', async () => {
      heldDuringRun = await sweepLocksHeld(testDb.database);
    });
    expect(ran).toBe(true);
    expect(heldDuringRun).toBe(1);
    expect(await sweepLocksHeld(testDb.database)).toBe(0);

    await expect(
      lock.runAlone('held-and-released', async () => {
        throw new Error('the sweep failed');
      }),
    ).rejects.toThrow('the sweep failed');
    expect(await sweepLocksHeld(testDb.database)).toBe(0);
  });

  it('keeps a second process off the sweep while the first runs it, then lets it run', async () => {
    const first = createSweepLock(testDb.database);
    const second = createSweepLock(other);
    const release = deferred();
    const entered = deferred();
    let secondRan = false;
    const running = first.runAlone('one-at-a-time', async () => {
      entered.resolve();
      await release.promise;
    });
    await entered.promise;
    expect(
      await second.runAlone('one-at-a-time', async () => {
        secondRan = true;
      }),
    ).toBe(false);
    expect(secondRan).toBe(false);
    // Another sweep's lock is its own.
    expect(await second.runAlone('another-sweep', async () => {})).toBe(true);
    release.resolve();
    expect(await running).toBe(true);
    expect(
      await second.runAlone('one-at-a-time', async () => {
        secondRan = true;
      }),
    ).toBe(true);
    expect(secondRan).toBe(true);
  });
});
