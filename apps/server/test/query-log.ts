import { createTestApp, createTestDatabase, type TestApp } from './test-app';

/** Every SQL statement the app sent through Drizzle, in order, with a way to measure one stretch of work. */
export interface QueryLog {
  statements: string[];
  /** The statements `work` sent (the log keeps growing; this returns only that stretch). */
  during(work: () => Promise<unknown>): Promise<string[]>;
}

/**
 * A test app whose database reports every statement, for the query-count tests: they bound the statements
 * an API call makes, which a noisy machine cannot blur the way it blurs timings.
 */
export async function createQueryLoggedApp(): Promise<TestApp & { queries: QueryLog }> {
  const statements: string[] = [];
  const testDb = await createTestDatabase({ onQuery: (sql) => statements.push(sql) });
  const t = await createTestApp({ database: testDb.database });
  return {
    ...t,
    queries: {
      statements,
      async during(work) {
        const start = statements.length;
        await work();
        return statements.slice(start);
      },
    },
    async close() {
      await t.close();
      await testDb.cleanup();
    },
  };
}
