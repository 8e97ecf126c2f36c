/**
 * Upgrades (docs/backups.md "Upgrading"): a database written by an earlier release (the fixture: the server at
 * commit 31bb971, migrations 0000–0025, a user with a draft holding an image and a scheduled post, made through
 * its API; `test/fixtures/previous-release/`) is upgraded by this release's start and keeps every row and file;
 * several processes starting together on PostgreSQL apply each migration once.
 */
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, signIn } from '../../test/auth-requests';
import { freshPostgresDatabase as freshDatabase } from '../../test/fresh-postgres';
import { createTestConfig, testDriver } from '../../test/test-app';
import { buildApp } from '../app';
import type { Config } from '../config/env';
import { MIGRATIONS_DIR } from '../config/paths';
import { openDatabase } from './client';

const FIXTURE = path.join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'previous-release');
const OLIVE = { email: 'olive@example.com', password: 'correct-horse-battery' };
const IDS = {
  media: 'IHWnMkC_JHpcOM5orCK8Nw',
  draft: '1cca0b64-b877-4cca-9a56-160dfc7d79eb',
  scheduled: '961273ea-3e68-424d-92a0-7f43d867974e',
};
const journalLength = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

let config: Config;
const databasesToDrop: (() => Promise<void>)[] = [];

async function freshPostgresDatabase(prefix: string): Promise<string> {
  const { url, drop } = await freshDatabase(prefix);
  databasesToDrop.push(drop);
  return url;
}

/** The earlier release's database, loaded as a restore would (plain SQL of `pg_dump --inserts`). */
async function loadFixture(): Promise<Config> {
  const dump = readFileSync(path.join(FIXTURE, 'database.sql'), 'utf8');
  if (testDriver === 'postgres') {
    const url = await freshPostgresDatabase('relaycast_upgrade');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(dump);
    await client.end();
    config = createTestConfig({ databaseUrl: url });
  } else {
    config = createTestConfig();
    const client = await PGlite.create(config.pgliteDir);
    await client.exec(dump);
    await client.close();
  }
  cpSync(path.join(FIXTURE, 'media'), config.mediaDir, { recursive: true });
  return config;
}

beforeAll(async () => {
  await loadFixture();
}, 180_000);
afterAll(async () => {
  for (const drop of databasesToDrop) await drop();
});

describe('upgrading a database from the previous release', () => {
  it('keeps its user, posts, schedule and files', { timeout: 180_000 }, async () => {
    const app = await buildApp(config, { logger: false });
    try {
      const signedIn = await signIn(app, OLIVE);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const cookie = cookieHeader(signedIn);
      const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

      const draft = await get(`/api/posts/${IDS.draft}`);
      expect(draft.statusCode, draft.body).toBe(200);
      expect(draft.json()).toMatchObject({ content: 'A draft from the previous release', status: 'draft' });
      expect(draft.json().media.map((item: { id: string }) => item.id)).toEqual([IDS.media]);

      const scheduled = await get(`/api/posts/${IDS.scheduled}`);
      expect(scheduled.json()).toMatchObject({
        status: 'scheduled',
        scheduledAt: '2030-01-15T09:00:00.000Z',
      });
      expect(scheduled.json().platforms).toEqual(['bluesky', 'mastodon']);

      const file = await get(`/api/media/${IDS.media}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');

      const applied = await app.database.db.execute(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect((applied as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(journalLength);
    } finally {
      await app.close();
    }
  });
});

describe('migrations when several processes start together', () => {
  it('applies each migration once', { timeout: 120_000 }, async () => {
    // On PostgreSQL four pools race on a new database (an advisory lock serialises them); on PGlite, one process.
    const databases =
      testDriver === 'postgres'
        ? await (async () => {
            const url = await freshPostgresDatabase('relaycast_race');
            return Promise.all([1, 2, 3, 4].map(() => openDatabase({ driver: 'postgres', url })));
          })()
        : [await openDatabase({ driver: 'pglite', dataDir: 'memory://' })];
    try {
      await Promise.all(databases.map((database) => database.migrate()));
      await databases[0]!.migrate();
      const applied = await databases[0]!.db.execute(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect((applied as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(journalLength);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  });
});
