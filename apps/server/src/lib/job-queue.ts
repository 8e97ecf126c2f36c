import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { nameStatements } from '../db/pg-named-statements';

/**
 * pg-boss 10 on the app's own database (docs/architecture.md, "Jobs"). On PGlite, pg-boss talks through a small
 * adapter: statements without parameters may hold several commands (its migrations, `BEGIN; …; COMMIT`) and go
 * to `exec`; the others to `query`. On PostgreSQL it shares the app's pool.
 *
 * A job is `{ name, schema, handler }`: the payload is parsed with the zod schema before the handler runs, and
 * handlers must be idempotent (the row they act on is the truth; a job is only a wake-up). Modules do not
 * register here: they declare their jobs in `<module>.jobs.ts` and plugins/jobs.ts registers them all
 * (docs/decisions/0062-background-work-one-way.md).
 */

export interface JobDefinition<Schema extends z.ZodType> {
  name: string;
  schema: Schema;
  handler: (payload: z.output<Schema>) => Promise<void>;
  /** Jobs fetched per poll by one worker loop, and worker loops in this process. */
  batchSize?: number;
  workers?: number;
  pollingIntervalSeconds?: number;
  /** Whether this process works the queue (default: when the queue runs workers). Its queue is created anyway. */
  work?: boolean;
}

export interface SendOptions {
  startAfter?: Date;
}

/** What sending jobs needs: the routes, the engine and the handlers get only this. */
export interface JobSender {
  send(name: string, payload: object, options?: SendOptions): Promise<string | null>;
  /** Many jobs of one queue in one statement (the benchmark, a large schedule); `id` when the caller keeps it. */
  sendMany(name: string, jobs: { id?: string; payload: object; startAfter?: Date }[]): Promise<void>;
  cancel(name: string, ids: string[]): Promise<void>;
}

export interface JobQueue extends JobSender {
  /** Starts pg-boss (creates its schema on first use) and, when `runWorkers`, the registered workers. */
  start(): Promise<void>;
  stop(): Promise<void>;
  register<Schema extends z.ZodType>(definition: JobDefinition<Schema>): void;
  readonly isRunningWorkers: boolean;
}

function pgliteExecutor(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows as unknown[] as never[] };
    },
  };
}

function poolExecutor(pool: pg.Pool): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = await pool.query(text, values && values.length > 0 ? values : undefined);
      // A multi-command string answers with one result per command.
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
  };
}

// function-budget: the queue's one closure over its pg-boss instance, its pool and its timers
export function createJobQueue(options: {
  database: Database;
  log: FastifyBaseLogger;
  /** Whether this process works jobs (ROLE all or worker). */
  runWorkers: boolean;
  /**
   * PostgreSQL: pg-boss gets its own small pool on this database, so polling and completing jobs never wait
   * behind the app's queries (and the reverse). Without it, it shares the app's pool.
   */
  connectionString?: string;
}): JobQueue {
  const { database, log, runWorkers } = options;
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  // The queue's own pool, when it has one: its statements are named like the app's (docs/decisions/0117).
  const ownPool =
    database.driver === 'postgres' && options.connectionString
      ? new pg.Pool({
          connectionString: options.connectionString,
          max: 4,
          application_name: 'relaycast-jobs',
        })
      : undefined;
  if (ownPool) {
    ownPool.on('error', (error) => log.warn({ err: error }, 'job queue connection lost'));
    nameStatements(ownPool);
  }
  const connection: PgBoss.DatabaseOptions =
    database.driver === 'pglite'
      ? { db: pgliteExecutor(client as PGlite) }
      : { db: poolExecutor(ownPool ?? (client as pg.Pool)) };
  const boss = new PgBoss({
    ...connection,
    schema: 'pgboss',
    // Only worker processes maintain the queues (expire, archive); api processes only send.
    supervise: runWorkers,
    schedule: false,
    migrate: true,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const definitions: JobDefinition<z.ZodType>[] = [];
  let started = false;
  let stopping = false;

  return {
    get isRunningWorkers() {
      return runWorkers;
    },
    register(definition) {
      definitions.push(definition as unknown as JobDefinition<z.ZodType>);
    },
    async start() {
      await boss.start();
      started = true;
      for (const definition of definitions) {
        // Processes starting together on a new database create the same queues at once; pg-boss's create_queue
        // inserts the queue and attaches its partition in one statement, and two of them on one name can
        // deadlock. The victim's try is rolled back whole: trying again finds the queue made and does nothing.
        await retryOnDeadlock(() =>
          boss.createQueue(definition.name, {
            name: definition.name,
            retryLimit: 0,
            expireInSeconds: 900,
          }),
        );
      }
      if (!runWorkers) return;
      for (const definition of definitions) {
        if (definition.work === false) continue;
        const loops = definition.workers ?? 1;
        for (let i = 0; i < loops; i++) {
          await boss.work(
            definition.name,
            {
              batchSize: definition.batchSize ?? 10,
              pollingIntervalSeconds: definition.pollingIntervalSeconds ?? 0.5,
            },
            async (jobs) => {
              await Promise.all(
                jobs.map(async (job) => {
                  const parsed = definition.schema.safeParse(job.data);
                  if (!parsed.success) {
                    log.warn({ job: job.id, queue: definition.name }, 'job with an invalid payload dropped');
                    return;
                  }
                  try {
                    await definition.handler(parsed.data);
                  } catch (error) {
                    // The row is the truth: the sweeps pick up whatever a failed handler left behind.
                    if (!stopping) log.error({ err: error, queue: definition.name }, 'job handler failed');
                  }
                }),
              );
            },
          );
        }
      }
    },
    async stop() {
      if (started) {
        stopping = true;
        await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
        started = false;
      }
      await ownPool?.end().catch(() => {});
    },
    async send(name, payload, sendOptions = {}) {
      return boss.send(name, payload, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
      });
    },
    async sendMany(name, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(
        jobs.map((job) => ({
          ...(job.id ? { id: job.id } : {}),
          name,
          data: job.payload,
          ...(job.startAfter ? { startAfter: job.startAfter } : {}),
        })) as never,
      );
    },
    async cancel(name, ids) {
      if (ids.length === 0) return;
      await boss.cancel(name, ids).catch((error) => log.warn({ err: error }, 'could not cancel jobs'));
    },
  };
}

/** PostgreSQL's "deadlock detected": the statement was rolled back so that the other one could go on. */
const DEADLOCK_DETECTED = '40P01';

/** Runs `statement` again (up to `attempts` in all, after a short random pause) when it was a deadlock's victim. */
export async function retryOnDeadlock<T>(
  statement: () => Promise<T>,
  { attempts = 5, pauseMs = 50 }: { attempts?: number; pauseMs?: number } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if ((error as { code?: unknown }).code !== DEADLOCK_DETECTED || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs * attempt * Math.random()));
    }
  }
}
