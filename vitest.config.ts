import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts'];
/** Suites that do not touch the database driver: run once, on the PGlite project. */
const driverIndependentTests = [
  'apps/server/src/server.test.ts',
  'apps/server/src/cli/admin-pglite.test.ts',
  'apps/server/src/config/env.test.ts',
  'apps/server/src/config/allocator.test.ts',
  'apps/server/src/config/heap.test.ts',
  'apps/server/src/db/pg-named-statements.test.ts',
  'apps/server/src/db/pglite-named-statements.test.ts',
  'apps/server/src/plugins/fair-admission.test.ts',
  'apps/server/src/layout.test.ts',
  'apps/server/src/layout-roles.test.ts',
  'apps/server/src/lib/front-door.test.ts',
  'apps/server/src/lib/job-queue.test.ts',
  'apps/server/src/lib/proxy-connect.test.ts',
  'apps/server/src/modules/best-time/best-time-model.test.ts',
  'apps/server/src/modules/short-links/short-links-cache.test.ts',
  // The live engine with real ffmpeg, in real time (a 10 s drop, a 20 s grace): what they check is the pipeline,
  // sockets and processes; the stream rows they write are the ones the streaming API's suites check on both.
  'apps/server/src/modules/streaming/live/engine-integration.test.ts',
  'apps/server/src/modules/streaming/live/prerecorded-integration.test.ts',
  'apps/server/src/modules/streaming/live/slate-integration.test.ts',
];
/** Suites that need several processes on one database: PostgreSQL only (PGlite belongs to one process). */
const postgresOnlyTests = [
  'apps/server/src/modules/publishing/publishing-kill.test.ts',
  'apps/server/src/modules/short-links/short-links-kill.test.ts',
  'apps/server/src/lib/job-queue-processes.test.ts',
  'apps/server/src/modules/nodes/nodes-cluster.test.ts',
  'apps/server/src/modules/auth/session-kept-processes.test.ts',
  'apps/server/src/db/connection-lifetime-processes.test.ts',
];
/**
 * Suites that replace a module with `vi.mock`: they get a module registry of their own. Every other server suite
 * shares its worker's (docs/decisions/0090-test-suite-time.md): the server's modules and PGlite's WASM load once
 * per worker instead of once per file, which halves the suite's time.
 */
const mockingTests = [
  'apps/server/src/plugins/security-once.test.ts',
  'apps/server/src/modules/media/media-install-limits.test.ts',
];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const drivers = withPostgres ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

/** The server's integration suite on one database, in a shared or an isolated module registry. */
function serverProject(driver: 'pglite' | 'postgres', isolated: boolean) {
  const skipped = driver === 'pglite' ? postgresOnlyTests : driverIndependentTests;
  return {
    test: {
      name: isolated ? `server-${driver}-isolated` : `server-${driver}`,
      include: isolated ? mockingTests : serverTests,
      exclude: isolated ? skipped : [...skipped, ...mockingTests],
      isolate: isolated,
      environment: 'node' as const,
      env: { TEST_DB_DRIVER: driver },
      setupFiles: ['apps/server/test/setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

/**
 * The browser app's suites that need a module registry of their own, relative to apps/web: those that replace a
 * module with `vi.mock` (found by reading them), and those that count on a module's state being fresh (the session
 * expiry's one handler, which a page rendered by an earlier file may have taken).
 */
const webIsolatedTests = [
  ...readdirSync('apps/web/src', { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => /\bvi\.mock\(/.test(readFileSync(path.join('apps/web/src', file), 'utf8')))
    .map((file) => `src/${file.split(path.sep).join('/')}`),
  'src/lib/session-expiry.test.ts',
];

/**
 * The browser app's suites. Those without `vi.mock` share their worker's module registry, as the server's do:
 * React, the router and the catalogs load once per worker instead of once per file (most of the web suite's time
 * was each file's import and setup, decision 0090). Those with a mock get a registry of their own.
 */
function webProject(isolated: boolean) {
  return {
    extends: './apps/web/vite.config.ts',
    test: {
      name: isolated ? 'web-isolated' : 'web',
      root: './apps/web',
      include: isolated ? webIsolatedTests : ['src/**/*.test.{ts,tsx}'],
      exclude: isolated ? [] : webIsolatedTests,
      isolate: isolated,
      environment: 'happy-dom' as const,
      setupFiles: ['./src/test/setup.ts'],
      // Its files share the two workers with the server's suites: a render that takes 2 s alone can take 6.
      testTimeout: 15_000,
    },
  };
}

/**
 * One Vitest run for every unit and integration suite. The server's integration suite runs once on PGlite
 * and, when TEST_DATABASE_URL points at a PostgreSQL server, once more on it.
 */
export default defineConfig({
  test: {
    // One worker more than cores: most suites wait on the database, a child process or real time (the live engine's
    // integration, 49-59 s a file), and with one a core the machine sat 18 % idle. On a 2-core host three workers took
    // the suite from 616 s to 555 s, the machine 93 % busy (docs/decisions/0123-browser-suite-three-workers.md).
    maxWorkers: Math.max(3, availableParallelism() + 1),
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      webProject(false),
      webProject(true),
      ...drivers.flatMap((driver) => [serverProject(driver, false), serverProject(driver, true)]),
    ],
  },
});
