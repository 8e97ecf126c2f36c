import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  alternatedRuns,
  busyWhileIdle,
  calibratedCheck,
  calibratedTable,
  describeBusy,
  medianRoundBy,
  oddMedian,
  reportCalibrated,
  timed,
} from './baseline.mjs';

const pgbench = (value) => ({ name: 'pgbench select-only', value, reference: 20_000, unit: 'tx/s' });

describe('calibratedCheck', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('loosens an "at most" time goal on a host half as fast and passes a figure under it', () => {
    const check = calibratedCheck({
      name: 'p99',
      figure: 90,
      unit: 'ms',
      goal: 50,
      calibration: pgbench(10_000),
    });
    expect(check.speed).toBeCloseTo(0.5);
    expect(check.hostGoal).toBeCloseTo(100);
    expect(check.ok).toBe(true);
  });

  it('tightens an "at most" goal on a faster host and fails a figure over it', () => {
    const check = calibratedCheck({
      name: 'p99',
      figure: 40,
      unit: 'ms',
      goal: 50,
      calibration: pgbench(40_000),
    });
    expect(check.hostGoal).toBeCloseTo(25);
    expect(check.ok).toBe(false);
    expect(check.problem).toBeNull();
  });

  it('scales an "at least" rate goal by the speed', () => {
    const slow = calibratedCheck({
      name: 'burst',
      figure: 300,
      unit: '/s',
      goal: 500,
      bound: 'at least',
      calibration: pgbench(10_000),
    });
    expect(slow.hostGoal).toBeCloseTo(250);
    expect(slow.ok).toBe(true);
    const fast = calibratedCheck({
      name: 'burst',
      figure: 600,
      unit: '/s',
      goal: 500,
      bound: 'at least',
      calibration: pgbench(30_000),
    });
    expect(fast.hostGoal).toBeCloseTo(750);
    expect(fast.ok).toBe(false);
  });

  it('reads a time yardstick (lower is faster) the other way round', () => {
    const decode = { name: 'ffmpeg decode', value: 24, reference: 12, unit: 's', faster: 'lower' };
    const check = calibratedCheck({ name: 'trim', figure: 8, unit: 's', goal: 5, calibration: decode });
    expect(check.speed).toBeCloseTo(0.5);
    expect(check.hostGoal).toBeCloseTo(10);
    expect(check.ok).toBe(true);
  });

  it('makes a size goal follow the yardstick as it is', () => {
    const rss = { name: 'empty route RSS', value: 60, reference: 50, unit: 'MB', scale: 'size' };
    const check = calibratedCheck({ name: 'memory', figure: 330, unit: 'MB', goal: 300, calibration: rss });
    expect(check.hostGoal).toBeCloseTo(360);
    expect(check.ok).toBe(true);
  });

  it('applies BENCH_GOAL_SCALE on top of the host goal', () => {
    vi.stubEnv('BENCH_GOAL_SCALE', '0.01');
    const time = calibratedCheck({
      name: 'p99',
      figure: 40,
      unit: 'ms',
      goal: 50,
      calibration: pgbench(20_000),
    });
    expect(time.hostGoal).toBeCloseTo(0.5);
    expect(time.ok).toBe(false);
    const rate = calibratedCheck({
      name: 'rate',
      figure: 600,
      unit: '/s',
      goal: 500,
      bound: 'at least',
      calibration: pgbench(20_000),
    });
    expect(rate.hostGoal).toBeCloseTo(50_000);
    expect(rate.ok).toBe(false);
  });

  it.each([undefined, Number.NaN, 0, -1])(
    'fails and says so when the yardstick was not measured (%s)',
    (value) => {
      const check = calibratedCheck({
        name: 'p99',
        figure: 1,
        unit: 'ms',
        goal: 50,
        calibration: pgbench(value),
      });
      expect(check.ok).toBe(false);
      expect(check.hostGoal).toBeNaN();
      expect(check.problem).toBe('calibration (pgbench select-only) not measured in this run');
    },
  );

  it('fails without any calibration rather than judging against the plain goal', () => {
    const check = calibratedCheck({ name: 'p99', figure: 1, unit: 'ms', goal: 50 });
    expect(check.ok).toBe(false);
    expect(check.problem).toMatch(/not measured in this run/);
  });

  it('prints a check without any calibration instead of throwing', () => {
    const table = calibratedTable([calibratedCheck({ name: 'p99', figure: 1, unit: 'ms', goal: 50 })]);
    expect(table).toContain('| yardstick: not measured (reference none) | — | none | **FAIL**');
  });

  it('says why a reference does not apply when the caller knows', () => {
    const calibration = {
      ...pgbench(20_000),
      reference: undefined,
      unavailable: 'has a reference only at the default scale',
    };
    const check = calibratedCheck({ name: 'p99', figure: 1, unit: 'ms', goal: 50, calibration });
    expect(check.ok).toBe(false);
    expect(check.problem).toBe('calibration (pgbench select-only) has a reference only at the default scale');
  });

  it('fails a figure that was not measured', () => {
    const check = calibratedCheck({
      name: 'p99',
      figure: undefined,
      unit: 'ms',
      goal: 50,
      calibration: pgbench(20_000),
    });
    expect(check.ok).toBe(false);
    expect(check.problem).toBe('figure not measured');
  });
});

describe('calibratedTable and reportCalibrated', () => {
  const checks = [
    calibratedCheck({
      name: 'p99',
      figure: 90,
      unit: 'ms',
      goal: 50,
      calibration: pgbench(10_000),
      why: 'the issue',
    }),
    calibratedCheck({
      name: 'median',
      figure: 2,
      unit: 'ms',
      goal: 3,
      calibration: pgbench(undefined),
      why: 'same',
    }),
  ];

  it('shows the figure, the plain goal, the yardstick against its reference, the host goal and the verdict', () => {
    const table = calibratedTable(checks);
    expect(table).toContain(
      '| p99 | 90.0 ms | ≤ 50.0 ms | pgbench select-only: 10000 tx/s (reference 20000 tx/s) | 0.50× | ≤ 100 ms | pass | the issue |',
    );
    expect(table).toContain(
      '| median | 2.00 ms | ≤ 3.00 ms | pgbench select-only: not measured (reference 20000 tx/s) | — | none | **FAIL** (calibration (pgbench select-only) not measured in this run) | same |',
    );
  });

  it('prints one line per check and returns whether all passed', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    expect(reportCalibrated('posts', checks)).toBe(false);
    expect(reportCalibrated('posts', checks.slice(0, 1))).toBe(true);
    expect(info.mock.calls[0][0]).toContain('posts: p99: 90.0 ms (goal ≤ 50.0 ms on the reference machine');
    expect(info.mock.calls[1][0]).toContain(
      'FAIL (calibration (pgbench select-only) not measured in this run)',
    );
    info.mockRestore();
  });
});

describe('oddMedian', () => {
  it('takes the middle of an odd number of runs', () => {
    expect(oddMedian('x', [3, 1, 2])).toBe(2);
    expect(oddMedian('x', [7])).toBe(7);
  });

  it('refuses an even number of runs and no run at all', () => {
    expect(() => oddMedian('analysis', [1, 2])).toThrow(/odd number of runs, got 2/);
    expect(() => oddMedian('analysis', [])).toThrow(/measured nothing/);
  });
});

describe('medianRoundBy', () => {
  it('picks the round whose own ratio is the median, each measurement paired with its own baseline', () => {
    // Ratios 0.72×, 0.59×, 0.70×: the median round is the third, though its page rate is the lowest.
    const rounds = [
      { page: 790, bare: 1092 },
      { page: 771, bare: 1293 },
      { page: 766, bare: 1098 },
    ];
    expect(medianRoundBy('page ÷ bare', rounds, (round) => round.page / round.bare)).toBe(rounds[2]);
    expect(() => medianRoundBy('page ÷ bare', rounds.slice(1), (round) => round.page / round.bare)).toThrow(
      /odd number of runs, got 2/,
    );
  });
});

describe('alternatedRuns', () => {
  it("pairs the two sides and alternates which goes first, keeping each side's seconds in pair order", async () => {
    const order = [];
    let product = 0;
    let hand = 0;
    const runs = await alternatedRuns(
      5,
      async () => {
        order.push('product');
        product += 1;
        return product;
      },
      async () => {
        order.push('hand');
        hand += 1;
        return hand * 10;
      },
    );
    expect(order).toEqual([
      'product',
      'hand',
      'hand',
      'product',
      'product',
      'hand',
      'hand',
      'product',
      'product',
      'hand',
    ]);
    expect(runs).toEqual({ productSeconds: [1, 2, 3, 4, 5], handSeconds: [10, 20, 30, 40, 50] });
  });
});

/** Field 6 of /proc/PID/stat: the session id. */
const sessionOf = (stat) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);

describe('timed', () => {
  it('runs the program in a session of its own, as the product starts its programs, and returns its seconds', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'relaycast-timed-'));
    try {
      const file = path.join(dir, 'stat');
      const seconds = await timed('sh', ['-c', `cat /proc/$$/stat > '${file}'`]);
      expect(seconds).toBeGreaterThan(0);
      const child = readFileSync(file, 'utf8');
      const ownSession = sessionOf(readFileSync(`/proc/${process.pid}/stat`, 'utf8'));
      // setsid: the child leads a new session, whose id is its own pid.
      expect(sessionOf(child)).not.toBe(ownSession);
      expect(sessionOf(child)).toBe(Number(child.split(' ')[0]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('throws with the stderr of a program that fails', async () => {
    await expect(timed('sh', ['-c', 'echo broken >&2; exit 3'])).rejects.toThrow(/exited with 3: broken/);
  });
});

describe('busyWhileIdle', () => {
  it('names a process left spinning, in this session, and leaves out idle ones', async () => {
    const spinner = spawn(process.execPath, ['-e', 'while (true) {}'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const busy = await busyWhileIdle(500);
      const found = busy.find((p) => p.pid === spinner.pid);
      expect(found).toMatchObject({ name: 'node', sameSession: true, self: false });
      expect(found.share).toBeGreaterThan(0.3);
      expect(busy.every((p) => p.share > 0.02)).toBe(true);
      expect(describeBusy([found])).toMatch(
        new RegExp(`^node \\(pid ${spinner.pid}, this session\\) \\d+ %$`),
      );
    } finally {
      spinner.kill('SIGKILL');
    }
  });

  it('says so when nothing is busy', () => {
    expect(describeBusy([])).toBe('nothing above 2 % of a core');
  });
});
