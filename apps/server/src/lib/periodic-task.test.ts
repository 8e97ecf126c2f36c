import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicTask } from './periodic-task';

const log = () => ({ error: vi.fn(), warn: vi.fn() });

afterEach(() => {
  vi.useRealTimers();
});

describe('startPeriodicTask', () => {
  it('runs every interval, never two runs at once, and logs a failure without stopping', async () => {
    vi.useFakeTimers();
    const logger = log();
    let release: () => void = () => {};
    let runs = 0;
    const task = startPeriodicTask({
      name: 'test task',
      everyMs: 100,
      log: logger,
      task: async () => {
        runs += 1;
        if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
        if (runs === 2) throw new Error('boom');
      },
    });
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(1);
    // Still running: the next ticks are skipped.
    await vi.advanceTimersByTimeAsync(300);
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(2);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ task: 'test task' }),
      'test task failed',
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(3);
    await task.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(3);
  });

  it('can run at once, logs at the chosen level, and stop waits for the run in progress', async () => {
    const logger = log();
    let finished = false;
    const task = startPeriodicTask({
      name: 'slow',
      everyMs: 60_000,
      log: logger,
      runNow: true,
      failureLevel: 'warn',
      task: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        finished = true;
        throw new Error('late');
      },
    });
    await task.stop();
    expect(finished).toBe(true);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.error).not.toHaveBeenCalled();
  });
});
