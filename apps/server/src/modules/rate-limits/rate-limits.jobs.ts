import type { Db } from '../../db/client';
import { defineSweep, WORKER_ROLES } from '../../lib/background-work';
import { deleteEndedRateLimits } from './rate-limits.service';

export interface RateLimitsJobContext {
  db: Db;
}

/** `rate limit windows`: deletes the windows that ended (rate-limits.service.ts), hourly, on one worker at a time. */
export const RATE_LIMITS_JOBS = [
  defineSweep<RateLimitsJobContext>({
    name: 'rate limit windows',
    everyMs: 60 * 60 * 1000,
    roles: WORKER_ROLES,
    single: true,
    // Its test calls deleteEndedRateLimits with the time it needs.
    underTest: 'off',
    handler: ({ db }) => deleteEndedRateLimits(db),
  }),
];
