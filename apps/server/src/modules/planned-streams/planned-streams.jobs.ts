import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { defineSweep, WORKER_ROLES } from '../../lib/background-work';
import type { Mailer } from '../mail/mailer';
import type { NotifyDeps } from '../notifications/notifications.service';
import { sendDueReminders } from './planned-streams-reminders';

export interface PlannedStreamsJobContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  notifyDeps: NotifyDeps;
}

/**
 * Reminders of planned streams, every STREAM_REMINDER_INTERVAL_MS (0 turns them off) and once at start. The
 * claim in sendDueReminders keeps each reminder single when several workers run them.
 */
export const PLANNED_STREAM_JOBS = [
  defineSweep<PlannedStreamsJobContext>({
    name: 'stream reminder run',
    everyMs: ({ config }) => config.streamReminderIntervalMs,
    roles: WORKER_ROLES,
    single: false,
    underTest: 'runs',
    runNow: true,
    handler: ({ db, mailer, config, log, notifyDeps }) =>
      sendDueReminders({ db, mailer, publicUrl: config.publicUrl, log, notifyDeps }),
  }),
];
