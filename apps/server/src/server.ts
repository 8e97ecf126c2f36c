import path from 'node:path';
import { buildApp } from './app';
import { allocatorHint } from './config/allocator';
import { ConfigError, EXIT_CONFIG, loadConfig } from './config/env';
import { limitHeapGrowth } from './config/heap';
import { databaseTargetOf } from './db/client';
import { migrateInChildProcess } from './db/migrate-child';
import { reapOrphanedChildren, useChildRegistry } from './lib/child-processes';
import { claimDataDir, DataDirInUseError } from './lib/data-dir-lock';
import { mediaStoreConflict } from './modules/nodes/nodes.service';

/** Starts Relaycast: parse the configuration, build the app (migrations included), listen, shut down cleanly. */
async function main() {
  limitHeapGrowth();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(EXIT_CONFIG);
    }
    throw err;
  }

  // The embedded database is one process's (lib/data-dir-lock.ts): a second server on it would ruin it.
  if (!config.databaseUrl) {
    try {
      claimDataDir(config.dataDir);
    } catch (err) {
      if (!(err instanceof DataDirInUseError)) throw err;
      console.error(err.message);
      process.exit(EXIT_CONFIG);
    }
  }

  // Programs (ffmpeg) a server killed with -9 left running, and their temporary files (docs/decisions/0058).
  const childRegistry = path.join(config.dataDir, 'run', 'children');
  const reaped = reapOrphanedChildren(childRegistry);
  useChildRegistry(childRegistry);
  // Applied by a child process, so that this one starts as a server that never ran them (db/migrate-child.ts).
  await migrateInChildProcess(databaseTargetOf(config));
  const app = await buildApp(config);
  // Several nodes on one PostgreSQL share one media store (docs/decisions/0103-nodes.md).
  const conflict = config.databaseUrl ? await mediaStoreConflict(app.database.db, app.node) : null;
  if (conflict?.level === 'refuse') {
    console.error(conflict.message);
    await app.close();
    process.exit(EXIT_CONFIG);
  }
  if (conflict) app.log.warn(conflict.message);
  if (reaped.killed.length > 0 || reaped.removed.length > 0) {
    app.log.warn(
      reaped,
      'stopped programs and removed temporary files a previous server process left behind',
    );
  }
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.pgliteDir}`;
  console.info(`Relaycast is ready on http://localhost:${port} (database: ${storage})`);
  const hint = allocatorHint({
    usesPglite: !config.databaseUrl,
    tunables: process.env.GLIBC_TUNABLES,
    nodeOptions: [process.env.NODE_OPTIONS ?? '', ...process.execArgv].join(' '),
  });
  if (hint) console.info(hint);
}

main().catch((err) => {
  console.error('Relaycast failed to start:', err);
  process.exit(1);
});
