// Shared rate limit benchmark (docs/decisions/0102-shared-rate-limits.md): what counting a limit in the database
// costs a request against the in-memory store it replaced (`@fastify/rate-limit`'s LocalStore), on PGlite and
// PostgreSQL. Closed loops of a few seconds: the in-memory store's `incr`, the shared store's `takeRateLimit`
// (keys spread over 100 clients), and the bare `select 1` on the same database as the yardstick; first one caller
// (the cost one request pays: the goal), then 10 at once (the machine saturated, reported with the bare round
// trip's p99 beside it).
// Goal (issue "Beyond one machine"): under 1 ms added at p99, judged against the bare statement's p99 at one
// caller in the same run (decision 0096); under load, at most 2× the bare round trip's p99.
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
import {
  calibratedCheck,
  calibratedTable,
  closedLoop,
  ratioCheck,
  ratioTable,
  reportCalibrated,
  reportRatios,
} from './lib/baseline.mjs';
import { throwawayPostgres } from './lib/bench-postgres.mjs';
import { writeBenchSection } from './lib/bench-server.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECTION_TITLE = '## Shared rate limits';
export const RATE_LIMIT_BENCH = {
  concurrency: 10,
  seconds: 4,
  clients: 100,
  /** The goal on the reference machine: the shared store adds under 1 ms at p99 over the in-memory one, for one caller. */
  maxAddedP99Ms: 1,
  /**
   * The yardstick's reference: the bare `select 1` p99 at one caller on this project's quiet 2-core host
   * (2026-11-27: PostgreSQL 15 on 127.0.0.1, and PGlite), where the goal is set.
   */
  referenceSelectP99Ms: { PGlite: 0.17, PostgreSQL: 0.4 },
  /** Under load (10 callers): the shared store's p99 at most this many times the bare round trip's. */
  maxLoadedRatio: 2,
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
    let n = 0;
    const key = () => `bench:${(n++ % RATE_LIMIT_BENCH.clients).toString()}`;
    // Warm-up: prepares the statements and fills the keys.
    for (let i = 0; i < 200; i++) await takeRateLimit(db, key(), 60_000);
    const measure = async (concurrency) => {
      const options = { concurrency, seconds: RATE_LIMIT_BENCH.seconds };
      const at = `${label} at ${concurrency}`;
      const bare = await closedLoop(`${at} select 1`, () => db.execute(sql`select 1`), options);
      const inMemory = await closedLoop(`${at} in-memory`, () => localIncr(key()), options);
      const shared = await closedLoop(`${at} shared`, () => takeRateLimit(db, key(), 60_000), options);
      return { bare, inMemory, shared, addedP99Ms: shared.p99Ms - inMemory.p99Ms };
    };
    const one = await measure(1);
    const loaded = await measure(RATE_LIMIT_BENCH.concurrency);
    return { label, one, loaded };
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
      name: `${r.label}: added p99 at one caller (shared − in-memory)`,
      figure: r.one.addedP99Ms,
      unit: 'ms',
      goal: RATE_LIMIT_BENCH.maxAddedP99Ms,
      calibration: {
        name: 'bare select 1 p99 at one caller',
        value: r.one.bare.p99Ms,
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
        name: 'PostgreSQL: added p99 at one caller (shared − in-memory)',
        figure: Number.NaN,
        unit: 'ms',
        goal: RATE_LIMIT_BENCH.maxAddedP99Ms,
        calibration: { name: 'bare select 1 p99', unavailable: 'not measured: no PostgreSQL answered' },
      }),
    );
  }
  const loadChecks = results.map((r) =>
    ratioCheck({
      name: `${r.label}: shared store p99 ÷ bare \`select 1\` p99, ${RATE_LIMIT_BENCH.concurrency} callers`,
      figure: r.loaded.shared.p99Ms,
      baseline: r.loaded.bare.p99Ms,
      unit: 'ms',
      goal: RATE_LIMIT_BENCH.maxLoadedRatio,
      why: 'under load the limit is one small write: at most twice a bare round trip; more would mean it waits on row locks or the WAL',
    }),
  );
  const ok = reportCalibrated('rate limits', checks) && reportRatios('rate limits', loadChecks);
  const f = (value) => value.toFixed(value >= 10 ? 0 : 2);
  const rows = results.flatMap((r) =>
    [
      ['one caller', r.one],
      [`${RATE_LIMIT_BENCH.concurrency} callers`, r.loaded],
    ].map(
      ([callers, m]) =>
        `| ${r.label} | ${callers} | ${f(m.inMemory.medianMs)} / ${f(m.inMemory.p99Ms)} ms | ${f(m.shared.medianMs)} / ${f(m.shared.p99Ms)} ms (${Math.round(m.shared.perSecond)}/s) | ${f(m.bare.medianMs)} / ${f(m.bare.p99Ms)} ms (${Math.round(m.bare.perSecond)}/s) | ${f(m.addedP99Ms)} ms |`,
    ),
  );
  const section = `${SECTION_TITLE}

\`node scripts/bench-rate-limit.mjs\` (in \`npm run bench\`), ${new Date().toISOString().slice(0, 16)} UTC, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(
      ' ',
    )}. Closed loops of ${RATE_LIMIT_BENCH.seconds} s each, first one caller (what a request pays), then ${RATE_LIMIT_BENCH.concurrency} callers at once (the 2-core machine saturated: every call waits its turn, the bare round trip too); keys spread over ${RATE_LIMIT_BENCH.clients} clients (decision 0102).

| database | callers | in-memory store (median / p99) | shared store (median / p99) | bare \`select 1\` (median / p99) | added at p99 |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

${calibratedTable(checks)}

${ratioTable(loadChecks)}
`;
  if (writeDocs) writeBenchSection(SECTION_TITLE, section);
  else console.info(section);
  return { ok, results };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { ok } = await runRateLimitBench({ writeDocs: !process.argv.includes('--no-docs') });
  process.exit(ok ? 0 : 1);
}
