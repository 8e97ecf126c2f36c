import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConfig, createTestDatabase, type TestDatabase, testDriver } from '../../test/test-app';
import { type Database, openDatabase } from '../db/client';
import { type BackgroundWork, defineSweep, WORKER_ROLES } from '../lib/background-work';
import { createJobRunner, type JobRunner } from './jobs';

/**
 * Two job runners on one database, as two worker processes would be (on PostgreSQL each with its own connection
 * pool): a sweep marked `single` runs in one of them at a time, one that is not runs in both at once
 * (docs/decisions/0062-background-work-one-way.md).
 */

interface Gate {
  entered: Promise<void>;
  enter(): void;
  release(): void;
  released: Promise<void>;
}

function gate(): Gate {
  let enter!: () => void;
  let release!: () => void;
  const entered = new Promise<void>((done) => {
    enter = done;
  });
  const released = new Promise<void>((done) => {
    release = done;
  });
  return { entered, enter, released, release };
}

interface TestContext {
  runs: string[];
  gates: Map<string, Gate>;
}

/** Each run records itself, then waits at the gate of its runner, if any. */
async function passGate(context: TestContext, label: string): Promise<void> {
  context.runs.push(label);
  const current = context.gates.get(label);
  if (!current) return;
  current.enter();
  await current.released;
}

const HOUR = 3_600_000;
const WORK: BackgroundWork<TestContext & { label: string }>[] = [
  defineSweep({
    name: 'test single sweep',
    everyMs: HOUR,
    roles: WORKER_ROLES,
    single: true,
    underTest: 'runs',
    handler: (context) => passGate(context, `single:${context.label}`),
  }),
  defineSweep({
    name: 'test shared sweep',
    everyMs: HOUR,
    roles: WORKER_ROLES,
    single: false,
    underTest: 'runs',
    handler: (context) => passGate(context, `shared:${context.label}`),
  }),
];

let testDb: TestDatabase;
let secondDatabase: Database;
const context: TestContext = { runs: [], gates: new Map() };
const runners: JobRunner<TestContext & { label: string }>[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  secondDatabase =
    testDriver === 'postgres'
      ? await openDatabase({ driver: 'postgres', url: testDb.url ?? '' })
      : testDb.database;
  const config = createTestConfig(testDb.url ? { databaseUrl: testDb.url } : {});
  for (const [label, database] of [
    ['a', testDb.database],
    ['b', secondDatabase],
  ] as const) {
    const runner = createJobRunner({
      database,
      config,
      log: { error: () => {}, warn: () => {} } as never,
      process: { role: 'worker', isTest: true, runWorkers: false },
      work: WORK,
    });
    await runner.start(Object.assign(Object.create(context), { label }));
    runners.push(runner);
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  if (secondDatabase !== testDb.database) await secondDatabase.close();
  await testDb.cleanup();
});

describe('two job runners on one database', () => {
  it('run a sweep marked single in one of them at a time, and a shared one in both at once', async () => {
    const [a, b] = runners as [JobRunner<never>, JobRunner<never>];
    const single = gate();
    context.gates.set('single:a', single);
    const aRunning = a.runSweep('test single sweep');
    await single.entered;
    expect(await b.runSweep('test single sweep')).toBe(false);

    const sharedA = gate();
    context.gates.set('shared:a', sharedA);
    const aShared = a.runSweep('test shared sweep');
    await sharedA.entered;
    expect(await b.runSweep('test shared sweep')).toBe(true);
    sharedA.release();
    expect(await aShared).toBe(true);

    single.release();
    expect(await aRunning).toBe(true);
    expect(await b.runSweep('test single sweep')).toBe(true);
    expect(context.runs).toEqual(['single:a', 'shared:a', 'shared:b', 'single:b']);
  });
});
