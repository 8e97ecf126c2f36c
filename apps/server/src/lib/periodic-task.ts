/** What a periodic task logs through (the app's pino logger, or a part of it). */
export interface PeriodicTaskLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface PeriodicTask {
  /** Stops the timer and waits for a run in progress, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * The timer of a sweep (plugins/jobs.ts, the only caller: modules declare sweeps in `<module>.jobs.ts`, decision
 * 0062): runs every `everyMs` in this process, never two runs at once, a failure logged and retried at the next
 * tick, an unref'd timer so it never keeps the process alive.
 */
export function startPeriodicTask(options: {
  name: string;
  everyMs: number;
  task: () => Promise<unknown>;
  log: PeriodicTaskLog;
  /** Also run once right away (default: first run after `everyMs`). */
  runNow?: boolean;
  /** How a failed run is logged (default error). */
  failureLevel?: 'error' | 'warn';
}): PeriodicTask {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = Promise.resolve()
      .then(options.task)
      .then(
        () => undefined,
        (err: unknown) =>
          options.log[options.failureLevel ?? 'error']({ err, task: options.name }, `${options.name} failed`),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.everyMs);
  timer.unref();
  if (options.runNow) tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
