import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts'];
/** Suites that do not touch the database driver: run once, on the PGlite project. */
const driverIndependentTests = [
  'apps/server/src/server.test.ts',
  'apps/server/src/config/env.test.ts',
  'apps/server/src/config/allocator.test.ts',
  'apps/server/src/db/pglite-named-statements.test.ts',
  'apps/server/src/plugins/fair-admission.test.ts',
  'apps/server/src/layout.test.ts',
  'apps/server/src/layout-roles.test.ts',
  'apps/server/src/lib/job-queue.test.ts',
  'apps/server/src/lib/proxy-connect.test.ts',
  'apps/server/src/modules/best-time/best-time-model.test.ts',
];
/** Suites that need several processes on one database: PostgreSQL only (PGlite belongs to one process). */
const postgresOnlyTests = [
  'apps/server/src/modules/publishing/publishing-kill.test.ts',
  'apps/server/src/modules/short-links/short-links-kill.test.ts',
  'apps/server/src/lib/job-queue-processes.test.ts',
];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * One Vitest run for every unit and integration suite. The server's integration suite runs once on PGlite
 * and, when TEST_DATABASE_URL points at a PostgreSQL server, once more on it.
 */
export default defineConfig({
  test: {
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
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          exclude: postgresOnlyTests,
          environment: 'node',
          env: { TEST_DB_DRIVER: 'pglite' },
          setupFiles: ['apps/server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                exclude: driverIndependentTests,
                environment: 'node' as const,
                env: { TEST_DB_DRIVER: 'postgres' },
                setupFiles: ['apps/server/test/setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
