// `node apps/server/dist/cli/migrate.js` (or `npx tsx apps/server/src/cli/migrate.ts`): applies the database's
// migrations on the server's own configuration (DATABASE_URL, else the embedded PGlite in DATA_DIR) and exits.
// The server runs it in a child process before it opens the database (db/migrate-child.ts,
// docs/decisions/0135-migrations-in-a-child-process.md); an operator may run it on its own.
import { ConfigError, EXIT_CONFIG, loadConfig } from '../config/env';
import { databaseTargetOf, openDatabase } from '../db/client';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(databaseTargetOf(config));
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(EXIT_CONFIG);
    }
    console.error('Relaycast could not apply the database migrations:', err);
    process.exit(1);
  },
);
