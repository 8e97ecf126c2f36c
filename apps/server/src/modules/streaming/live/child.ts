import { spawnChild } from '../../../lib/child-processes';
import { type ProgressBlock, ProgressParser } from './progress';

/** A running ffmpeg as the supervisor sees it; tests pass fakes. */
export interface ChildHandle {
  readonly pid: number | undefined;
  /** Sends a signal; false when the process has already exited. */
  kill(signal: NodeJS.Signals): boolean;
  onProgress(listener: (block: ProgressBlock) => void): void;
  /** Called once, with ffmpeg's last stderr lines (its error, usually). */
  onExit(
    listener: (exit: { code: number | null; signal: NodeJS.Signals | null; stderrTail: string }) => void,
  ): void;
}

export type Spawner = (args: string[]) => ChildHandle;

const STDERR_TAIL_BYTES = 2_000;

/** Every live ffmpeg this process started, so app.close() can prove none outlives it. */
export const runningChildren = new Set<number>();

/**
 * Spawns ffmpeg with an argv array (never a shell), parses `-progress pipe:1` from stdout and keeps the tail
 * of stderr for the failure reason.
 */
export function spawnFfmpeg(
  ffmpegPath: string,
  args: string[],
  /** output: stdout carries media (`pipe:1`), not progress; read it from the handle's `stdout`. */
  options: { stdin?: boolean; output?: boolean } = {},
) {
  const child = spawnChild(ffmpegPath, args, { stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  const parser = new ProgressParser();
  const progressListeners: ((block: ProgressBlock) => void)[] = [];
  const exitListeners: Parameters<ChildHandle['onExit']>[0][] = [];
  let stderrTail = '';
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  if (child.pid !== undefined) runningChildren.add(child.pid);

  if (!options.output) {
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      for (const block of parser.push(chunk)) for (const listener of progressListeners) listener(block);
    });
  }
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_BYTES);
  });
  child.stdin?.on('error', () => {
    // EPIPE when ffmpeg exits while chunks are in flight; the exit handler reports the failure.
  });
  const finish = (code: number | null, signal: NodeJS.Signals | null) => {
    if (exited) return;
    exited = { code, signal };
    if (child.pid !== undefined) runningChildren.delete(child.pid);
    for (const listener of exitListeners) listener({ ...exited, stderrTail: stderrTail.trim() });
  };
  child.on('close', finish);
  child.on('error', (err) => {
    stderrTail += `\n${String(err)}`;
    // 'close' follows 'error' only when the process had started.
    if (child.pid === undefined) finish(null, null);
  });

  const handle: ChildHandle & { stdin: typeof child.stdin; stdout: typeof child.stdout | null } = {
    pid: child.pid,
    stdin: child.stdin,
    stdout: options.output ? child.stdout : null,
    kill(signal) {
      if (exited) return false;
      return child.kill(signal);
    },
    onProgress(listener) {
      progressListeners.push(listener);
    },
    onExit(listener) {
      if (exited) listener({ ...exited, stderrTail: stderrTail.trim() });
      else exitListeners.push(listener);
    },
  };
  return handle;
}

/** SIGINT (ffmpeg writes its trailer and closes the connection), then SIGKILL after `graceMs`. */
export function stopChild(child: ChildHandle, graceMs = 5_000): Promise<void> {
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    child.onExit(() => {
      if (timer) clearTimeout(timer);
      resolve();
    });
    if (!child.kill('SIGINT')) return;
    timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  });
}

/** A short, user-facing reason from ffmpeg's stderr. */
export function failureReasonOf(stderrTail: string, code: number | null): string {
  const text = stderrTail.toLowerCase();
  if (/connection refused/.test(text)) return 'The platform refused the connection (check the RTMP URL).';
  if (/(name or service not known|failed to resolve|temporary failure in name resolution)/.test(text))
    return 'The RTMP server could not be found (check the RTMP URL).';
  if (
    /(unauthori[sz]ed|forbidden|authentication|publish.*(denied|rejected)|badname|stream.*not found)/.test(
      text,
    )
  )
    return 'The platform refused the stream key.';
  if (/(timed out|timeout)/.test(text)) return 'The platform did not answer in time.';
  if (/(broken pipe|connection reset|end of file|input\/output error)/.test(text))
    return 'The platform closed the connection.';
  if (/tls|ssl|certificate|gnutls/.test(text)) return 'The secure (RTMPS) connection failed.';
  return code === null
    ? 'The stream process stopped unexpectedly.'
    : `The stream process stopped (exit code ${code}).`;
}
