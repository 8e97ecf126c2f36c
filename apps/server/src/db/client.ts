import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config/env';
import { MIGRATIONS_DIR } from '../config/paths';
import { nameStatements } from './pg-named-statements';
import { NOTIFYING_TABLES, TableChangeListener, watchPoolWrites } from './pg-table-writes';
import { useNamedStatements } from './pglite-named-statements';
import * as schema from './schema/index';
import { attachTableWriteWatch, TableWriteWatch } from './table-writes';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. Services take this (or a transaction). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseTarget =
  /**
   * `image`: an in-memory database starts as a copy of this dumped data directory (see Database.image).
   * `initdbArgs`: added to initdb's when a new data directory is made in this process (an in-memory one).
   */
  | { driver: 'pglite'; dataDir: string; image?: Blob; initdbArgs?: string[] }
  | { driver: 'postgres'; url: string };

export interface DatabaseOptions {
  /**
   * Called with every SQL statement the app sends through Drizzle (Better Auth's adapter included). The
   * query-count tests use it to keep the statements per request bounded (docs/decisions/0017).
   */
  onQuery?: (sql: string) => void;
  /** PostgreSQL: seconds a pooled connection serves before it is replaced (CONNECTION_LIFETIME_SECONDS). */
  connectionLifetimeSeconds?: number;
}

/**
 * A pooled PostgreSQL connection is replaced after this long: one idle at the time closes, one in use closes
 * when it is given back (pg-pool's `maxLifetimeSeconds`), and the next request opens a new one. Under a
 * sustained load the server's long-lived connections ran the calendar at half their first round's rate while
 * fresh ones ran it as fast as before (docs/decisions/0138-pooled-connection-lifetime.md).
 */
export const CONNECTION_LIFETIME_SECONDS = 30;

function drizzleLogger(options: DatabaseOptions) {
  const { onQuery } = options;
  return onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
}

export interface Database {
  db: Db;
  driver: DatabaseTarget['driver'];
  /** Applies the committed migrations (idempotent; serialised across processes on PostgreSQL). */
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: the data directory as an uncompressed tar, to start another in-memory database from
   * (`image` of the target). The tests migrate once and copy that: starting from it takes a fifth of the time.
   */
  image?(): Promise<Blob>;
}

/** Arbitrary key for pg_advisory_lock so that only one process migrates at a time. */
const MIGRATION_LOCK_KEY = 724_311_902;

/** The database a configuration names: `DATABASE_URL`'s PostgreSQL, else the embedded PGlite in the data folder. */
export function databaseTargetOf(config: Pick<Config, 'databaseUrl' | 'pgliteDir'>) {
  return config.databaseUrl
    ? ({ driver: 'postgres', url: config.databaseUrl } as const)
    : ({ driver: 'pglite', dataDir: config.pgliteDir } as const);
}

export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<Database> {
  if (target.driver === 'postgres') return openPostgres(target.url, options);
  return openPglite(target, options);
}

/**
 * PGlite's defaults are a server's: 128 MB of shared buffers inside the WASM heap, all of it resident once the
 * data has been read. The embedded database serves one small team; 16 MB keeps the hot pages and the operating
 * system's file cache holds the rest (docs/decisions/0017-request-path-performance.md, "Memory").
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Creates a new PGlite data directory in a short-lived child process. initdb runs in a WASM instance of its
 * own whose memory (about 350 MB) the parent would keep for its whole life; the child returns it at exit.
 */
async function initialisePgliteDir(dataDir: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `const { PGlite } = require(${JSON.stringify(entry)});
PGlite.create(process.argv[1]).then((db) => db.close());`;
  await promisify(execFile)(process.execPath, ['-e', script, dataDir], { timeout: 120_000 });
}

async function openPglite(
  { dataDir, image, initdbArgs }: Extract<DatabaseTarget, { driver: 'pglite' }>,
  options: DatabaseOptions,
): Promise<Database> {
  if (dataDir !== 'memory://') {
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initialisePgliteDir(dataDir);
  }
  const client = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir, {
    startParams: PGLITE_START_PARAMS,
    ...(image && dataDir === 'memory://' ? { loadDataDir: image } : {}),
    ...(initdbArgs ? { initDbStartParams: initdbArgs } : {}),
  });
  const db = drizzlePglite({ client, schema, logger: drizzleLogger(options) }) as unknown as Db;
  // Statements prepared with a name are parsed and planned once, as on PostgreSQL (docs/decisions/0055).
  useNamedStatements(db, client);
  let closed = false;
  return {
    db,
    driver: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    async ping() {
      if (closed || client.closed) throw new Error('the embedded database is closed');
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
    async image() {
      return client.dumpDataDir('none');
    },
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    maxLifetimeSeconds: options.connectionLifetimeSeconds ?? CONNECTION_LIFETIME_SECONDS,
  });
  // An idle client that loses its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // Statements run often are parsed and planned once per connection (docs/decisions/0117).
  nameStatements(pool);
  const db = drizzlePg({ client: pool, schema, logger: drizzleLogger(options) }) as unknown as Db;
  // Writes to the session's tables, this process's and (through a NOTIFY) every other's, so the session's answer
  // can be kept between requests (docs/decisions/0118). Heard from the first session read on.
  const writes = new TableWriteWatch({ reliable: false, onFirstWatch: () => listener.start() });
  const listener = new TableChangeListener(url, writes);
  watchPoolWrites(pool, writes);
  attachTableWriteWatch(db, writes, NOTIFYING_TABLES);
  let closed = false;
  return {
    db,
    driver: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await listener.stop();
      await pool.end();
    },
  };
}
