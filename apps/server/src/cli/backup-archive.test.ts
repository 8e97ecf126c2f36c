/**
 * Backup, wipe, restore (docs/backups.md): on the embedded database and on PostgreSQL (the suite's driver), every
 * post and file comes back; a restore over data is refused without --force and keeps a safety backup with it; a
 * damaged or foreign file is refused and changes nothing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, signIn, signInAsNewUser } from '../../test/auth-requests';
import { freshPostgresDatabase as freshDatabase } from '../../test/fresh-postgres';
import { createTestConfig, testDriver } from '../../test/test-app';
import { buildApp } from '../app';
import type { Config } from '../config/env';
import { type MediaFixtures, makeMediaFixtures, uploadFile } from '../modules/media/media.test-support';
import { BackupError, createBackup, restoreBackup } from './backup-archive';

let fx: MediaFixtures;
let config: Config;
let outDir: string;
let dropDatabase: () => Promise<void> = async () => {};

async function freshPostgresDatabase(): Promise<string> {
  const { url, drop } = await freshDatabase('relaycast_backup');
  dropDatabase = drop;
  return url;
}

/** Runs `use` against the install's server (its own database, on disk), then closes it. */
async function withServer<T>(use: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const app = await buildApp(config, { logger: false });
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

beforeAll(async () => {
  fx = makeMediaFixtures();
  outDir = mkdtempSync(path.join(tmpdir(), 'relaycast-backups-'));
  const databaseUrl = testDriver === 'postgres' ? await freshPostgresDatabase() : undefined;
  config = createTestConfig({ databaseUrl });
}, 60_000);
afterAll(async () => {
  await dropDatabase();
  fx?.cleanup();
  for (const dir of [outDir, config?.dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

async function wipe() {
  rmSync(config.mediaDir, { recursive: true, force: true });
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    // As a new database is: no schema but an empty public one (pg-boss, drizzle and the tables all gone).
    const { rows } = await client.query<{ name: string }>(
      "select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'",
    );
    for (const { name } of rows) await client.query(`drop schema "${name}" cascade`);
    await client.query('create schema public');
    await client.end();
  } else {
    rmSync(config.pgliteDir, { recursive: true, force: true });
  }
}

describe(`backup and restore (${testDriver})`, () => {
  it('brings back every post and file after the install is wiped', { timeout: 240_000 }, async () => {
    const before = await withServer(async (app) => {
      const ada = await signInAsNewUser({ app, db: app.database.db });
      const upload = await uploadFile(app, ada.cookie, 'photo.jpg', fx.jpeg);
      expect(upload.statusCode, upload.body).toBe(201);
      const mediaId = upload.json().id as string;
      const created = await ada.send('POST', '/api/posts', {
        content: 'Kept through a restore',
        platforms: ['mastodon'],
        mediaIds: [mediaId],
        action: 'draft',
      });
      expect(created.statusCode, created.body).toBe(201);
      return { email: ada.email, password: ada.password, mediaId, postId: created.json().id as string };
    });

    const { file, manifest } = await createBackup(config, outDir);
    expect(existsSync(file)).toBe(true);
    expect(manifest).toMatchObject({ database: testDriver, media: 'local' });
    expect(manifest.mediaFiles).toBeGreaterThan(0);

    await wipe();
    const restored = await restoreBackup(config, file);
    expect(restored.safetyBackup).toBeNull();

    await withServer(async (app) => {
      const signedIn = await signIn(app, { email: before.email, password: before.password });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const cookie = cookieHeader(signedIn);
      const post = await app.inject({
        method: 'GET',
        url: `/api/posts/${before.postId}`,
        headers: { cookie },
      });
      expect(post.statusCode, post.body).toBe(200);
      expect(post.json()).toMatchObject({ content: 'Kept through a restore' });
      expect(post.json().media.map((item: { id: string }) => item.id)).toEqual([before.mediaId]);
      const bytes = await app.inject({
        method: 'GET',
        url: `/api/media/${before.mediaId}/file`,
        headers: { cookie },
      });
      expect(bytes.statusCode).toBe(200);
      expect(Buffer.compare(bytes.rawPayload, fx.jpeg)).toBe(0);
    });

    // Over data, only with --force, and what was there is backed up first.
    await expect(restoreBackup(config, file)).rejects.toThrow(/already holds data/);
    const forced = await restoreBackup(config, file, { force: true });
    expect(forced.safetyBackup && existsSync(forced.safetyBackup)).toBe(true);
  });

  it('refuses a damaged, a foreign or a newer backup and changes nothing', { timeout: 120_000 }, async () => {
    const { file } = await createBackup(config, outDir);
    const garbage = path.join(outDir, 'garbage.tar');
    writeFileSync(garbage, 'not a tar');
    await expect(restoreBackup(config, garbage, { force: true })).rejects.toThrow(BackupError);
    await expect(restoreBackup(config, path.join(outDir, 'missing.tar'))).rejects.toThrow(/no backup/);

    const cut = path.join(outDir, 'cut.tar');
    writeFileSync(cut, readFileSync(file).subarray(0, 2048));
    await expect(restoreBackup(config, cut, { force: true })).rejects.toThrow(BackupError);
    // A backup made by a newer release (a migration this code does not know).
    const unpacked = mkdtempSync(path.join(tmpdir(), 'relaycast-newer-'));
    execFileSync('tar', ['-C', unpacked, '-xf', file]);
    const manifestFile = path.join(unpacked, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    manifest.migration = { tag: '9999_from_the_future', when: manifest.migration.when + 1 };
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const newer = path.join(outDir, 'newer.tar');
    execFileSync('tar', ['-C', unpacked, '-cf', newer, '.']);
    rmSync(unpacked, { recursive: true, force: true });
    await expect(restoreBackup(config, newer, { force: true })).rejects.toThrow(/newer Relaycast/);

    // Nothing was replaced: the install still holds its database.
    expect(config.databaseUrl || existsSync(path.join(config.pgliteDir, 'PG_VERSION'))).toBeTruthy();
  });
});
