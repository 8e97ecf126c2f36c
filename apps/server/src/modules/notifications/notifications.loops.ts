import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { startPeriodicTask } from '../../lib/periodic-task';
import { deliverPendingNotifications, type NotifyDeps } from './notifications.service';
import { sendWeeklySummaries } from './notifications.weekly';

/** How often rows written by other statements (a failed post, a stream event) get their e-mail and push. */
export const NOTIFICATION_DELIVERY_INTERVAL_MS = 5_000;
/** How often the weekly summary is checked for (each week's is sent once, on the first run of the week). */
export const WEEKLY_SUMMARY_INTERVAL_MS = 60 * 60 * 1000;

/** The notifications background work (plugins/background.ts); the returned function stops both loops. */
export function startNotificationLoops(
  db: Db,
  deps: NotifyDeps,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): () => Promise<void> {
  const delivery = startPeriodicTask({
    name: 'notification delivery',
    everyMs: NOTIFICATION_DELIVERY_INTERVAL_MS,
    task: () => deliverPendingNotifications(db, deps),
    log,
  });
  const weekly = startPeriodicTask({
    name: 'weekly summary',
    everyMs: WEEKLY_SUMMARY_INTERVAL_MS,
    task: () => sendWeeklySummaries(db, deps),
    log,
    runNow: true,
  });
  return async () => {
    await Promise.all([delivery.stop(), weekly.stop()]);
  };
}
