import type { Db } from '../../db/client';
import { defineSweep, WORKER_ROLES } from '../../lib/background-work';
import { APPROVAL_EXPIRY_INTERVAL_MS, expireOverdueApprovals } from './approvals-expiry';

export interface ApprovalsJobContext {
  db: Db;
}

/**
 * Every minute: the posts still awaiting approval at their publish time expire (approvals-expiry.ts). One
 * statement scans every workspace's pending posts, so one process at a time is enough (`single`); the
 * conditional update keeps it right even without the lock.
 */
export const APPROVALS_JOBS = [
  defineSweep<ApprovalsJobContext>({
    name: 'approval expiry',
    everyMs: APPROVAL_EXPIRY_INTERVAL_MS,
    roles: WORKER_ROLES,
    single: true,
    // Its tests call expireOverdueApprovals with the time they need.
    underTest: 'off',
    runNow: true,
    handler: ({ db }) => expireOverdueApprovals(db),
  }),
];
