// Best-time model benchmark (docs/best-time.md): one account with 5,000 posts over two years, in Europe/Paris: build the
// model (normalize, bucket by local hour of the week, smooth, shrink) and plan the queue's 60 days of slots.
// Goal: under 20 ms (p95 of the build; p99 reported). Same-run baseline (docs/decisions/0025): a plain loop over the same
// inputs that sums each post's engagement into its UTC hour of the week, the least any model must do.
//
//   node scripts/bench-best-time.mjs              # writes its section of docs/benchmarks.md
//   node scripts/bench-best-time.mjs --no-docs    # print only
//   BENCH_GOAL_SCALE=0.01                         # tighten every ratio goal 100× to see the run fail (exit 1)
//
// `npm run bench` calls runBestTimeBench() from scripts/bench.mjs.
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import {
  assertMeasured,
  calibratedCheck,
  calibratedTable,
  percentile,
  ratioCheck,
  ratioTable,
  reportCalibrated,
  reportRatios,
} from './lib/baseline.mjs';
import { writeBenchSection } from './lib/bench-server.mjs';

const SECTION_TITLE = '## Best-time model (one account, 5,000 posts)';
export const BEST_TIME_BENCH = {
  posts: 5_000,
  timeZone: 'Europe/Paris',
  /** An odd number, so the p50 is the middle run. */
  runs: 201,
  warmup: 20,
  /** p95, not p99: on a shared 2-core machine the last percent of 200 runs of a 2 ms function measures the neighbours. */
  targetP95Ms: 20,
  /**
   * The target is absolute; it is judged against the plain bucketing loop's p50 measured in the same run
   * (calibratedCheck): 0.031 ms on docs/benchmarks.md's host of 2026-11-25 (2 AMD EPYC cores, Node 20.20.2; build
   * p50 1.66 ms = 54.2× it), where the target was met.
   */
  referencePlainLoopMs: 0.031,
  goals: {
    buildVsPlainLoop: {
      goal: 150,
      why: 'the model reads the zone offset (memoized per zone and week), takes 28-day medians (sorts) and smooths 168 buckets: 62× a bare bucketing loop on 2026-11-23 (2 cores, load average 11)',
    },
  },
};

function history(count) {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const start = Date.UTC(2024, 10, 1);
  const span = 2 * 365 * 86_400_000;
  return Array.from({ length: count }, () => ({
    publishedAt: new Date(start + Math.floor(random() * span)),
    engagements48h: Math.floor(50 + random() * 200),
    views: null,
  }));
}

function timeRuns(runs, task) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const at = performance.now();
    task();
    times.push(performance.now() - at);
  }
  return times.sort((a, b) => a - b);
}

export async function runBestTimeBench({ writeDocs = true } = {}) {
  register();
  const model = await import('../apps/server/src/modules/best-time/best-time-model.ts');
  const posts = history(BEST_TIME_BENCH.posts);
  const histories = [{ platform: 'instagram', posts }];
  const build = () => model.buildBestTimeModel({ timeZone: BEST_TIME_BENCH.timeZone, histories });
  const now = new Date(Date.UTC(2026, 10, 23, 17));
  const plan = () =>
    model.nextBestSlot(build(), { now, seed: 'bench', taken: [], horizonDays: 60 }) &&
    model.planSlots(build(), { from: now, to: new Date(now.getTime() + 60 * 86_400_000), seed: 'bench' });
  const plainLoop = () => {
    const sums = new Float64Array(168);
    for (const post of posts) {
      const ms = post.publishedAt.getTime();
      const hour = Math.floor(ms / 3_600_000);
      sums[((Math.floor(hour / 24) + 3) % 7) * 24 + (hour % 24)] += post.engagements48h;
    }
    return sums;
  };

  // The first build in a zone also fills the process-wide memo of its offsets (Intl): measured once, apart.
  const coldAt = performance.now();
  model.buildBestTimeModel({ timeZone: 'America/Chicago', histories });
  const coldMs = performance.now() - coldAt;
  timeRuns(BEST_TIME_BENCH.warmup, build);
  timeRuns(BEST_TIME_BENCH.warmup, plainLoop);
  const buildTimes = timeRuns(BEST_TIME_BENCH.runs, build);
  const baseTimes = timeRuns(BEST_TIME_BENCH.runs, plainLoop);
  const planTimes = timeRuns(20, plan);
  assertMeasured('best time', buildTimes.length === BEST_TIME_BENCH.runs, 'no model build timed');
  const check = model.bestTimeCells(build());
  assertMeasured(
    'best time',
    check.reduce((sum, cell) => sum + cell.posts, 0) === posts.length,
    'posts bucketed',
  );

  const p50 = percentile(buildTimes, 50);
  const p95 = percentile(buildTimes, 95);
  const p99 = percentile(buildTimes, 99);
  const baseP50 = percentile(baseTimes, 50);
  const planP50 = percentile(planTimes, 50);
  const checks = [
    ratioCheck({
      name: 'model build p50 ÷ plain bucketing loop p50',
      figure: p50,
      baseline: Math.max(baseP50, 0.001),
      unit: 'ms',
      ...BEST_TIME_BENCH.goals.buildVsPlainLoop,
    }),
  ];
  const absolute = [
    calibratedCheck({
      name: 'model build, p95',
      figure: p95,
      unit: 'ms',
      goal: BEST_TIME_BENCH.targetP95Ms,
      calibration: {
        name: 'plain bucketing loop, p50',
        value: baseP50,
        reference: BEST_TIME_BENCH.referencePlainLoopMs,
        unit: 'ms',
        faster: 'lower',
      },
      why: "the issue's target",
    }),
  ];
  console.info(
    `  best time: build p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms; build + 60-day plan p50 ${planP50.toFixed(1)} ms; cold first build ${coldMs.toFixed(1)} ms`,
  );
  const ratiosOk = reportRatios('best time', checks);
  const ok = reportCalibrated('best time', absolute) && ratiosOk;
  if (writeDocs) {
    writeBenchSection(
      SECTION_TITLE,
      `${SECTION_TITLE}

\`node scripts/bench-best-time.mjs\` (also run by \`npm run bench\`), ${new Date().toISOString().slice(0, 10)}: one
account with ${BEST_TIME_BENCH.posts.toLocaleString('en-US')} posts spread over two years, zone ${BEST_TIME_BENCH.timeZone},
${BEST_TIME_BENCH.runs} builds after ${BEST_TIME_BENCH.warmup} warm-up runs, in one Node process.

| figure | value | goal |
| --- | --- | --- |
| first build in a zone (cold offset memo, before warm-up) | ${coldMs.toFixed(1)} ms | |
| model build, p50 | ${p50.toFixed(2)} ms | |
| model build, p95 | ${p95.toFixed(2)} ms | below |
| model build, p99 | ${p99.toFixed(2)} ms | |
| build twice + next best slot + 60-day plan (the queue's work), p50 | ${planP50.toFixed(1)} ms | |

${ratioTable(checks)}

The target, scaled by this run's plain loop against the reference host's (it fails the run when missed):

${calibratedTable(absolute)}
`,
    );
  }
  return { ok, p50, p95, p99 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runBestTimeBench({ writeDocs: !process.argv.includes('--no-docs') });
  process.exit(result.ok ? 0 : 1);
}
