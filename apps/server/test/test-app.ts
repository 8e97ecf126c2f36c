import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config/env';
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
 * server of TEST_DATABASE_URL that is dropped afterwards (so runs leave nothing behind).
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
  const name = `relaycast_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString() }, options);
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async cleanup() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * A migrated PGlite data directory, built once per worker: each file's database starts as a copy of it
 * (about 0.2 s) instead of running initdb and every migration again (about 1.2 s).
 */
let pgliteImage: Promise<Blob> | undefined;
function migratedPgliteImage(): Promise<Blob> {
  pgliteImage ??= (async () => {
    const database = await openDatabase({ driver: 'pglite', dataDir: 'memory://' });
    try {
      await database.migrate();
      const image = await database.image?.();
      if (!image) throw new Error('PGlite gives no data directory image');
      return image;
    } finally {
      await database.close();
    }
  })();
  return pgliteImage;
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
