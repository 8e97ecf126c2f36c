import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { processStartTime, reapOrphanedChildren } from './child-processes';

const STAND_IN = path.join(import.meta.dirname, 'child-processes.test-support.ts');
const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Whether a pid no longer names a running process (gone, or a zombie nobody has collected yet). */
function isGone(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** A process that is not ours to wait on ends with no event: look every 20 ms, for 5 s at most. */
async function waitUntilGone(pid: number): Promise<boolean> {
  for (let tries = 0; tries < 250 && !isGone(pid); tries += 1) await wait(20);
  return isGone(pid);
}

function killLater(pid: number) {
  cleanups.push(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
  });
}

/** Starts the stand-in server; resolves once it printed its ffmpeg's pid. */
async function startStandIn(wrapping: 'die-with-parent' | 'registry-only', ending: 'wait' | 'exit') {
  const folder = mkdtempSync(path.join(tmpdir(), 'relaycast-children-'));
  const registry = path.join(folder, 'run', 'children');
  const tempFile = path.join(folder, 'export-out.mp4');
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', STAND_IN, registry, tempFile, wrapping, ending],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = once(server, 'exit');
  const [line] = (await once(server.stdout, 'data')) as [Buffer];
  const ffmpegPid = Number(String(line).trim());
  killLater(ffmpegPid);
  return { server, exited, ffmpegPid, registry, tempFile };
}

describe('child processes of a server killed with -9', () => {
  it('are stopped by the start-up reaper, which removes their temporary files and entries', async () => {
    const standIn = await startStandIn('registry-only', 'wait');
    expect(readdirSync(standIn.registry)).toEqual([`${standIn.ffmpegPid}.json`]);
    standIn.server.kill('SIGKILL');
    await standIn.exited;
    expect(isGone(standIn.ffmpegPid)).toBe(false);

    const reaped = reapOrphanedChildren(standIn.registry);

    expect(reaped).toEqual({ killed: [standIn.ffmpegPid], removed: [standIn.tempFile] });
    expect(await waitUntilGone(standIn.ffmpegPid)).toBe(true);
    expect(existsSync(standIn.tempFile)).toBe(false);
    expect(readdirSync(standIn.registry)).toEqual([]);
  });

  it('die with it on Linux, before any restart', async () => {
    const standIn = await startStandIn('die-with-parent', 'wait');
    standIn.server.kill('SIGKILL');
    await standIn.exited;
    expect(await waitUntilGone(standIn.ffmpegPid)).toBe(true);
  });
});

describe('child processes of a server that exits', () => {
  it('are killed with it and written off', async () => {
    const standIn = await startStandIn('registry-only', 'exit');
    await standIn.exited;
    expect(await waitUntilGone(standIn.ffmpegPid)).toBe(true);
    expect(readdirSync(standIn.registry)).toEqual([]);
  });
});

describe('reapOrphanedChildren', () => {
  function writeEntry(registry: string, entry: Record<string, unknown>) {
    writeFileSync(path.join(registry, `${entry.pid}.json`), JSON.stringify(entry));
  }

  it('never kills a process that only has the pid written down, and leaves a live owner alone', async () => {
    const registry = mkdtempSync(path.join(tmpdir(), 'relaycast-children-'));
    const stranger = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    const pid = stranger.pid as number;
    killLater(pid);
    const deadOwner = { ownerPid: 2 ** 22 + 1, ownerStartTime: '1' };
    // Same pid, another start time: the pid was reused by an unrelated process.
    writeEntry(registry, { pid, startTime: '1', program: 'sleep', tempPaths: [], ...deadOwner });
    expect(reapOrphanedChildren(registry).killed).toEqual([]);
    // Same process, another program than the one written down.
    writeEntry(registry, {
      pid,
      startTime: processStartTime(pid),
      program: 'ffmpeg',
      tempPaths: [],
      ...deadOwner,
    });
    expect(reapOrphanedChildren(registry).killed).toEqual([]);
    // The owner is alive (this test process): its children are its own business.
    const owner = { ownerPid: process.pid, ownerStartTime: processStartTime(process.pid) };
    writeEntry(registry, {
      pid,
      startTime: processStartTime(pid),
      program: 'sleep',
      tempPaths: [],
      ...owner,
    });
    expect(reapOrphanedChildren(registry).killed).toEqual([]);
    expect(readdirSync(registry)).toEqual([`${pid}.json`]);
    expect(isGone(pid)).toBe(false);
  });
});
