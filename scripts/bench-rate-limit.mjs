// Shared rate limit benchmark (docs/decisions/0102-shared-rate-limits.md): what counting a limit in the database
// costs a request against the in-memory store it replaced (`@fastify/rate-limit`'s LocalStore), on PGlite and
// PostgreSQL. 10 callers in closed loops for a few seconds each: the in-memory store's `incr`, the shared store's
// `takeRateLimit` (keys spread over 100 clients), and the bare `select 1` on the same database as the yardstick.
// Goal (issue "Beyond one machine"): under 1 ms added at p99, judged against the bare statement's p99 in the same
// run (decision 0096).
//
//   node scripts/bench-rate-limit.mjs              # writes its section of docs/benchmarks.md
//   node scripts/bench-rate-limit.mjs --no-docs    # print only
//
// `npm run bench` calls runRateLimitBench() from scripts/bench.mjs.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { calibratedCheck, calibratedTable, closedLoop, reportCalibrated } from './lib/baseline.mjs';
import { throwawayPostgres } from './lib/bench-postgres.mjs';
import { writeBenchSection } from './lib/bench-server.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECTION_TITLE = '## Shared rate limits';
export const RATE_LIMIT_BENCH = {
  concurrency: 10,
  seconds: 4,
  clients: 100,
  /** The goal on the reference machine: the shared store adds under 1 ms at p99 over the in-memory one. */
  maxAddedP99Ms: 1,
  /**
   * The yardstick's reference: the bare `select 1` p99 at 10 callers on this project's 2-core host (2026-11-26,
   * PostgreSQL 15 on 127.0.0.1 and PGlite), where the goal is set.
   */
  referenceSelectP99Ms: { PGlite: 0.5, PostgreSQL: 1.5 },
};

async function benchDriver(label, target, modules) {
  const { openDatabase, takeRateLimit, LocalStore, sql } = modules;
  const database = await openDatabase(target);
  try {
    await database.migrate();
    const db = database.db;
    const local = new LocalStore(false, false, 5000);
    const localIncr = (key) =>
      new Promise((resolve, reject) =>
        local.incr(key, (error, result) => (error ? reject(error) : resolve(result)), 60_000, 120),
      );
    const options = { concurrency: RATE_LIMIT_BENCH.concurrency, seconds: RATE_LIMIT_BENCH.seconds };
    let n = 0;
    const key = () => `bench:${(n++ % RATE_LIMIT_BENCH.clients).toString()}`;
    // Warm-up: prepares the statements and fills the keys.
    for (let i = 0; i < 200; i++) await takeRateLimit(db, key(), 60_000);
    const bare = await closedLoop(`${label} select 1`, () => db.execute(sql`select 1`), options);
    const inMemory = await closedLoop(`${label} in-memory`, () => localIncr(key()), options);
    const shared = await closedLoop(`${label} shared`, () => takeRateLimit(db, key(), 60_000), options);
    return { label, bare, inMemory, shared, addedP99Ms: shared.p99Ms - inMemory.p99Ms };
  } finally {
    await database.close();
  }
}

export async function runRateLimitBench({ writeDocs = true } = {}) {
  const unregister = register();
  const src = (file) => pathToFileURL(path.join(ROOT, 'apps/server/src', file)).href;
  const { openDatabase } = await import(src('db/client.ts'));
  const { takeRateLimit } = await import(src('modules/rate-limits/rate-limits.service.ts'));
  const { sql } = await import('drizzle-orm');
  const require = createRequire(path.join(ROOT, 'apps/server/package.json'));
  const LocalStore = require('@fastify/rate-limit/store/LocalStore');
  const modules = { openDatabase, takeRateLimit, LocalStore, sql };
  const results = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'relaycast-bench-rate-limit-'));
  try {
    results.push(await benchDriver('PGlite', { driver: 'pglite', dataDir }, modules));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const postgres = await throwawayPostgres('relaycast_bench_rate_limit');
  if (postgres) {
    try {
      results.push(await benchDriver('PostgreSQL', { driver: 'postgres', url: postgres.url }, modules));
    } finally {
      await postgres.drop();
    }
  }
  unregister();
  const checks = results.map((r) =>
    calibratedCheck({
      name: `${r.label}: added p99 (shared − in-memory)`,
      figure: r.addedP99Ms,
      unit: 'ms',
      goal: RATE_LIMIT_BENCH.maxAddedP99Ms,
      calibration: {
        name: `bare select 1 p99 at ${RATE_LIMIT_BENCH.concurrency} callers`,
        value: r.bare.p99Ms,
        reference: RATE_LIMIT_BENCH.referenceSelectP99Ms[r.label],
        unit: 'ms',
        faster: 'lower',
      },
      why: 'the issue: a shared limit costs a request under 1 ms at p99 over the per-process one it replaces',
    }),
  );
  if (!postgres) {
    checks.push(
      calibratedCheck({
        name: 'PostgreSQL: added p99 (shared − in-memory)',
        figure: Number.NaN,
        unit: 'ms',
        goal: RATE_LIMIT_BENCH.maxAddedP99Ms,
        calibration: { name: 'bare select 1 p99', unavailable: 'not measured: no PostgreSQL answered' },
      }),
    );
  }
  const ok = reportCalibrated('rate limits', checks);
  const f = (value) => value.toFixed(value >= 10 ? 0 : 2);
  const rows = results.map(
    (r) =>
      `| ${r.label} | ${f(r.inMemory.medianMs)} / ${f(r.inMemory.p99Ms)} ms | ${f(r.shared.medianMs)} / ${f(r.shared.p99Ms)} ms (${Math.round(r.shared.perSecond)}/s) | ${f(r.bare.medianMs)} / ${f(r.bare.p99Ms)} ms | ${f(r.addedP99Ms)} ms |`,
  );
  const section = `${SECTION_TITLE}

\`node scripts/bench-rate-limit.mjs\` (in \`npm run bench\`), ${new Date().toISOString().slice(0, 16)} UTC, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(
      ' ',
    )}. ${RATE_LIMIT_BENCH.concurrency} callers in closed loops for ${RATE_LIMIT_BENCH.seconds} s each, keys spread over ${RATE_LIMIT_BENCH.clients} clients (decision 0102).

| database | in-memory store (median / p99) | shared store (median / p99) | bare \`select 1\` (median / p99) | added at p99 |
| --- | --- | --- | --- | --- |
${rows.join('\n')}

${calibratedTable(checks)}
`;
  if (writeDocs) writeBenchSection(SECTION_TITLE, section);
  else console.info(section);
  return { ok, results };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { ok } = await runRateLimitBench({ writeDocs: !process.argv.includes('--no-docs') });
  process.exit(ok ? 0 : 1);
}
