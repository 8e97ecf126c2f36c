// Publishing across worker processes (docs/scaling.md, docs/decisions/0110-several-nodes.md): on a throwaway
// PostgreSQL database, the same burst of targets due at one instant is published by one `ROLE=worker` process,
// then by two, to the Mastodon fake answering in 50 ms. Reports publishes/s for each and their ratio: how the
// engine scales with processes on this machine (on 2 cores, two workers share the cores with PostgreSQL and the
// fake, so the ratio says what a second process buys there, not on a machine of its own).
//
//   node scripts/bench-publishing-scaling.mjs             # writes its section of docs/benchmarks.md
//   node scripts/bench-publishing-scaling.mjs --no-docs   # print only
//   BENCH_DATABASE_URL=postgres://…/postgres BENCH_SCALING_BURST=3000
//
// `npm run bench` calls runPublishingScalingBench() from scripts/bench.mjs.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import {
  benchWorkerEnv,
  measure,
  openBenchDatabase,
  PUBLISHING_BENCH,
  readyOf,
  seedTargets,
  startWorker,
  stopChild,
} from './bench-publishing.mjs';
import { writeBenchSection } from './lib/bench-server.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECTION_TITLE = '## Publishing burst with one and two worker processes';
const BURST = Number(process.env.BENCH_SCALING_BURST ?? 3_000);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `count` workers, warms them up, publishes a burst of BURST due at one instant, stops them. */
async function burstWith(ctx, databaseUrl, count) {
  const dataDirs = [];
  const children = Array.from({ length: count }, () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'relaycast-bench-worker-'));
    dataDirs.push(dataDir);
    return startWorker(benchWorkerEnv(databaseUrl, dataDir));
  });
  try {
    await Promise.all(children.map(readyOf));
    await measure(ctx, await seedTargets(ctx, `Warm-up ${count}`, 20, () => new Date()), 60_000);
    const due = new Date(Date.now() + 5_000 + BURST);
    const targets = await seedTargets(ctx, `Scaling burst ${count}`, BURST, () => due);
    await sleep(Math.max(0, due.getTime() - Date.now()));
    return await measure(ctx, targets, 180_000);
  } finally {
    await Promise.all(children.map(stopChild));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

export async function runPublishingScalingBench({ writeDocs = true } = {}) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  register();
  const { default: pg } = await import('pg');
  const { startMastodonFake } = await import(
    pathToFileURL(path.join(ROOT, 'apps/server/src/platforms/mastodon/mastodon.fake.ts')).href
  );
  const fake = await startMastodonFake({ latencyMs: PUBLISHING_BENCH.latencyMs });
  let bench;
  try {
    bench = await openBenchDatabase(pg, adminUrl, fake);
  } catch (error) {
    await fake.close();
    // Nothing measured is a failure, never a pass (docs/benchmarks.md).
    console.error(
      `Publishing scaling benchmark measured nothing: no PostgreSQL at ${adminUrl} (${error.message})`,
    );
    return { ok: false, skipped: true };
  }
  try {
    const one = await burstWith(bench.ctx, bench.databaseUrl, 1);
    console.info(
      `one worker: ${one.published}/${one.count} at ${one.throughput.toFixed(0)}/s, duplicates ${one.duplicates}, lost ${one.lost}`,
    );
    const two = await burstWith(bench.ctx, bench.databaseUrl, 2);
    console.info(
      `two workers: ${two.published}/${two.count} at ${two.throughput.toFixed(0)}/s, duplicates ${two.duplicates}, lost ${two.lost}`,
    );
    const ratio = two.throughput / one.throughput;
    console.info(`two ÷ one: ${ratio.toFixed(2)}`);
    const ok = [one, two].every((run) => run.duplicates === 0 && run.lost === 0);
    if (writeDocs) writeSection({ one, two, ratio, postgresVersion: bench.postgresVersion });
    return { ok, one, two, ratio };
  } finally {
    await bench.close();
    await fake.close();
  }
}

function writeSection({ one, two, ratio, postgresVersion }) {
  const cpus = os.cpus();
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
  const row = (label, r) =>
    `| ${label} | ${r.count.toLocaleString('en-US')} | ${r.throughput.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.duplicates} | ${r.lost} |`;
  const section = `${SECTION_TITLE}

The same burst, ${BURST.toLocaleString('en-US')} targets due at one instant, published by one worker process (\`ROLE=worker\`,
\`PUBLISH_MAX_CONCURRENCY=${PUBLISHING_BENCH.maxConcurrency}\`), then by two, on one throwaway PostgreSQL database, to the Mastodon fake answering
in ${PUBLISHING_BENCH.latencyMs} ms (docs/scaling.md). Publishes/s = posts the fake received ÷ the time from the due instant to the last.

- Command: \`npm run bench\` (this section alone: \`node scripts/bench-publishing-scaling.mjs\`)
- Measured: ${date} UTC
- Machine: ${cpus.length} CPUs (${cpus[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.platform()} ${os.release()}
- Node ${process.version}; PostgreSQL ${postgresVersion} (local, default settings)
- Load average at the end of the run: ${load} (above ${cpus.length}, other work shared the machine)

| workers | targets | publishes/s | lateness p50 | lateness p99 | duplicates | lost |
| --- | --- | --- | --- | --- | --- | --- |
${row('one process', one)}
${row('two processes', two)}

Two ÷ one: **${ratio.toFixed(2)}**. The workers, PostgreSQL, the fake and this driver share the machine's
${cpus.length} cores, so a second process adds loops and connections but no core of its own: the ratio is what a
second worker buys on this machine, not on a node of its own. No goal on the ratio; duplicates and lost must be 0
(**${one.duplicates + one.lost + two.duplicates + two.lost === 0 ? 'met' : 'missed'}**).
`;
  writeBenchSection(SECTION_TITLE, section);
  console.info('Wrote docs/benchmarks.md');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runPublishingScalingBench({ writeDocs: !process.argv.includes('--no-docs') });
  process.exit(result.ok ? 0 : 1);
}
