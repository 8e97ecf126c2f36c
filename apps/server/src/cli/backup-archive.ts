import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config/env';
import { MIGRATIONS_DIR } from '../config/paths';
import { appVersion } from '../config/release';
import { assertDataDirFree } from '../lib/data-dir-lock';

/**
 * `npm run backup` and `npm run restore` (docs/backups.md, docs/decisions/0081-backups-and-one-process-on-pglite.md). A backup is one tar
 * file: `manifest.json`, the database (PGlite's data folder as a gzipped tar, or `pg_dump -Fc` of PostgreSQL) and
 * the media folder when media are on local disk. The media are taken as hard links before the database is dumped
 * and again after it, so every file a row of the dump names is in the backup even if it is deleted meanwhile.
 * A restore checks the manifest and the dump's checksum, keeps what the install held in a safety backup first,
 * then puts the database and the media in place; the next start applies newer migrations (an upgrade).
 */

const run = promisify(execFile);
export const BACKUP_FORMAT = 'relaycast-backup';
const FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The newest migration this install's code knows (drizzle journal), so a restore can refuse a newer one. */
  migration: { tag: string; when: number };
  media: 'local' | 's3';
  databaseFile: string;
  databaseSha256: string;
  mediaFiles: number;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

type BackupConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'pgliteDir' | 'mediaDir' | 's3'>;

function newestMigration(): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const last = journal.entries.at(-1);
  if (!last) throw new BackupError('This install has no migrations.');
  return { tag: last.tag, when: last.when };
}

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** Runs a program the backup needs, turning "not installed" into the package to install. */
async function tool(command: string, args: string[], missing: string): Promise<void> {
  try {
    await run(command, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const error = err as NodeJS.ErrnoException & { stderr?: string };
    if (error.code === 'ENOENT') throw new BackupError(`${command} is not installed: ${missing}.`);
    throw new BackupError(`${command} failed: ${(error.stderr ?? error.message).trim().split('\n')[0]}`);
  }
}

async function countFiles(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

/** Hard links of every media file not yet in `into` (a copy where links cannot be made). */
async function linkMedia(mediaDir: string, into: string): Promise<void> {
  if (!existsSync(mediaDir)) return;
  await mkdir(into, { recursive: true });
  await tool('cp', ['-a', '--link', '--no-clobber', `${mediaDir}/.`, into], 'coreutils').catch(() =>
    cp(mediaDir, into, { recursive: true, force: false, errorOnExist: false }),
  );
}

function stamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, '-');
}

/** Writes a backup into `outDir` and returns its path and manifest. */
export async function createBackup(
  config: BackupConfig,
  outDir: string,
  now = new Date(),
): Promise<{ file: string; manifest: BackupManifest }> {
  const database = config.databaseUrl ? 'postgres' : 'pglite';
  // On PGlite the data folder must be at rest: a copy of files being written is no backup.
  if (database === 'pglite') assertDataDirFree(config.dataDir);
  const staging = path.join(config.dataDir, 'tmp', `backup-${stamp(now)}`);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    const mediaCopy = path.join(staging, 'media');
    if (!config.s3) await linkMedia(config.mediaDir, mediaCopy);
    const databaseFile = database === 'pglite' ? 'database.tar.gz' : 'database.dump';
    const dump = path.join(staging, databaseFile);
    if (database === 'pglite') {
      if (!existsSync(path.join(config.pgliteDir, 'PG_VERSION')))
        throw new BackupError(`There is no database in ${config.pgliteDir} to back up.`);
      const parent = path.dirname(config.pgliteDir);
      await tool('tar', ['-C', parent, '-czf', dump, path.basename(config.pgliteDir)], 'apt-get install tar');
    } else {
      await tool(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', '--file', dump, config.databaseUrl ?? ''],
        'apt-get install postgresql-client',
      );
    }
    // Files uploaded while the database was dumped: their rows may be in the dump.
    if (!config.s3) await linkMedia(config.mediaDir, mediaCopy);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: now.toISOString(),
      database,
      migration: newestMigration(),
      media: config.s3 ? 's3' : 'local',
      databaseFile,
      databaseSha256: await sha256(dump),
      mediaFiles: await countFiles(mediaCopy),
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(outDir, { recursive: true });
    const file = path.join(path.resolve(outDir), `relaycast-backup-${stamp(now)}.tar`);
    // Written under another name and renamed once whole: a file with the backup's name is a whole backup.
    const partial = `${file}.partial`;
    await tool('tar', ['-C', staging, '-cf', partial, '.'], 'apt-get install tar');
    await rename(partial, file);
    return { file, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function readManifest(dir: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError('This is not a Relaycast backup: it has no readable manifest.json.');
  }
  if (manifest.format !== BACKUP_FORMAT || typeof manifest.formatVersion !== 'number')
    throw new BackupError('This is not a Relaycast backup.');
  if (manifest.formatVersion > FORMAT_VERSION || manifest.migration.when > newestMigration().when) {
    throw new BackupError(
      `This backup was made by a newer Relaycast (${manifest.appVersion}, migration ${manifest.migration.tag}): ` +
        'upgrade this install first, then restore.',
    );
  }
  return manifest;
}

async function databaseIsEmpty(config: BackupConfig): Promise<boolean> {
  if (!config.databaseUrl) return !existsSync(path.join(config.pgliteDir, 'PG_VERSION'));
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return rows[0].n === 0;
  } finally {
    await client.end();
  }
}

/** Empties the PostgreSQL database's schemas so the dump goes into a clean one. */
async function clearPostgres(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'",
    );
    for (const { name } of rows)
      await client.query(`drop schema if exists "${name.replace(/"/g, '""')}" cascade`);
    await client.query('create schema if not exists public');
  } finally {
    await client.end();
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** The backup of what the install held before, when it held anything. */
  safetyBackup: string | null;
}

/**
 * Restores `file` into this install. An install that holds data is refused unless `force`; with it, what it
 * holds is backed up first (`safetyBackup`), so a restore never loses anything.
 */
export async function restoreBackup(
  config: BackupConfig,
  file: string,
  options: { force?: boolean; now?: Date } = {},
): Promise<RestoreResult> {
  const now = options.now ?? new Date();
  if (!existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  if (!config.databaseUrl) assertDataDirFree(config.dataDir);
  const unpacked = path.join(config.dataDir, 'tmp', `restore-${stamp(now)}`);
  await rm(unpacked, { recursive: true, force: true });
  await mkdir(unpacked, { recursive: true });
  try {
    await tool('tar', ['-C', unpacked, '-xf', file], 'apt-get install tar').catch(() => {
      throw new BackupError('This backup cannot be read: it is not a tar file, or it is cut short.');
    });
    const manifest = readManifest(unpacked);
    const database = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== database) {
      throw new BackupError(
        `This backup holds a ${manifest.database === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} database and ` +
          `this install uses ${database === 'pglite' ? 'the embedded one' : 'PostgreSQL'}: restore it into the same kind.`,
      );
    }
    const dump = path.join(unpacked, path.basename(manifest.databaseFile));
    if (!existsSync(dump) || (await sha256(dump)) !== manifest.databaseSha256)
      throw new BackupError("This backup's database does not match its checksum: the file is damaged.");
    const holdsData = !(await databaseIsEmpty(config)) || (await countFiles(config.mediaDir)) > 0;
    if (holdsData && !options.force) {
      throw new BackupError(
        'This install already holds data. Run the restore with --force to replace it; what it holds now is ' +
          'backed up first.',
      );
    }
    const safetyBackup = holdsData
      ? (await createBackup(config, path.join(config.dataDir, 'backups'), now)).file
      : null;
    await putDatabaseInPlace(config, dump);
    if (manifest.media === 'local' && !config.s3) {
      await rm(config.mediaDir, { recursive: true, force: true });
      const media = path.join(unpacked, 'media');
      if (existsSync(media)) await rename(media, config.mediaDir);
    }
    return { manifest, safetyBackup };
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}

async function putDatabaseInPlace(config: BackupConfig, dump: string): Promise<void> {
  if (!config.databaseUrl) {
    await rm(config.pgliteDir, { recursive: true, force: true });
    const parent = path.dirname(config.pgliteDir);
    await mkdir(parent, { recursive: true });
    const unpacked = path.join(path.dirname(dump), 'pglite-unpacked');
    await mkdir(unpacked);
    await tool('tar', ['-C', unpacked, '-xzf', dump], 'apt-get install tar');
    const [folder] = await readdir(unpacked);
    if (!folder) throw new BackupError("This backup's database is empty.");
    await rename(path.join(unpacked, folder), config.pgliteDir);
    return;
  }
  await clearPostgres(config.databaseUrl);
  await tool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', config.databaseUrl, dump],
    'apt-get install postgresql-client',
  );
}
