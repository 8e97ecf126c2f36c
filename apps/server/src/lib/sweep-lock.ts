import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/client';

/**
 * One process at a time for a sweep marked `single` (lib/background-work.ts,
 * docs/decisions/0062-background-work-one-way.md): a PostgreSQL session advisory lock, taken with
 * `pg_try_advisory_lock` on a connection held for the run and released after it. A process that dies loses its
 * session and with it the lock, so a crash never leaves a sweep locked. A process that finds the lock taken
 * skips this run; the next tick tries again.
 *
 * On PGlite every query of the process shares one session, where an advisory lock is re-entrant: the same code
 * takes and releases the database lock, and a set of the names held keeps two runners of one process apart.
 */

/** The first key of every sweep lock (the second is the sweep's name hashed), apart from pg-boss's locks. */
export const SWEEP_LOCK_SPACE = 727_363;

const TRY_LOCK = 'select pg_try_advisory_lock($1::int, hashtext($2)) as locked';
const UNLOCK = 'select pg_advisory_unlock($1::int, hashtext($2))';

export interface SweepLock {
  /** Runs `task` if no other process (or runner of this one) runs `name` now. Returns whether it ran. */
  runAlone(name: string, task: () => Promise<unknown>): Promise<boolean>;
}

/** Names held in this process, per database client. */
const heldHere = new WeakMap<object, Set<string>>();

interface Session {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  release(broken?: boolean): void;
}

async function sessionOf(client: PGlite | pg.Pool, driver: Database['driver']): Promise<Session> {
  if (driver === 'pglite') {
    const lite = client as PGlite;
    return { query: (text, values) => lite.query(text, values), release: () => {} };
  }
  const connection = await (client as pg.Pool).connect();
  return {
    query: (text, values) => connection.query(text, values),
    release: (broken) => connection.release(broken),
  };
}

export function createSweepLock(database: Database): SweepLock {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const held = heldHere.get(client) ?? new Set<string>();
  heldHere.set(client, held);
  return {
    async runAlone(name, task) {
      if (held.has(name)) return false;
      held.add(name);
      try {
        const session = await sessionOf(client, database.driver);
        let broken = false;
        try {
          const { rows } = await session.query(TRY_LOCK, [SWEEP_LOCK_SPACE, name]);
          if (!(rows[0] as { locked: boolean } | undefined)?.locked) return false;
          try {
            await task();
          } finally {
            await session.query(UNLOCK, [SWEEP_LOCK_SPACE, name]).catch(() => {
              // Ending the session releases the lock.
              broken = true;
            });
          }
          return true;
        } finally {
          session.release(broken);
        }
      } finally {
        held.delete(name);
      }
    },
  };
}
