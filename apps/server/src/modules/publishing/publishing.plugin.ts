import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Config } from '../../config/env';
import type { Database, Db } from '../../db/client';
import * as schema from '../../db/schema/index';
import type { JobSender } from '../../lib/job-queue';
import { type MediaStorage, openMediaStorageLazily } from '../../lib/media/storage';
import {
  createPublishingEngine,
  DEFAULT_ENGINE_OPTIONS,
  type EngineOptions,
  type PublishingEngine,
} from './publishing-engine';

/** Connections of a PostgreSQL worker's own publishing pool. */
const WORKER_POOL_SIZE = 20;

export interface PublishingOptions {
  /**
   * Whether this process works the job queues and runs the publishing sweeps (default off). The app's value
   * comes from ROLE (plugins/jobs.ts `processSwitchesOf`): all or worker, except under NODE_ENV=test, where a
   * test turns them on when it needs them (or drives the engine itself).
   */
  runWorkers?: boolean;
  engine?: Partial<EngineOptions>;
}

export interface Publishing {
  engine: PublishingEngine;
  /** The engine's timings and worker counts (the publishing jobs' tuning: publishing.jobs.ts). */
  tuning: EngineOptions;
  /** Ends the worker pool; after the job runner stopped. */
  stop(): Promise<void>;
}

/**
 * The publishing engine of this process, sending its jobs through `jobs` (the app's job runner). plugins/
 * background.ts builds it, gives it to the publishing jobs (publishing.jobs.ts) and stops it after the runner.
 */
export function createPublishing(deps: {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  jobs: JobSender;
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
  const engineOptions = {
    ...DEFAULT_ENGINE_OPTIONS,
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
  const engine = createPublishingEngine({
    db,
    config,
    queue: deps.jobs,
    log,
    storage,
    options: engineOptions,
  });
  return {
    engine,
    tuning: engineOptions,
    async stop() {
      await workerPool?.end();
    },
  };
}
