// What the benchmarks share to keep their figures honest (docs/decisions/0025):
//   - a baseline measured in the same run next to each figure (the bare query, an empty Fastify route, a bare
//     UPDATE loop, `ffmpeg -c copy` by hand, the provider called directly), and a *ratio* goal between the two:
//     a slower or busier machine moves both, a regression in Relaycast moves only the ratio;
//   - a run that measured nothing is a failure, never a fast result;
//   - CPU time and memory of a process, read from /proc.
import { execFileSync, spawn } from 'node:child_process';
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
  const fields = statFields(pid);
  return fields ? cpuOfStat(fields) : null;
}

/** utime + stime of `/proc/PID/stat`'s fields (as statFields returns them), in seconds. */
const cpuOfStat = (fields) => (Number(fields[11]) + Number(fields[12])) / CLK_TCK;

/** `/proc/PID/stat`: the command name and the fields after it (the state first), or null when the process is gone. */
function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return {
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      fields: stat.slice(stat.lastIndexOf(')') + 2).split(' '),
    };
  } catch {
    return null;
  }
}

/** `/proc/PID/stat`'s fields after the command name (the state first), or null when the process is gone. */
function statFields(pid) {
  return procStat(pid)?.fields ?? null;
}

/** The pids /proc lists now. */
function listedPids() {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);
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

/**
 * The whole machine's busy CPU time so far, in ms (every core: `/proc/stat`'s first line less idle and iowait).
 * The difference over a stretch of load, divided by the work done, is a cost per operation that a machine
 * shared with other work blurs far less than a rate does. Null where `/proc/stat` is not readable.
 */
export function machineBusyMs() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
    return ((total - fields[3] - fields[4]) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** Every process's CPU seconds so far with its name and session: pid → { name, session, cpu }. */
function processTable() {
  const table = new Map();
  for (const pid of listedPids()) {
    const stat = procStat(pid);
    if (stat)
      table.set(pid, { name: stat.name, session: Number(stat.fields[3]), cpu: cpuOfStat(stat.fields) });
  }
  return table;
}

/** busyWhileIdle's default: a process above this share of a core is named. */
export const BUSY_THRESHOLD = 0.02;

/**
 * What keeps the machine busy while nothing should: the processes that used more than `threshold` of a core over
 * `ms` of waiting, busiest first, each with its share of a core and whether it is in this process's session (its
 * scheduler autogroup). Run between benchmark sections, it shows work an earlier section left running, which would
 * weigh on every later figure.
 */
export async function busyWhileIdle(ms = 1000, threshold = BUSY_THRESHOLD) {
  const before = processTable();
  const at = performance.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const seconds = (performance.now() - at) / 1000;
  const after = processTable();
  const ownSession = after.get(process.pid)?.session ?? before.get(process.pid)?.session;
  const busy = [];
  for (const [pid, now] of after) {
    const share = (now.cpu - (before.get(pid)?.cpu ?? now.cpu)) / seconds;
    if (share > threshold) {
      busy.push({
        pid,
        name: now.name,
        share,
        sameSession: now.session === ownSession,
        self: pid === process.pid,
      });
    }
  }
  return busy.sort((a, b) => b.share - a.share);
}

/** busyWhileIdle as one line for a benchmark's log. */
export function describeBusy(busy) {
  if (busy.length === 0) return `nothing above ${BUSY_THRESHOLD * 100} % of a core`;
  return busy
    .map(
      (p) =>
        `${p.self ? 'this benchmark' : `${p.name} (pid ${p.pid}${p.sameSession ? ', this session' : ''})`} ${(p.share * 100).toFixed(0)} %`,
    )
    .join(', ');
}

/** Pids whose command line (arguments joined by spaces) satisfies `test`. */
export function pidsWhere(test) {
  return listedPids().filter((pid) => {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      return cmdline !== '' && test(cmdline);
    } catch {
      return false; // gone meanwhile
    }
  });
}

/** Sum of CPU seconds of these pids (the ones still there). */
export function totalCpu(pids) {
  return pids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);
}

/** CPU seconds of the ended children a process has waited for (`cutime` + `cstime`), or 0 when it is gone. */
function reapedChildrenCpu(pid) {
  const fields = statFields(pid);
  return fields ? (Number(fields[13]) + Number(fields[14])) / CLK_TCK : 0;
}

/**
 * CPU seconds so far of PostgreSQL's processes serving `databaseName` (its backends, an autovacuum worker on it),
 * those there now, plus every backend that has ended (the postmaster's reaped children, of any database): two
 * readings apart count a backend that started between them with all of its CPU, and one that ended between them
 * (the server replaces its connections every 30 s, docs/decisions/0138) with its CPU up to its end, not less.
 */
export function postgresBackendsCpu(databaseName) {
  const live = totalCpu(
    pidsWhere((cmdline) => cmdline.startsWith('postgres:') && cmdline.includes(` ${databaseName} `)),
  );
  const postmasters = pidsWhere((cmdline) => /\/bin\/postgres( |$)/.test(cmdline));
  return live + postmasters.reduce((sum, pid) => sum + reapedChildrenCpu(pid), 0);
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

/**
 * An absolute goal (a time, a rate, a size set on one machine) judged on this host: the goal is scaled by how
 * fast this host ran a yardstick measured in the same run (the empty Fastify route, the bare query, pgbench,
 * ffmpeg decoding the same file) against what the same yardstick gave on the machine where the goal was set.
 *
 * `calibration: { name, value, reference, unit, faster = 'higher' }`: with `faster: 'higher'` (a rate) this
 * host's speed is `value / reference`; with `faster: 'lower'` (a time) it is `reference / value`. An "at most"
 * goal (a time) becomes `goal / speed`, an "at least" goal (a rate) becomes `goal × speed`; `scale: 'size'`
 * (memory) makes the goal follow the yardstick as it is (`goal × value / reference`). BENCH_GOAL_SCALE applies
 * on top (scaledGoal). A yardstick not measured in this run fails the check and says so: never the plain goal
 * (`unavailable` says why when the caller knows, e.g. a reference that holds only at the default scale).
 */
export function calibratedCheck({ name, figure, unit, goal, bound = 'at most', calibration = {}, why = '' }) {
  const { value, reference, faster = 'higher', scale = 'speed' } = calibration;
  const measured = Number.isFinite(value) && value > 0 && Number.isFinite(reference) && reference > 0;
  const speed = measured ? (faster === 'lower' ? reference / value : value / reference) : Number.NaN;
  const factor = scale === 'size' ? value / reference : bound === 'at most' ? 1 / speed : speed;
  const hostGoal = measured ? scaledGoal(goal * factor, bound) : Number.NaN;
  const figureMeasured = typeof figure === 'number' && Number.isFinite(figure);
  const ok = measured && figureMeasured && (bound === 'at most' ? figure <= hostGoal : figure >= hostGoal);
  const problem = !measured
    ? `calibration (${calibration.name ?? 'yardstick'}) ${calibration.unavailable ?? 'not measured in this run'}`
    : !figureMeasured
      ? 'figure not measured'
      : null;
  return {
    name,
    figure,
    unit,
    goal,
    bound,
    calibration: { ...calibration, faster, scale },
    speed,
    hostGoal,
    ok,
    problem,
    why,
  };
}

const calibrationText = (c) => {
  const cal = c.calibration;
  const measured = Number.isFinite(cal.value)
    ? `${round(cal.value)} ${cal.unit ?? ''}`.trim()
    : 'not measured';
  const reference = Number.isFinite(cal.reference)
    ? `${round(cal.reference)} ${cal.unit ?? ''}`.trim()
    : 'none';
  return `${cal.name ?? 'yardstick'}: ${measured} (reference ${reference})`;
};

const bounded = (bound, value, unit) => `${bound === 'at most' ? '≤' : '≥'} ${round(value)} ${unit}`;

/** Markdown table of calibrated checks: figure, plain goal, calibration vs reference, this host's goal, verdict. */
export function calibratedTable(checks) {
  const rows = checks.map((c) => {
    const figure =
      typeof c.figure === 'number' && Number.isFinite(c.figure)
        ? `${round(c.figure)} ${c.unit}`
        : 'not measured';
    const hostGoal = Number.isFinite(c.hostGoal) ? bounded(c.bound, c.hostGoal, c.unit) : 'none';
    const speed = Number.isFinite(c.speed)
      ? `${round(c.calibration.scale === 'size' ? c.calibration.value / c.calibration.reference : c.speed)}×`
      : '—';
    const verdict = c.ok ? 'pass' : `**FAIL**${c.problem ? ` (${c.problem})` : ''}`;
    return `| ${c.name} | ${figure} | ${bounded(c.bound, c.goal, c.unit)} | ${calibrationText(c)} | ${speed} | ${hostGoal} | ${verdict} | ${c.why} |`;
  });
  return `| absolute figure | figure | goal on the reference machine | yardstick, this run (reference machine) | this host ÷ reference | goal on this host | | why this goal |
| --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}`;
}

/** Prints each calibrated check on one line and returns whether all passed. */
export function reportCalibrated(label, checks) {
  for (const c of checks) {
    const figure =
      typeof c.figure === 'number' && Number.isFinite(c.figure)
        ? `${round(c.figure)} ${c.unit}`
        : 'not measured';
    const hostGoal = Number.isFinite(c.hostGoal) ? bounded(c.bound, c.hostGoal, c.unit) : 'none';
    console.info(
      `  ${label}: ${c.name}: ${figure} (goal ${bounded(c.bound, c.goal, c.unit)} on the reference machine; ${calibrationText(c)}; goal on this host ${hostGoal}): ${c.ok ? 'pass' : `FAIL${c.problem ? ` (${c.problem})` : ''}`}`,
    );
  }
  return checks.every((c) => c.ok);
}

/** The median of an odd number of values (an even count has no middle value: the caller runs one more). */
export function oddMedian(label, values) {
  assertMeasured(label, values.length > 0, 'no run');
  if (values.length % 2 === 0)
    throw new Error(`${label}: a median needs an odd number of runs, got ${values.length}`);
  return [...values].sort((a, b) => a - b)[(values.length - 1) / 2];
}

/**
 * Of paired rounds (each a measurement and its own baseline taken right after one another, so a change in the
 * machine's speed between rounds moves both sides of its ratio), the round whose own ratio is the median.
 */
export function medianRoundBy(label, rounds, ratioOf) {
  const median = oddMedian(label, rounds.map(ratioOf));
  return rounds.find((round) => ratioOf(round) === median);
}

/**
 * Runs the product's way and the same work done by hand `runs` times each, in pairs whose order alternates (the
 * product first in the first, third, fifth pair; by hand first in the others), so that neither side always runs
 * first after the other's work, on a colder page cache or a CPU still settling. Each function returns its
 * seconds. Returns both lists, in pair order.
 */
export async function alternatedRuns(runs, product, byHand) {
  const productSeconds = [];
  const handSeconds = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      productSeconds.push(await product());
      handSeconds.push(await byHand());
    } else {
      handSeconds.push(await byHand());
      productSeconds.push(await product());
    }
  }
  return { productSeconds, handSeconds };
}

const handRuns = new Set();
let handRunsHookInstalled = false;

/**
 * Runs a program to its end and returns the wall-clock seconds; throws with its stderr when it fails.
 *
 * In a session of its own (`detached`), as the product starts every program (apps/server/src/lib/child-processes.ts)
 * and as a person's command runs in a terminal of its own: with Linux's scheduler autogroups
 * (`/proc/sys/kernel/sched_autogroup_enabled`) a session shares the CPU with other sessions as one, so a program left in
 * the benchmark's session would have the CPU of everything else the benchmark runs on its side, and the product's
 * (alone in its session) only half of a busy machine (docs/decisions/0139). Killed if the benchmark exits first.
 */
export function timed(command, args) {
  return new Promise((resolve, reject) => {
    const at = performance.now();
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    if (child.pid !== undefined) {
      handRuns.add(child.pid);
      child.once('exit', () => handRuns.delete(child.pid));
      if (!handRunsHookInstalled) {
        handRunsHookInstalled = true;
        process.on('exit', () => {
          for (const pid of handRuns) {
            try {
              process.kill(-pid, 'SIGKILL');
            } catch {
              // already gone
            }
          }
        });
      }
    }
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve((performance.now() - at) / 1000);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${stderr.slice(-2000)}`));
    });
  });
}
