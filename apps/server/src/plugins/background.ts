import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import { startAccountsSweep } from '../modules/accounts/accounts.sweep';
import { ownOrigin, renderPdf } from '../modules/analytics/analytics.pdf';
import { startReportEmails } from '../modules/analytics/analytics.report-emails';
import { startAnalyticsCollector } from '../modules/analytics/collect/collect.sweep';
import { startApprovalExpiry } from '../modules/approvals/approvals.expiry';
import { startInboxSweep } from '../modules/engagement/engagement.sync';
import type { Mailer } from '../modules/mail/mailer';
import { startNotificationLoops } from '../modules/notifications/notifications.loops';
import type { NotifyDeps } from '../modules/notifications/notifications.service';
import {
  createPublishing,
  type Publishing,
  type PublishingOptions,
} from '../modules/publishing/publishing.plugin';
import { startReminderTimer } from '../modules/stream-schedule/stream-schedule.reminders';
import { startStreamViewers } from '../modules/streaming/stream-viewers';
import { startWebhookDeliveries } from '../modules/webhooks/webhooks.delivery';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue and publishing engine of this process (routes schedule through `publishing.engine`). */
    publishing: Publishing;
  }
}

/** Which background work this process runs. */
export interface BackgroundWork {
  publishWorkers: boolean;
  accountsSweep: boolean;
  inboxSweep: boolean;
  streamReminders: boolean;
  analyticsCollect: boolean;
  /** The weekly and monthly analytics report e-mails. */
  reportEmails: boolean;
  /** Sending the queued webhook deliveries. */
  webhookDeliveries: boolean;
  /** Sending the e-mail and push of notifications written by other statements, and the weekly summary. */
  notifications: boolean;
  /** Expiring the posts still awaiting approval at their publish time (approvals). */
  approvalExpiry: boolean;
  /** Reading live streams' viewer counts from the platforms' APIs. */
  streamViewers: boolean;
}

/**
 * The one place that decides from ROLE: `api` processes only serve requests (and send jobs), `all` and
 * `worker` run the background work. An interval setting of 0 turns its task off. Under NODE_ENV=test the
 * publish workers and the accounts sweep stay off unless a test asks for them (tests drive them directly).
 */
export function backgroundWorkOf(
  config: Pick<Config, 'role' | 'env' | 'engagementSyncIntervalSeconds' | 'streamReminderIntervalMs'> &
    Partial<Pick<Config, 'analyticsCollectIntervalSeconds'>>,
  publishing: PublishingOptions = {},
): BackgroundWork {
  const worker = config.role !== 'api';
  const outsideTests = config.env !== 'test';
  return {
    publishWorkers: publishing.runWorkers ?? (worker && outsideTests),
    accountsSweep: worker && outsideTests,
    inboxSweep: worker && config.engagementSyncIntervalSeconds > 0,
    streamReminders: worker && config.streamReminderIntervalMs > 0,
    // Off under NODE_ENV=test like the accounts sweep: the collector's tests drive it directly.
    analyticsCollect: worker && outsideTests && (config.analyticsCollectIntervalSeconds ?? 0) > 0,
    // Off under NODE_ENV=test: the report e-mail tests call sendDueReports with the time they need.
    reportEmails: worker && outsideTests,
    // Off under NODE_ENV=test: the webhook tests call sendDueWebhooks with the time they need.
    webhookDeliveries: worker && outsideTests,
    // Off under NODE_ENV=test: the notification tests call the delivery and the weekly summary directly.
    notifications: worker && outsideTests,
    // Off under NODE_ENV=test: the approvals tests call expireOverdueApprovals with the time they need.
    approvalExpiry: worker && outsideTests,
    // Off under NODE_ENV=test: the viewers tests call sweepStreamViewers with the time they need.
    streamViewers: worker && outsideTests,
  };
}

export interface BackgroundPluginOptions {
  config: Config;
  database: Database;
  mailer: Mailer;
  notifyDeps: NotifyDeps;
  /** Tests: run the publish workers, engine tuning. */
  publishing?: PublishingOptions;
}

type StopTask = () => Promise<void>;

/**
 * Background work, started one way: the job queue (always: api processes send jobs) with the publish workers
 * when this process runs them, and the periodic sweeps. All start on onReady and stop on preClose, while the
 * database is still open.
 */
async function background(app: FastifyInstance, options: BackgroundPluginOptions) {
  const { config, database, mailer, notifyDeps } = options;
  const work = backgroundWorkOf(config, options.publishing);
  const publishing = createPublishing({
    database,
    config,
    log: app.log,
    storage: app.mediaStorage,
    options: { ...options.publishing, runWorkers: work.publishWorkers },
  });
  app.decorate('publishing', publishing);

  const tasks: (() => StopTask)[] = [];
  if (work.accountsSweep)
    tasks.push(() => startAccountsSweep(database.db, config, mailer, app.log, notifyDeps));
  if (work.inboxSweep) tasks.push(() => startInboxSweep(database.db, config, app.log));
  if (work.analyticsCollect) tasks.push(() => startAnalyticsCollector(database.db, config, app.log));
  if (work.reportEmails) {
    // The PDF is printed by this server's Chromium from its own address (PUBLIC_URL when it serves no pages).
    const renderReportPdf = (printPath: string) =>
      renderPdf(
        {
          chromiumPath: config.chromiumPath,
          url: `${ownOrigin(app, config.publicUrl, Boolean(config.webDistDir))}${printPath}`,
        },
        app.log,
      );
    tasks.push(() =>
      startReportEmails({
        db: database.db,
        mailer,
        publicUrl: config.publicUrl,
        log: app.log,
        renderReportPdf,
      }),
    );
  }
  if (work.webhookDeliveries) {
    tasks.push(() => startWebhookDeliveries({ db: database.db, config, log: app.log }));
  }
  if (work.approvalExpiry) {
    tasks.push(() => {
      const expiry = startApprovalExpiry(database.db, app.log);
      return () => expiry.stop();
    });
  }
  if (work.streamViewers) tasks.push(() => startStreamViewers(database.db, config, app.log));
  if (work.notifications) tasks.push(() => startNotificationLoops(database.db, notifyDeps, app.log));
  if (work.streamReminders) {
    // The claim in sendDueReminders keeps reminders single when several workers run them.
    const context = { db: database.db, mailer, publicUrl: config.publicUrl, log: app.log, notifyDeps };
    tasks.push(() => {
      const reminders = startReminderTimer(context, config.streamReminderIntervalMs);
      return () => reminders.stop();
    });
  }

  const running: StopTask[] = [];
  app.addHook('onReady', async () => {
    await publishing.start();
    for (const start of tasks) running.push(start());
  });
  app.addHook('preClose', async () => {
    await Promise.all(running.splice(0).map((stop) => stop()));
    await publishing.stop();
  });
}

/** Not encapsulated: `app.publishing` is visible to the routes and the tests. */
export const backgroundPlugin = fp(background, { name: 'background', dependencies: ['media'] });
