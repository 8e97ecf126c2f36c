/**
 * The server's migrations applied by a child process (db/migrate-child.ts, decision 0135): on a new database the
 * child applies every migration, the server then opens it and finds none left; a child that fails fails the
 * start with a message that says so; a database the child cannot open is left to its owner.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../test/fresh-postgres';
import { testDriver } from '../../test/test-app';
import { MIGRATIONS_DIR } from '../config/paths';
import { type DatabaseTarget, databaseTargetOf, openDatabase } from './client';
import { childFlags, MIGRATE_ENTRY, MigrationProcessError, migrateInChildProcess } from './migrate-child';

const journalLength = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;
const cleanups: (() => Promise<void>)[] = [];
/** The tests run the TypeScript entry through tsx, as the server does when it runs from its sources. */
const TSX = ['--import', 'tsx'];
/** A wait for a child that compiles its sources through tsx on a loaded machine, not a speed check. */
const CHILD_TIMEOUT_MS = 120_000;

afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A new, empty database of the driver under test, and the environment that names it. */
async function newDatabase(): Promise<{ target: DatabaseTarget; env: NodeJS.ProcessEnv }> {
  const { DATABASE_URL: _unused, ...base } = process.env;
  if (testDriver === 'postgres') {
    const { url, drop } = await freshPostgresDatabase('relaycast_migrate_child');
    cleanups.push(drop);
    return { target: { driver: 'postgres', url }, env: { ...base, DATABASE_URL: url } };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'relaycast-migrate-child-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const env = { ...base, DATA_DIR: dataDir };
  return {
    target: databaseTargetOf({ databaseUrl: undefined, pgliteDir: path.join(dataDir, 'pglite') }),
    env,
  };
}

describe('the migrations applied in a child process', () => {
  it('names the entry built beside the server and the one in the sources', () => {
    expect(MIGRATE_ENTRY).toBe(path.join(import.meta.dirname, '..', 'cli', 'migrate.ts'));
  });

  it(
    'applies every migration to a new database; the server then finds none left to apply',
    async () => {
      const { target, env } = await newDatabase();
      expect(await migrateInChildProcess(target, { execArgv: TSX, env })).toBe(true);

      const database = await openDatabase(target);
      const applied = async () => {
        const result = await database.db.execute(
          sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
        );
        return (result as unknown as { rows: { count: number }[] }).rows[0]?.count;
      };
      try {
        expect(await applied()).toBe(journalLength);
        // The server's own call applies nothing more and does not fail.
        await database.migrate();
        expect(await applied()).toBe(journalLength);
      } finally {
        await database.close();
      }
    },
    CHILD_TIMEOUT_MS,
  );

  it(
    'fails the start with a message when the child cannot apply them',
    async () => {
      const { DATA_DIR: _dir, ...base } = process.env;
      // Nothing listens on port 1: the child cannot connect, says why on the output and exits 1.
      const env = { ...base, DATABASE_URL: 'postgres://relaycast@127.0.0.1:1/relaycast' };
      const failed = migrateInChildProcess(
        { driver: 'postgres', url: env.DATABASE_URL },
        { execArgv: TSX, env },
      );
      await expect(failed).rejects.toBeInstanceOf(MigrationProcessError);
      await expect(failed).rejects.toThrow(
        'The database migrations did not apply: their process exited with code 1 (its messages are above).',
      );
    },
    CHILD_TIMEOUT_MS,
  );

  it('leaves an in-memory database, or one loaded from an image, to the process that owns it', async () => {
    expect(await migrateInChildProcess({ driver: 'pglite', dataDir: 'memory://' })).toBe(false);
    const image = new Blob([]);
    expect(await migrateInChildProcess({ driver: 'pglite', dataDir: 'memory://', image })).toBe(false);
  });

  it("does not give the child the parent's debugger port, profiles or snapshots", () => {
    expect(
      childFlags([
        '--enable-source-maps',
        '--inspect=127.0.0.1:9229',
        '--cpu-prof',
        '--cpu-prof-dir=/tmp/p',
        '--heap-prof',
        '--heapsnapshot-signal=SIGUSR2',
        '--import',
        'tsx',
      ]),
    ).toEqual(['--enable-source-maps', '--import', 'tsx']);
  });
});
