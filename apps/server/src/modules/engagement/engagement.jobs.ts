import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { defineSweep, WORKER_ROLES } from '../../lib/background-work';
import { sweepInboxes } from './engagement-sync';

export interface EngagementJobContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * The inbox sync (engagement-sync.ts): each account waits for its own next sync time, so the sweep only looks
 * for due ones, at least every minute; ENGAGEMENT_SYNC_INTERVAL_SECONDS=0 turns it off. Accounts are claimed,
 * so every worker process shares the work.
 */
export const ENGAGEMENT_JOBS = [
  defineSweep<EngagementJobContext>({
    name: 'inbox sweep',
    everyMs: ({ config }) =>
      config.engagementSyncIntervalSeconds > 0
        ? Math.min(config.engagementSyncIntervalSeconds * 1000, 60_000)
        : 0,
    roles: WORKER_ROLES,
    single: false,
    underTest: 'runs',
    failureLevel: 'warn',
    handler: ({ db, config, log }) => sweepInboxes(db, config, log),
  }),
];
