import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import {
  type BackgroundJob,
  type BackgroundSweep,
  type BackgroundWork,
  type ProcessSwitches,
  sweepIntervalOf,
  worksJob,
} from '../lib/background-work';
import { createJobQueue, type JobSender } from '../lib/job-queue';
import { type PeriodicTask, startPeriodicTask } from '../lib/periodic-task';
import { createSweepLock } from '../lib/sweep-lock';
import { BACKGROUND_WORK, type JobContext } from './job-list';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue and sweeps of this process (plugins/job-list.ts): routes and modules send jobs through it. */
    jobs: JobRunner<JobContext>;
  }
}

/**
 * Runs the background work of one process (docs/decisions/0062-background-work-one-way.md): every job of the
 * list gets its pg-boss queue (an api process sends to it), and this process works the queues and runs the
 * sweeps its ROLE runs. The background plugin starts it with the context the handlers need, and stops it.
 */
export interface JobRunner<Context> extends JobSender {
  readonly isRunningWorkers: boolean;
  start(context: Context): Promise<void>;
  /** Stops the sweeps (after a run in progress) and the queue's workers, so the database can close after it. */
  stop(): Promise<void>;
  /** Runs a sweep once now, through its lock when it is single. Returns whether it ran (tests). */
  runSweep(name: string): Promise<boolean>;
  /** The sweeps this process runs and their intervals (started with `start`). */
  readonly runningSweeps: readonly { name: string; everyMs: number }[];
}

/** From ROLE and NODE_ENV; under NODE_ENV=test the queue's workers stay off unless a test asks for them. */
export function processSwitchesOf(
  config: Pick<Config, 'role' | 'env'>,
  runWorkers?: boolean,
): ProcessSwitches {
  const isTest = config.env === 'test';
  return { role: config.role, isTest, runWorkers: runWorkers ?? (config.role !== 'api' && !isTest) };
}

export function createJobRunner<Context>(options: {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  process: ProcessSwitches;
  work: readonly BackgroundWork<Context>[];
}): JobRunner<Context> {
  const { database, config, log, process } = options;
  const queue = createJobQueue({
    database,
    log,
    runWorkers: process.runWorkers,
    connectionString: config.databaseUrl,
  });
  const lock = createSweepLock(database);
  const sweeps = options.work.filter((work): work is BackgroundSweep<Context> => work.kind === 'sweep');
  const jobs = options.work.filter((work): work is BackgroundJob<Context> => work.kind === 'job');
  const running: PeriodicTask[] = [];
  const started: { name: string; everyMs: number }[] = [];
  let context: Context | undefined;

  const runOnce = (sweep: BackgroundSweep<Context>, on: Context): Promise<boolean> =>
    sweep.single ? lock.runAlone(sweep.name, () => sweep.handler(on)) : sweep.handler(on).then(() => true);

  return {
    get isRunningWorkers() {
      return queue.isRunningWorkers;
    },
    runningSweeps: started,
    send: (name, payload, sendOptions) => queue.send(name, payload, sendOptions),
    sendMany: (name, payloads) => queue.sendMany(name, payloads),
    cancel: (name, ids) => queue.cancel(name, ids),
    async start(on) {
      context = on;
      for (const job of jobs) {
        const tuning = typeof job.tuning === 'function' ? job.tuning(on) : job.tuning;
        queue.register({
          name: job.name,
          schema: job.schema,
          handler: (payload) => job.handler(payload, on),
          work: worksJob(job as BackgroundJob<unknown>, process),
          ...tuning,
        });
      }
      await queue.start();
      for (const sweep of sweeps) {
        const everyMs = sweepIntervalOf(sweep, process, on);
        if (everyMs <= 0) continue;
        started.push({ name: sweep.name, everyMs });
        const { name, runNow, failureLevel } = sweep;
        running.push(
          startPeriodicTask({ name, everyMs, runNow, failureLevel, log, task: () => runOnce(sweep, on) }),
        );
      }
    },
    async stop() {
      await Promise.all(running.splice(0).map((task) => task.stop()));
      started.splice(0);
      await queue.stop();
    },
    async runSweep(name) {
      const sweep = sweeps.find((candidate) => candidate.name === name);
      if (!sweep || !context) throw new Error(`no sweep ${name} in a started runner`);
      return runOnce(sweep, context);
    },
  };
}

export interface JobsPluginOptions {
  config: Config;
  database: Database;
  /** Tests: whether this app works the queues (default from ROLE and NODE_ENV: `processSwitchesOf`). */
  runWorkers?: boolean;
}

/** Decorates `app.jobs` with the runner of every module's jobs and sweeps; plugins/background.ts starts it. */
async function jobs(app: FastifyInstance, options: JobsPluginOptions) {
  const runner = createJobRunner({
    database: options.database,
    config: options.config,
    log: app.log,
    process: processSwitchesOf(options.config, options.runWorkers),
    work: BACKGROUND_WORK,
  });
  app.decorate('jobs', runner);
}

/** Not encapsulated: `app.jobs` is visible to the routes, the other plugins and the tests. */
export const jobsPlugin = fp(jobs, { name: 'jobs' });
