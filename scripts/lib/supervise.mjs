// Keeps one child process running: what `npm start` runs the server under (docs/decisions/0057). Only Node
// built-ins here, like the rest of scripts/lib.

export const SUPERVISE_DEFAULTS = Object.freeze({
  /** The wait before the first restart; each further crash in a row doubles it. */
  initialDelayMs: 1_000,
  /** The longest wait between two restarts. */
  maxDelayMs: 30_000,
  /** A child that ran this long was healthy: the next crash waits initialDelayMs again. */
  healthyAfterMs: 60_000,
});

/**
 * The server's exit code for a configuration it refuses (apps/server/src/server.ts, sysexits' EX_CONFIG): the same
 * configuration would fail again, so the supervisor ends with it instead of restarting.
 */
export const EXIT_CONFIG = 78;

/** The wait before restart number `failures` (1 for the first crash in a row). */
export function restartDelayMs(failures, { initialDelayMs, maxDelayMs } = SUPERVISE_DEFAULTS) {
  return Math.min(maxDelayMs, initialDelayMs * 2 ** Math.max(0, failures - 1));
}

/** How a child ended, for the log line: "exited with code 1" or "was killed by SIGKILL". */
export function describeExit(code, signal) {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`;
}

/**
 * Starts `start()` (which returns a ChildProcess) and starts it again whenever it ends on its own, after
 * restartDelayMs of the crashes in a row; the count goes back to zero once a child has run healthyAfterMs.
 * `stop(signal)` passes the signal to the running child and restarts nothing more. A child that exits with code
 * 0 on its own stopped deliberately, and one that exits EXIT_CONFIG cannot start as configured: neither is restarted. Resolves `done` with the exit code to end with.
 */
export function supervise(start, options = {}) {
  const settings = { ...SUPERVISE_DEFAULTS, ...options };
  const log = options.log ?? ((line) => console.error(line));
  let child;
  let startedAt = 0;
  let failures = 0;
  let restartTimer;
  let stopping = false;
  let finish;
  const done = new Promise((resolve) => {
    finish = resolve;
  });

  const launch = () => {
    restartTimer = undefined;
    startedAt = Date.now();
    child = start();
    const current = child;
    current.once('error', (error) => {
      log(`Could not start the server: ${error.message}`);
      // Never started (the binary is missing, say): trying again would fail the same way.
      if (current.pid === undefined) finish(1);
    });
    current.once('exit', (code, signal) => {
      child = undefined;
      if (stopping) return finish(code ?? 0);
      if (code === 0) return finish(0);
      if (code === EXIT_CONFIG) {
        log('The server refused its configuration (see above); fix it and start again. Not restarting.');
        return finish(EXIT_CONFIG);
      }
      if (Date.now() - startedAt >= settings.healthyAfterMs) failures = 0;
      failures += 1;
      const delay = restartDelayMs(failures, settings);
      log(
        `The server ${describeExit(code, signal)}; restarting it in ${delay / 1000} s ` +
          `(crash ${failures} in a row).`,
      );
      restartTimer = setTimeout(launch, delay);
    });
  };

  const stop = (signal = 'SIGTERM') => {
    stopping = true;
    if (restartTimer) {
      clearTimeout(restartTimer);
      restartTimer = undefined;
      finish(0);
    }
    child?.kill(signal);
  };

  launch();
  return { stop, done, pid: () => child?.pid };
}
