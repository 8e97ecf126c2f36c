import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';
import { createJobQueue, type JobQueue } from './job-queue';

const silentLog = pino({ level: 'silent' });

/**
 * Two processes started at the same moment on a new database (a web and a worker process, or the publishing
 * benchmark's two workers) create the same queues together. pg-boss's create_queue inserts the queue's row and
 * attaches its partition in one statement; two of them on one name deadlocked, and the process PostgreSQL chose
 * as the victim failed to start ("Relaycast failed to start: error: deadlock detected"). PostgreSQL only: on
 * PGlite one process holds the database and has one job queue.
 */
describe('job queues of several processes starting together on a new database', () => {
  let testDb: TestDatabase;
  const queues: JobQueue[] = [];
  const names = Array.from({ length: 12 }, (_, i) => `race-queue-${i}`);

  beforeAll(async () => {
    testDb = await createTestDatabase();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.stop()));
    await testDb?.cleanup();
  }, 60_000);

  it('all start, and every queue exists once', async () => {
    for (let i = 0; i < 4; i++) {
      const queue = createJobQueue({
        database: testDb.database,
        log: silentLog,
        runWorkers: false,
        // Each its own pool, as separate processes have.
        connectionString: testDb.url,
      });
      for (const name of names) queue.register({ name, schema: z.object({}), handler: async () => {} });
      queues.push(queue);
    }
    const started = await Promise.allSettled(queues.map((queue) => queue.start()));
    expect(started.filter((s) => s.status === 'rejected')).toEqual([]);
    const { rows } = (await testDb.database.db.execute(
      sql`select name from pgboss.queue where name like 'race-queue-%'`,
    )) as unknown as { rows: { name: string }[] };
    expect(rows.map((row) => row.name).sort()).toEqual([...names].sort());
    // Each queue works: a job sent through any of them is stored in its queue.
    await expect(queues[3]?.send('race-queue-5', {})).resolves.toEqual(expect.any(String));
  }, 60_000);
});
