import { type ChildProcessByStdio, type SpawnOptions, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

/**
 * Every program the server starts (ffmpeg, ffprobe) is started here, so none outlives the server
 * (docs/decisions/0058):
 * - in its own process group, so the group is killed as one (ffmpeg and anything it started) and a Ctrl+C in
 *   the terminal reaches the server, which stops its children itself;
 * - on Linux through `setpriv --pdeathsig SIGKILL`: the kernel kills it the moment the server dies, kill -9
 *   included (Node has no prctl of its own);
 * - written down in the data folder's registry (`run/children/<pid>.json`: its pid and start time, its program,
 *   the server process that owns it, the temporary files it works on) until it ends. The next start reaps what a
 *   dead owner left: it kills a child only when /proc shows the same process (start time and program), never a
 *   reused pid, and removes its temporary files;
 * - killed with its group when the server process exits in any way Node sees (shutdown, an uncaught error).
 */

const SETPRIV = '/usr/bin/setpriv';
const ENTRY_SUFFIX = '.json';

export interface ChildEntry {
  pid: number;
  /** From /proc/<pid>/stat: with the pid, names one process for good (a reused pid starts later). */
  startTime: string | null;
  program: string;
  ownerPid: number;
  ownerStartTime: string | null;
  tempPaths: string[];
}

export interface SpawnChildOptions extends Omit<SpawnOptions, 'detached' | 'stdio'> {
  /** Output and errors are always read (a full pipe would stall the program); input is optional. */
  stdio: ['ignore' | 'pipe', 'pipe', 'pipe'];
  /** Files or folders that belong to this run: removed by the reaper when a dead server left them. */
  tempPaths?: readonly string[];
}

interface ChildRegistry {
  /** Where entries are written; null keeps them in memory only (tests that build an app, tools). */
  dir: string | null;
  /** Whether children are wrapped so they die with the server (tests of the reaper turn it off). */
  dieWithParent: boolean;
}

const registry: ChildRegistry = { dir: null, dieWithParent: true };
/** Running children by pid, with their registry entry's file (null when not written down). */
const running = new Map<number, string | null>();
let exitHookInstalled = false;

/** The start time field of /proc/<pid>/stat, or null where there is no /proc or no such process. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The program name (field 2) may hold spaces and parentheses: count fields from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** The program /proc/<pid>/cmdline names (its base name), or null. */
function processProgram(pid: number): string | null {
  try {
    const first = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
    return first ? path.basename(first) : null;
  } catch {
    return null;
  }
}

/** Sets where this process writes its children down; the server calls it once, after reaping. */
export function useChildRegistry(dir: string | null, options: { dieWithParent?: boolean } = {}): void {
  if (dir) mkdirSync(dir, { recursive: true });
  registry.dir = dir;
  registry.dieWithParent = options.dieWithParent ?? true;
}

const foundPrograms = new Map<string, boolean>();

/**
 * Whether the shell finds `command` (checked once per command). A program that is not there is started
 * unwrapped, so its caller still sees ENOENT rather than setpriv's own "failed to execute".
 */
function isFound(command: string): boolean {
  let found = foundPrograms.get(command);
  if (found === undefined) {
    found =
      spawnSync('/bin/sh', ['-c', 'command -v -- "$1"', 'sh', command], { stdio: 'ignore' }).status === 0;
    foundPrograms.set(command, found);
  }
  return found;
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Kills every child this process started (their whole groups). Runs on exit; the server's shutdown too. */
export function killRunningChildren(): void {
  for (const [pid, file] of running) {
    killGroup(pid);
    if (file) rmSync(file, { force: true });
  }
  running.clear();
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', killRunningChildren);
}

function writeEntry(entry: ChildEntry): string | null {
  if (!registry.dir) return null;
  const file = path.join(registry.dir, `${entry.pid}${ENTRY_SUFFIX}`);
  try {
    writeFileSync(file, JSON.stringify(entry));
    return file;
  } catch {
    return null;
  }
}

/**
 * `spawn` for every program the server runs: own process group, dies with the server where the system allows,
 * written down until it ends (see the top of this file).
 */
export function spawnChild(
  command: string,
  args: readonly string[],
  options: SpawnChildOptions,
): ChildProcessByStdio<Writable | null, Readable, Readable> {
  const { tempPaths = [], ...spawnOptions } = options;
  const wrap =
    registry.dieWithParent && process.platform === 'linux' && existsSync(SETPRIV) && isFound(command);
  const child = wrap
    ? spawn(SETPRIV, ['--pdeathsig', 'SIGKILL', '--', command, ...args], { ...spawnOptions, detached: true })
    : spawn(command, args, { ...spawnOptions, detached: true });
  const pid = child.pid;
  if (pid === undefined) return child as ChildProcessByStdio<Writable | null, Readable, Readable>;
  installExitHook();
  const file = writeEntry({
    pid,
    startTime: processStartTime(pid),
    program: path.basename(command),
    ownerPid: process.pid,
    ownerStartTime: processStartTime(process.pid),
    tempPaths: [...tempPaths],
  });
  running.set(pid, file);
  child.once('exit', () => {
    running.delete(pid);
    if (file) rmSync(file, { force: true });
  });
  return child as ChildProcessByStdio<Writable | null, Readable, Readable>;
}

function isAlive(pid: number, startTime: string | null): boolean {
  const now = processStartTime(pid);
  if (now !== null || startTime !== null) return now !== null && now === startTime;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * At start: for every entry whose owning server is gone, kills the child when it is still the very process
 * written down (same start time, same program: a pid the system gave to something else is left alone), and
 * removes its temporary files and the entry. Entries of a live server sharing the data folder stay.
 */
export function reapOrphanedChildren(dir: string): { killed: number[]; removed: string[] } {
  const killed: number[] = [];
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(ENTRY_SUFFIX));
  } catch {
    return { killed, removed };
  }
  for (const name of names) {
    const file = path.join(dir, name);
    let entry: ChildEntry;
    try {
      entry = JSON.parse(readFileSync(file, 'utf8')) as ChildEntry;
    } catch {
      rmSync(file, { force: true });
      continue;
    }
    if (isAlive(entry.ownerPid, entry.ownerStartTime)) continue;
    const program = processProgram(entry.pid);
    const sameProcess =
      entry.startTime !== null &&
      processStartTime(entry.pid) === entry.startTime &&
      (program === entry.program || program === path.basename(SETPRIV));
    if (sameProcess) {
      killGroup(entry.pid);
      killed.push(entry.pid);
    }
    for (const temp of entry.tempPaths) {
      rmSync(temp, { force: true, recursive: true });
      removed.push(temp);
    }
    unlinkSync(file);
  }
  return { killed, removed };
}
