import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { createJobQueue, type JobQueue } from '../../jobs/job-queue';
import { registerPublishingJobs } from '../../jobs/publish-target.job';
import {
  createPublishingEngine,
  DEFAULT_ENGINE_OPTIONS,
  type EngineOptions,
  type PublishingEngine,
} from './publishing.engine';

export interface PublishingOptions {
  /**
   * Whether this process runs the publish workers and sweeps. Default: ROLE all or worker, except under
   * NODE_ENV=test, where a test turns them on when it needs them (or drives the engine itself).
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

/** The job queue and the publishing engine of this process, started with the app and stopped before it closes. */
export function createPublishing(deps: {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  options?: PublishingOptions;
}): Publishing {
  const { database, config, log } = deps;
  const runWorkers = deps.options?.runWorkers ?? (config.role !== 'api' && config.env !== 'test');
  const queue = createJobQueue({ database, log, runWorkers, connectionString: config.databaseUrl });
  const engineOptions = {
    ...DEFAULT_ENGINE_OPTIONS,
    ...(config.publishMaxConcurrency ? { maxConcurrency: config.publishMaxConcurrency } : {}),
    ...deps.options?.engine,
  };
  const engine = createPublishingEngine({ db: database.db, config, queue, log, options: engineOptions });
  registerPublishingJobs(queue, engine, engineOptions);
  return {
    engine,
    queue,
    start: () => queue.start(),
    stop: () => queue.stop(),
  };
}
