import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertDataDirFree, claimDataDir, DataDirInUseError, dataDirHolder } from './data-dir-lock';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-lock-'));
  dirs.push(dir);
  return dir;
}

/** Another live process that holds `dir`, as a running server would. */
function heldByAnother(dir: string): ChildProcess {
  const child = spawn('sleep', ['30']);
  children.push(child);
  mkdirSync(path.join(dir, 'run'), { recursive: true });
  writeFileSync(path.join(dir, 'run', 'server.pid'), JSON.stringify({ pid: child.pid, startTime: null }));
  return child;
}

describe('one process on the embedded database', () => {
  it('refuses a folder another live process holds, naming it', () => {
    const dir = dataDir();
    const other = heldByAnother(dir);
    expect(() => assertDataDirFree(dir)).toThrow(DataDirInUseError);
    expect(() => claimDataDir(dir)).toThrow(new RegExp(`pid ${other.pid}`));
  });

  it('takes over the file of a process that is gone (killed with -9)', async () => {
    const dir = dataDir();
    const other = heldByAnother(dir);
    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));
    expect(dataDirHolder(dir)).toBeNull();
    claimDataDir(dir);
    expect(dataDirHolder(dir)?.pid).toBe(process.pid);
    // The holder itself may open it again (its own tools in-process).
    expect(() => assertDataDirFree(dir)).not.toThrow();
  });

  it('does not take a reused pid for the holder: the start time must match', () => {
    const dir = dataDir();
    mkdirSync(path.join(dir, 'run'), { recursive: true });
    writeFileSync(
      path.join(dir, 'run', 'server.pid'),
      JSON.stringify({ pid: process.pid, startTime: 'not-this-process' }),
    );
    expect(dataDirHolder(dir)).toBeNull();
  });
});
