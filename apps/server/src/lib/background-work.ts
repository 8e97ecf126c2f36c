import type { z } from 'zod';
import type { Config } from '../config/env';

/**
 * Background work is declared one way (docs/decisions/0062-background-work-one-way.md): each module lists its
 * jobs and sweeps in its `<module>.jobs.ts` as plain definitions, plugins/job-list.ts lists every module's, and
 * plugins/jobs.ts runs them. A definition names the context it needs (`Context`): the one list checks that the
 * app's context has it.
 *
 * - A **job** is a pg-boss queue: something sends `{ name, payload }`, a worker parses the payload with the
 *   schema and runs the handler. Handlers are idempotent: the row they act on is the truth.
 * - A **sweep** runs every `everyMs` in each process whose ROLE runs it (never two runs at once in a process).
 *   A sweep marked `single` runs on one process at a time across all processes (a database lock:
 *   lib/sweep-lock.ts); the others claim their rows atomically, so every worker process shares the work.
 */

/** A process's ROLE (config/env.ts): `api` serves requests and sends jobs; `all` and `worker` work them. */
export type ProcessRole = Config['role'];

/** The ROLEs that run background work. */
export const WORKER_ROLES: readonly ProcessRole[] = ['all', 'worker'];

/** Worker loops in a process, jobs fetched per poll by each, and the poll interval. */
export interface WorkerTuning {
  workers?: number;
  batchSize?: number;
  pollingIntervalSeconds?: number;
}

export interface BackgroundJob<Context, Schema extends z.ZodType = z.ZodType> {
  kind: 'job';
  name: string;
  schema: Schema;
  /** The ROLEs whose processes work this queue (every process may send to it). */
  roles: readonly ProcessRole[];
  tuning?: WorkerTuning | ((context: Context) => WorkerTuning);
  handler(payload: z.output<Schema>, context: Context): Promise<void>;
}

export interface BackgroundSweep<Context> {
  kind: 'sweep';
  name: string;
  /** Milliseconds between runs; 0 turns the sweep off (an interval setting of 0). */
  everyMs: number | ((context: Context) => number);
  roles: readonly ProcessRole[];
  /** Whether it runs on one process at a time (a lock in the database) rather than on every worker at once. */
  single: boolean;
  /**
   * Under NODE_ENV=test: `runs` as elsewhere, `off` (its tests call the function with the time they need), or
   * `with-workers` (only when the app runs the queue's workers, which a test asks for).
   */
  underTest: 'runs' | 'off' | 'with-workers';
  /** Also run once at start (default: first run after `everyMs`). */
  runNow?: boolean;
  /** How a failed run is logged (default error). */
  failureLevel?: 'error' | 'warn';
  handler(context: Context): Promise<unknown>;
}

export type BackgroundWork<Context> = BackgroundJob<Context> | BackgroundSweep<Context>;

export function defineJob<Context, Schema extends z.ZodType>(
  job: Omit<BackgroundJob<Context, Schema>, 'kind'>,
): BackgroundJob<Context, Schema> {
  return { kind: 'job', ...job };
}

export function defineSweep<Context>(
  sweep: Omit<BackgroundSweep<Context>, 'kind'>,
): BackgroundSweep<Context> {
  return { kind: 'sweep', ...sweep };
}

/** What decides where work runs: the process's ROLE, NODE_ENV, and whether it runs the queue's workers. */
export interface ProcessSwitches {
  role: ProcessRole;
  isTest: boolean;
  /** ROLE all or worker outside tests; a test turns it on when it needs the workers. */
  runWorkers: boolean;
}

/** Whether this process works the queue of `job`. */
export function worksJob(job: BackgroundJob<unknown>, process: ProcessSwitches): boolean {
  return process.runWorkers && job.roles.includes(process.role);
}

/** The interval this process runs `sweep` at, or 0 when it does not run it. */
export function sweepIntervalOf<Context>(
  sweep: BackgroundSweep<Context>,
  process: ProcessSwitches,
  context: Context,
): number {
  if (!sweep.roles.includes(process.role)) return 0;
  if (process.isTest && sweep.underTest === 'off') return 0;
  if (sweep.underTest === 'with-workers' && !process.runWorkers) return 0;
  return typeof sweep.everyMs === 'function' ? sweep.everyMs(context) : sweep.everyMs;
}

/** What this process runs of `work`: the queues it works and the sweeps with their intervals. */
export function planOf<Context>(
  work: readonly BackgroundWork<Context>[],
  process: ProcessSwitches,
  context: Context,
): { jobs: string[]; sweeps: { name: string; everyMs: number }[] } {
  const jobs = work.filter(
    (item) => item.kind === 'job' && worksJob(item as BackgroundJob<unknown>, process),
  );
  const sweeps = work.flatMap((item) => {
    if (item.kind !== 'sweep') return [];
    const everyMs = sweepIntervalOf(item, process, context);
    return everyMs > 0 ? [{ name: item.name, everyMs }] : [];
  });
  return { jobs: jobs.map((job) => job.name), sweeps };
}
