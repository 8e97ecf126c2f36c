import { statfs } from 'node:fs/promises';
import { AppError } from '../app-error';

/**
 * The free space of the disk that holds the server's files (uploads' temporary files, the local media store,
 * recordings, exports), kept above a reserve (MIN_FREE_DISK_MB): a file that would eat into it is refused before
 * it is written, and a transfer that reaches it stops (docs/decisions/0061-self-hosted-limits-and-no-store.md).
 */
export interface DiskGuard {
  /** Bytes that can still be written before the reserve (0 at or below it). */
  room(): Promise<number>;
  /** Throws the "disk almost full" error (507) unless `bytes` more fit above the reserve. */
  assertRoom(bytes: number): Promise<void>;
}

export function diskFullError(): AppError {
  return new AppError('DISK_FULL');
}

/** Bytes an unprivileged process may still write on the disk that holds `dir`. */
export async function freeDiskBytes(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

export function createDiskGuard(dir: string, reserveBytes: number): DiskGuard {
  const room = async () => Math.max(0, (await freeDiskBytes(dir)) - reserveBytes);
  return {
    room,
    async assertRoom(bytes) {
      if ((await room()) < Math.max(bytes, 1)) throw diskFullError();
    },
  };
}
