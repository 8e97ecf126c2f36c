import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Config } from '../../config/env';
import type { Database, Db } from '../../db/client';
import * as schema from '../../db/schema/index';
import { createJobQueue, type JobQueue } from '../../lib/job-queue';
import { type MediaStorage, openMediaStorageLazily } from '../../lib/media/storage';
import { registerPublishingJobs } from './publish-target.job';
import {
  createPublishingEngine,
  DEFAULT_ENGINE_OPTIONS,
  type EngineOptions,
  type PublishingEngine,
} from './publishing.engine';

/** Connections of a PostgreSQL worker's own publishing pool. */
const WORKER_POOL_SIZE = 20;

export interface PublishingOptions {
  /**
   * Whether this process runs the publish workers and sweeps (default off). The app's value comes from
   * plugins/background.ts: ROLE all or worker, except under NODE_ENV=test, where a test turns them on when it
   * needs them (or drives the engine itself).
   */
  runWorkers?: boolean;
  engine?: Partial<EngineOptions>;
}

export interface Publishing {
  engine: PublishingEngine;
  queue: JobQueue;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The job queue and the publishing engine of this process. plugins/background.ts decides whether it runs the
 * workers, starts it with the app and stops it before the app closes.
 */
export function createPublishing(deps: {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  /**
   * The app's media storage (plugins/media.ts). A worker built outside an app (the tests' extra in-process
   * workers, the benchmark) opens the configured storage on first use instead.
   */
  storage?: MediaStorage;
  options?: PublishingOptions;
}): Publishing {
  const { database, config, log } = deps;
  const runWorkers = deps.options?.runWorkers ?? false;
  const storage = deps.storage ?? openMediaStorageLazily(config);
  const queue = createJobQueue({ database, log, runWorkers, connectionString: config.databaseUrl });
  const engineOptions = {
    ...DEFAULT_ENGINE_OPTIONS,
    // Each worker loop waits for its whole batch before it polls again: PostgreSQL workers run more loops so a
    // burst of due posts keeps the platform calls busy; the embedded database (one process) needs few.
    workers: database.driver === 'postgres' ? 8 : 2,
    ...(config.publishMaxConcurrency ? { maxConcurrency: config.publishMaxConcurrency } : {}),
    ...deps.options?.engine,
  };
  // PostgreSQL workers publish through a pool of their own, so a burst of due posts neither starves the API's
  // queries nor waits behind them.
  const workerPool =
    runWorkers && database.driver === 'postgres' && config.databaseUrl
      ? new pg.Pool({
          connectionString: config.databaseUrl,
          max: WORKER_POOL_SIZE,
          application_name: 'relaycast-publish',
        })
      : undefined;
  workerPool?.on('error', () => {});
  const db = workerPool ? (drizzle({ client: workerPool, schema }) as unknown as Db) : database.db;
  const engine = createPublishingEngine({ db, config, queue, log, storage, options: engineOptions });
  registerPublishingJobs(queue, engine, engineOptions);
  return {
    engine,
    queue,
    start: () => queue.start(),
    async stop() {
      await queue.stop();
      await workerPool?.end();
    },
  };
}
