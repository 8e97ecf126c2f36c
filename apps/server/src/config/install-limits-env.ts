import { MEGABYTE } from '@relaycast/shared/plans';
import { z } from 'zod';

/**
 * A self-hosted install's own media limits, read by env.ts (docs/decisions/0061-self-hosted-limits-and-no-store.md):
 * the plans' sizes are the managed service's, so without billing the operator's settings apply.
 */
export const installLimitsEnvShape = {
  /** The largest file one upload, URL import, export or clip may be, in MB (default 2048 = 2 GB). */
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(1_048_576).default(2048),
  /** Storage per owner across their workspaces, in MB; unset or 0: no limit but the disk. */
  WORKSPACE_STORAGE_MB: z.coerce.number().int().min(0).default(0),
  /** Free disk space always kept, in MB: files are refused and a recording stops below it (both modes). */
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(1024),
};

export interface InstallLimits {
  maxFileSizeBytes: number;
  /** Null: no storage limit of its own, only the disk's free space. */
  storageBytes: number | null;
  /** Free space on the data directory's disk that files never eat into. */
  minFreeDiskBytes: number;
}

export function readInstallLimits(env: {
  MAX_UPLOAD_MB: number;
  WORKSPACE_STORAGE_MB: number;
  MIN_FREE_DISK_MB: number;
}): InstallLimits {
  return {
    maxFileSizeBytes: env.MAX_UPLOAD_MB * MEGABYTE,
    storageBytes: env.WORKSPACE_STORAGE_MB > 0 ? env.WORKSPACE_STORAGE_MB * MEGABYTE : null,
    minFreeDiskBytes: env.MIN_FREE_DISK_MB * MEGABYTE,
  };
}
