import { ConfigError, loadConfig } from '../config/env';
import { databaseTargetOf, openDatabase } from '../db/client';
import { DataDirInUseError, dataDirHolder } from '../lib/data-dir-lock';
import { runAdminCommand } from './admin-commands';

/**
 * `npm run admin -- <command>`: the administrator's commands on the server's own database (the same
 * configuration as `npm start`: DATABASE_URL, else the embedded PGlite in DATA_DIR, which only one process may
 * open: stop the server first). Migrations are applied first, as at the server's start.
 */
async function main(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  if (!config.databaseUrl) {
    const holder = dataDirHolder(config.dataDir);
    if (holder) {
      console.error(new DataDirInUseError(holder, config.dataDir).message);
      return 1;
    }
  }
  const database = await openDatabase(databaseTargetOf(config));
  try {
    await database.migrate();
    return await runAdminCommand(process.argv.slice(2), {
      db: database.db,
      config,
      out: (line) => console.info(line),
    });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('The admin command failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
