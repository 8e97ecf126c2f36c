import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { processStartTime } from './child-processes';

/**
 * The embedded database (PGlite) may be opened by one process only: two would write one data folder and ruin it,
 * and PGlite itself takes no lock. A server on PGlite writes `run/server.pid` in its data folder (its pid and its
 * start time from /proc, so a pid the system reused is not taken for it) and removes it at exit; the tools that
 * open the same folder (`npm run admin`, `npm run backup`, `npm run restore`) and a second server refuse while
 * it is held. A server killed with -9 leaves a file whose process is gone: it holds nothing.
 */

export interface DataDirHolder {
  pid: number;
  startTime: string | null;
}

export class DataDirInUseError extends Error {
  constructor(
    public readonly holder: DataDirHolder,
    dataDir: string,
  ) {
    super(
      `A Relaycast server (pid ${holder.pid}) is using ${dataDir}: its embedded database can be opened by one ` +
        'process only. Stop the server first.',
    );
    this.name = 'DataDirInUseError';
  }
}

function pidFileOf(dataDir: string): string {
  return path.join(dataDir, 'run', 'server.pid');
}

/** The live process holding the data folder, or null (no file, or its process is gone). */
export function dataDirHolder(dataDir: string): DataDirHolder | null {
  let holder: DataDirHolder;
  try {
    holder = JSON.parse(readFileSync(pidFileOf(dataDir), 'utf8')) as DataDirHolder;
  } catch {
    return null;
  }
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return null;
  const startTime = processStartTime(holder.pid);
  if (startTime === null) return null;
  if (holder.startTime !== null && holder.startTime !== startTime) return null;
  return holder;
}

/** Throws DataDirInUseError when another live process holds the folder. */
export function assertDataDirFree(dataDir: string): void {
  const holder = dataDirHolder(dataDir);
  if (holder && holder.pid !== process.pid) throw new DataDirInUseError(holder, dataDir);
}

/** Holds the folder for this process until it exits (throws DataDirInUseError when another holds it). */
export function claimDataDir(dataDir: string): void {
  const file = pidFileOf(dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const mine = `${JSON.stringify({ pid: process.pid, startTime: processStartTime(process.pid) })}\n`;
  // Written only where there is no file; a dead process's file is removed and the write tried once more.
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = dataDirHolder(dataDir);
      if (holder && holder.pid !== process.pid) throw new DataDirInUseError(holder, dataDir);
      if (attempt > 0) throw err;
      rmSync(file, { force: true });
    }
  }
  process.once('exit', () => {
    if (dataDirHolder(dataDir)?.pid === process.pid) rmSync(file, { force: true });
  });
}
