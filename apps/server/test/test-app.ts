import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config/env';
import { MIGRATIONS_DIR } from '../src/config/paths';
import { type Database, type DatabaseOptions, openDatabase } from '../src/db/client';

export const TEST_PUBLIC_URL = 'http://localhost:3000';
export const TEST_ORIGIN = new URL(TEST_PUBLIC_URL).origin;

/** Which database this Vitest project runs the suite on (set per project in vitest.config.ts). */
export const testDriver = (process.env.TEST_DB_DRIVER ?? 'pglite') as 'pglite' | 'postgres';

export interface TestDatabase {
  database: Database;
  /** Connection string of the throwaway database (PostgreSQL only). */
  url?: string;
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database on the PostgreSQL
 * server of TEST_DATABASE_URL, copied from a migrated template and dropped afterwards (so runs leave nothing
 * behind but the template).
 */
export async function createTestDatabase(options: DatabaseOptions = {}): Promise<TestDatabase> {
  if (testDriver === 'pglite') {
    const image = await migratedPgliteImage();
    const database = await openDatabase({ driver: 'pglite', dataDir: 'memory://', image }, options);
    await database.migrate();
    return { database, cleanup: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  const template = await migratedPostgresTemplate(adminUrl);
  const name = `relaycast_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, async (admin) => {
    await admin.query(`create database ${name} template ${template}`);
    // A commit does not wait for its WAL to reach the disk: a test's database dies with the test, and most of a
    // sign-up's time was that wait. What a test sees is unchanged; only a crash of the server would lose the end.
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString() }, options);
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async cleanup() {
      await database.close();
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Arbitrary key for pg_advisory_lock: one process builds the template while the others wait for it. */
const TEMPLATE_LOCK_KEY = 724_311_903;
const TEMPLATE_PREFIX = 'relaycast_test_template_';

/**
 * A migrated PostgreSQL database that each file's database is copied from (`create database … template`, about
 * 0.3 s) instead of running every migration again (1.2-1.6 s on a 2-core host). Its name carries a digest of the
 * migrations, so a changed or added migration makes a new one; the older ones are dropped then. It stays on the
 * server between runs, as a cache.
 */
let postgresTemplate: Promise<string> | undefined;
function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= withAdmin(adminUrl, async (admin) => {
    const template = `${TEMPLATE_PREFIX}${migrationsDigest()}`;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (found.rowCount) return template;
      const stale = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${TEMPLATE_PREFIX}%`],
      );
      for (const { datname } of stale.rows)
        await admin.query(`drop database if exists ${datname} with (force)`);
      // Built under another name and renamed once complete, so a run stopped half-way leaves no broken template.
      const building = `${template.slice(0, 40)}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ driver: 'postgres', url: url.toString() });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${template}`);
      return template;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
  return postgresTemplate;
}

/** A digest of every migration file (names and contents), 16 hex digits. */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (!statSync(full).isFile()) continue;
    hash.update(file).update('\0').update(readFileSync(full)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite data directory, built once per worker: each file's database starts as a copy of it
 * (0.3-0.5 s) instead of running initdb and every migration again (about 1.2 s). Its WAL segments are 1 MB
 * instead of 16 (initdb's `--wal-segsize`), which takes 13 of its 45 MB, all copied at every start.
 */
let pgliteImage: Promise<Blob> | undefined;
function migratedPgliteImage(): Promise<Blob> {
  pgliteImage ??= (async () => {
    const database = await openDatabase({
      driver: 'pglite',
      dataDir: 'memory://',
      initdbArgs: ['--wal-segsize=1', '-c', 'min_wal_size=2MB', '-c', 'max_wal_size=4MB'],
    });
    try {
      await database.migrate();
      const image = await database.image?.();
      if (!image) throw new Error('PGlite gives no data directory image');
      return new BytesBlob(new Uint8Array(await image.arrayBuffer()));
    } finally {
      await database.close();
    }
  })();
  return pgliteImage;
}

/**
 * A Blob over bytes already in memory. PGlite reads an image with `arrayBuffer()`, which for Node's Blob streams
 * the bytes through and joins them again (a third of a database's start); PGlite only reads them, so they are
 * handed over as they are.
 */
class BytesBlob extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>;
  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([]);
    this.#bytes = bytes;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#bytes.buffer;
  }
}

export function createTestConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'relaycast-test-'));
  return loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PUBLIC_URL: TEST_PUBLIC_URL,
      APP_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      AUTH_RATE_LIMIT_PER_EMAIL: '10000',
      // The suites check Standard's limits during the trial: billing as on a hosted server with Stripe.
      BILLING_MODE: 'managed',
    },
    { webDistDir: undefined, ...overrides },
  );
}

export async function createTestApp(options: { config?: Partial<Config> } & BuildAppOptions = {}) {
  const testDb = options.database ? undefined : await createTestDatabase();
  const config = createTestConfig(options.config);
  const app = await buildApp(config, {
    database: options.database ?? testDb?.database,
    logger: false,
    publishing: options.publishing,
  });
  return {
    app,
    config,
    db: app.database.db,
    async close() {
      await app.close();
      await testDb?.cleanup();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Two servers on one database, as two processes behind a load balancer would be: on PostgreSQL each has its own
 * connection pool (so a rule must hold across connections); on PGlite they share the embedded one.
 */
export async function createTwoTestApps(
  options: { config?: Partial<Config>; publishing?: BuildAppOptions['publishing'] } = {},
): Promise<{
  first: TestApp;
  second: TestApp;
  close(): Promise<void>;
}> {
  const testDb = await createTestDatabase();
  const secondDatabase =
    testDriver === 'postgres'
      ? await openDatabase({ driver: 'postgres', url: testDb.url! })
      : testDb.database;
  const { config, publishing } = options;
  const first = await createTestApp({ database: testDb.database, config, publishing });
  const second = await createTestApp({ database: secondDatabase, config, publishing });
  return {
    first,
    second,
    async close() {
      await first.close();
      await second.close();
      if (secondDatabase !== testDb.database) await secondDatabase.close();
      await testDb.cleanup();
    },
  };
}
