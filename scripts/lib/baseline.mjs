// What the benchmarks share to keep their figures honest (docs/decisions/0025):
//   - a baseline measured in the same run next to each figure (the bare query, an empty Fastify route, a bare
//     UPDATE loop, `ffmpeg -c copy` by hand, the provider called directly), and a *ratio* goal between the two:
//     a slower or busier machine moves both, a regression in Relaycast moves only the ratio;
//   - a run that measured nothing is a failure, never a fast result;
//   - CPU time and memory of a process, read from /proc.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system) a process has used so far, or null when it is gone. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return null;
  }
}

/** Resident memory of a process in MB (VmRSS), or null when it is gone. */
export function rssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Pids whose command line (arguments joined by spaces) satisfies `test`. */
export function pidsWhere(test) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      if (cmdline && test(cmdline)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Sum of CPU seconds of these pids (the ones still there). */
export function totalCpu(pids) {
  return pids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);
}

export const percentile = (values, p) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * Runs `task` in `concurrency` closed loops for `seconds` (each loop starts its next call when the last one
 * ended) and returns the calls per second and the latency median and p99 in ms. Throws when nothing ran.
 */
export async function closedLoop(label, task, { concurrency, seconds }) {
  const latencies = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      while (performance.now() < deadline) {
        const at = performance.now();
        await task(loop);
        latencies.push(performance.now() - at);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  assertMeasured(label, latencies.length > 0, 'no call completed');
  return {
    calls: latencies.length,
    perSecond: latencies.length / elapsed,
    medianMs: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}

/** A run that measured nothing fails the benchmark with a message that says what was missing. */
export function assertMeasured(label, measured, what) {
  if (!measured) throw new Error(`${label}: measured nothing (${what}); a run that measured nothing fails`);
}

/**
 * A figure against its same-run baseline. `ratio = figure / baseline`; `goal` is the bound the ratio must stay
 * under (`at most`) or over (`at least`). Returns what the report and the exit code need.
 */
export function ratioCheck({ name, figure, baseline, unit, goal: plainGoal, bound = 'at most', why }) {
  const goal = scaledGoal(plainGoal, bound);
  const ratio = figure / baseline;
  const ok = Number.isFinite(ratio) && (bound === 'at most' ? ratio <= goal : ratio >= goal);
  return { name, figure, baseline, unit, ratio, goal, bound, ok, why };
}

const round = (value) =>
  Math.abs(value) >= 100
    ? value.toFixed(0)
    : Math.abs(value) >= 10
      ? value.toFixed(1)
      : Math.abs(value) >= 0.1 || value === 0
        ? value.toFixed(2)
        : value.toPrecision(2);

/** Markdown table of ratio checks: figure, baseline, ratio, goal, verdict, and why the goal is where it is. */
export function ratioTable(checks) {
  const rows = checks.map(
    (c) =>
      `| ${c.name} | ${round(c.figure)} ${c.unit} | ${round(c.baseline)} ${c.unit} | ${round(c.ratio)}× | ${c.bound} ${c.goal}× | ${c.ok ? 'pass' : '**FAIL**'} | ${c.why} |`,
  );
  return `| figure ÷ baseline | figure | baseline (same run) | ratio | goal | | why this goal |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}`;
}

/** Prints each check on one line and returns whether all passed. */
export function reportRatios(label, checks) {
  for (const c of checks) {
    console.info(
      `  ${label}: ${c.name}: ${round(c.figure)} / ${round(c.baseline)} ${c.unit} = ${round(c.ratio)}× (goal ${c.bound} ${c.goal}×): ${c.ok ? 'pass' : 'FAIL'}`,
    );
  }
  return checks.every((c) => c.ok);
}

/**
 * BENCH_GOAL_SCALE=0.01 multiplies every "at most" goal by 0.01 and divides every "at least" goal by it: a way
 * to see each benchmark fail (exit 1) on purpose without editing it.
 */
export function scaledGoal(goal, bound = 'at most') {
  const scale = Number(process.env.BENCH_GOAL_SCALE ?? 1);
  if (!Number.isFinite(scale) || scale <= 0) return goal;
  return bound === 'at most' ? goal * scale : goal / scale;
}
