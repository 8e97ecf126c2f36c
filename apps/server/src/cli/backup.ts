import { ConfigError, loadConfig } from '../config/env';
import { DataDirInUseError } from '../lib/data-dir-lock';
import { BackupError, createBackup, restoreBackup } from './backup-archive';

/**
 * `npm run backup [-- --out <folder>]` and `npm run restore -- <file> [--force]` on the server's own configuration
 * (DATABASE_URL, else the embedded PGlite in DATA_DIR; docs/backups.md). On PGlite the server must be stopped.
 */
const USAGE = `Usage:
  npm run backup [-- --out <folder>]      (default folder: <DATA_DIR>/backups)
  npm run restore -- <backup file> [--force]`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  if (command === 'backup') {
    const at = rest.indexOf('--out');
    const outDir = at >= 0 ? rest[at + 1] : `${config.dataDir}/backups`;
    if (!outDir) {
      console.error(USAGE);
      return 2;
    }
    const { file, manifest } = await createBackup(config, outDir);
    console.info(
      `Backup written: ${file}\n  database: ${manifest.database}, media: ${manifest.media} (${manifest.mediaFiles} files)`,
    );
    return 0;
  }
  if (command === 'restore') {
    const file = rest.find((arg) => !arg.startsWith('--'));
    if (!file) {
      console.error(USAGE);
      return 2;
    }
    const { manifest, safetyBackup } = await restoreBackup(config, file, { force: rest.includes('--force') });
    if (safetyBackup) console.info(`What this install held before is kept in ${safetyBackup}`);
    console.info(
      `Restored the backup of ${manifest.createdAt} (${manifest.mediaFiles} media files). Start the server: ` +
        'it applies any newer migrations.',
    );
    return 0;
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof BackupError || err instanceof DataDirInUseError || err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error('The command failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
