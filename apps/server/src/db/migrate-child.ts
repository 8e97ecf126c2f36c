import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { DatabaseTarget } from './client';

/**
 * The server applies its migrations in a short-lived child process (`cli/migrate.ts`), then opens the database
 * itself and finds nothing left to apply (docs/decisions/0135-migrations-in-a-child-process.md).
 *
 * Why: a server process that had applied the migrations itself stayed slower for the rest of its life. On
 * PostgreSQL it spent 0.76-0.97 ms of CPU on a calendar page against 0.37-0.62 ms for a process started on the
 * same, already migrated database, with 17-60 page faults a request against 1-15: V8 kept mapping and unmapping
 * heap pages for the pages' text. Applied by a child, the migrations leave nothing behind in the server.
 */

/** `cli/migrate.ts`, beside this module in the sources (tsx) and built as `dist/cli/migrate.js` beside `dist/server.js`. */
export const MIGRATE_ENTRY = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? '../cli/migrate.ts' : './cli/migrate.js', import.meta.url),
);

/** Node flags of this process that must not be given to the child: a debugger's port, profiles, snapshots. */
const PARENT_ONLY_FLAGS = ['--inspect', '--cpu-prof', '--heap-prof', '--heapsnapshot', '--prof'];

export class MigrationProcessError extends Error {}

/** This process's Node flags the child is started with: all but those for a debugger, a profile or a snapshot. */
export function childFlags(execArgv: readonly string[]): string[] {
  return execArgv.filter((flag) => !PARENT_ONLY_FLAGS.some((name) => flag.startsWith(name)));
}

/**
 * Runs the migrations of `target` in a child process with this process's environment and returns once they are
 * applied; throws when the child fails (its messages go to this process's output). A database the child cannot
 * open (an in-memory PGlite, or one loaded from an image) is migrated by its owner instead: returns false.
 */
export async function migrateInChildProcess(
  target: DatabaseTarget,
  {
    entry = MIGRATE_ENTRY,
    execArgv = process.execArgv,
    env = process.env,
  }: { entry?: string; execArgv?: readonly string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<boolean> {
  if (target.driver === 'pglite' && (target.dataDir === 'memory://' || target.image)) return false;
  const child = spawn(process.execPath, [...childFlags(execArgv), entry], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // `once` rejects with the child's 'error' (it could not be started) instead of waiting for an exit.
  const [code, signal] = (await once(child, 'exit').catch((err: Error) => {
    throw new MigrationProcessError(`The database migrations could not start: ${err.message}`);
  })) as [number | null, NodeJS.Signals | null];
  if (code !== 0) {
    const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
    throw new MigrationProcessError(
      `The database migrations did not apply: their process ${how} (its messages are above).`,
    );
  }
  return true;
}
