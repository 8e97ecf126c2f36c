import type { Db } from '../../db/client';
import { defineSweep, WORKER_ROLES } from '../../lib/background-work';
import { deliverPendingNotifications, type NotifyDeps } from './notifications.service';
import { sendWeeklySummaries } from './notifications-weekly';

/** How often rows written by other statements (a failed post, a stream event) get their e-mail and push. */
export const NOTIFICATION_DELIVERY_INTERVAL_MS = 5_000;
/** How often the weekly summary is checked for (each week's is sent once, on the first run of the week). */
export const WEEKLY_SUMMARY_INTERVAL_MS = 60 * 60 * 1000;

export interface NotificationsJobContext {
  db: Db;
  notifyDeps: NotifyDeps;
}

/**
 * The delivery claims the pending rows (SKIP LOCKED), so every worker process shares it. The weekly summary
 * scans last week's posts of every workspace: one process at a time (`single`), its dedupe key keeping each
 * week's single whatever runs. Their tests call the delivery and the weekly summary directly.
 */
export const NOTIFICATIONS_JOBS = [
  defineSweep<NotificationsJobContext>({
    name: 'notification delivery',
    everyMs: NOTIFICATION_DELIVERY_INTERVAL_MS,
    roles: WORKER_ROLES,
    single: false,
    underTest: 'off',
    handler: ({ db, notifyDeps }) => deliverPendingNotifications(db, notifyDeps),
  }),
  defineSweep<NotificationsJobContext>({
    name: 'weekly summary',
    everyMs: WEEKLY_SUMMARY_INTERVAL_MS,
    roles: WORKER_ROLES,
    single: true,
    underTest: 'off',
    runNow: true,
    handler: ({ db, notifyDeps }) => sendWeeklySummaries(db, notifyDeps),
  }),
];
