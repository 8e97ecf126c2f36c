import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { describeExit, EXIT_CONFIG, restartDelayMs, supervise } from './supervise.mjs';

/** A Node child running `code`; its stdout is piped so a test can wait for what it prints. */
function nodeChild(code) {
  return spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
}

const CRASH = 'process.exit(3)';
const RUN_UNTIL_SIGNALLED = "process.stdout.write('ready\\n'); setInterval(() => {}, 1000);";

describe('restartDelayMs', () => {
  it('doubles from the first wait up to the cap', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((n) => restartDelayMs(n));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });
});

describe('supervise', () => {
  it('restarts a crashing child with growing waits up to the cap and says why', async () => {
    const lines = [];
    let starts = 0;
    let supervisor;
    const started = [];
    supervisor = supervise(
      () => {
        starts += 1;
        started.push(Date.now());
        if (starts === 5) queueMicrotask(() => supervisor.stop('SIGTERM'));
        return nodeChild(starts === 5 ? RUN_UNTIL_SIGNALLED : CRASH);
      },
      { initialDelayMs: 20, maxDelayMs: 60, healthyAfterMs: 60_000, log: (line) => lines.push(line) },
    );
    expect(await supervisor.done).toBe(0);
    expect(starts).toBe(5);
    expect(lines).toEqual([
      'The server exited with code 3; restarting it in 0.02 s (crash 1 in a row).',
      'The server exited with code 3; restarting it in 0.04 s (crash 2 in a row).',
      'The server exited with code 3; restarting it in 0.06 s (crash 3 in a row).',
      'The server exited with code 3; restarting it in 0.06 s (crash 4 in a row).',
    ]);
    // Each restart waited at least its announced delay after the start before it.
    for (const [index, wait] of [20, 40, 60, 60].entries()) {
      expect(started[index + 1] - started[index]).toBeGreaterThanOrEqual(wait - 1);
    }
  });

  it('waits the first delay again after a child that ran healthy', async () => {
    const lines = [];
    let starts = 0;
    const supervisor = supervise(
      () => {
        starts += 1;
        if (starts === 3) queueMicrotask(() => supervisor.stop('SIGTERM'));
        return nodeChild(starts === 3 ? RUN_UNTIL_SIGNALLED : CRASH);
      },
      { initialDelayMs: 10, maxDelayMs: 1_000, healthyAfterMs: 0, log: (line) => lines.push(line) },
    );
    await supervisor.done;
    expect(lines.map((line) => line.match(/in ([\d.]+) s/)?.[1])).toEqual(['0.01', '0.01']);
  });

  it('passes a stop signal to the child and restarts nothing', async () => {
    const lines = [];
    let starts = 0;
    let child;
    const supervisor = supervise(
      () => {
        starts += 1;
        child = nodeChild(RUN_UNTIL_SIGNALLED);
        return child;
      },
      { initialDelayMs: 10, log: (line) => lines.push(line) },
    );
    await once(child.stdout, 'data');
    supervisor.stop('SIGINT');
    expect(await supervisor.done).toBe(0);
    expect(child.signalCode).toBe('SIGINT');
    expect(starts).toBe(1);
    expect(lines).toEqual([]);
  });

  it('does not restart a child that stopped on its own with code 0', async () => {
    let starts = 0;
    const supervisor = supervise(
      () => {
        starts += 1;
        return nodeChild('process.exit(0)');
      },
      { initialDelayMs: 10, log: () => {} },
    );
    expect(await supervisor.done).toBe(0);
    expect(starts).toBe(1);
  });

  it('does not restart a server that refused its configuration (exit 78), and says so', async () => {
    let starts = 0;
    const lines = [];
    const supervisor = supervise(
      () => {
        starts += 1;
        return nodeChild(`process.exit(${EXIT_CONFIG})`);
      },
      { initialDelayMs: 10, log: (line) => lines.push(line) },
    );
    expect(await supervisor.done).toBe(78);
    expect(starts).toBe(1);
    expect(lines).toEqual([
      'The server refused its configuration (see above); fix it and start again. Not restarting.',
    ]);
  });

  it('names the signal that killed a child', () => {
    expect(describeExit(null, 'SIGKILL')).toBe('was killed by SIGKILL');
    expect(describeExit(1, null)).toBe('exited with code 1');
  });
});
