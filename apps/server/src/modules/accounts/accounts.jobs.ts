import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { defineSweep, WORKER_ROLES } from '../../lib/background-work';
import type { Mailer } from '../mail/mailer';
import type { NotifyDeps } from '../notifications/notifications.service';
import { runAccountsSweep, SWEEP_INTERVAL_MS } from './accounts-sweep';

export interface AccountsJobContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  notifyDeps: NotifyDeps;
}

/**
 * Every minute: refreshes the tokens about to expire and tells owners about accounts to reconnect
 * (accounts-sweep.ts). Each account is claimed first, so every worker process shares the work.
 */
export const ACCOUNTS_JOBS = [
  defineSweep<AccountsJobContext>({
    name: 'accounts sweep',
    everyMs: SWEEP_INTERVAL_MS,
    roles: WORKER_ROLES,
    single: false,
    // Its tests call runAccountsSweep directly.
    underTest: 'off',
    handler: ({ db, config, mailer, log, notifyDeps }) =>
      runAccountsSweep(db, config, mailer, log, notifyDeps),
  }),
];
