import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { defineSweep, WORKER_ROLES } from '../../lib/background-work';
import type { Mailer } from '../mail/mailer';
import { sendDueReports } from './analytics-report-emails';
import { sweepAnalytics } from './collect/collect-sweep';

export interface AnalyticsJobContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** Prints a page of this server to PDF (plugins/background.ts: its own address, or PUBLIC_URL). */
  renderReportPdf(printPath: string): Promise<Buffer>;
}

/**
 * The collector pulls each account's figures when its own next pull time comes, so the sweep only looks for
 * due ones, at least every minute (ANALYTICS_COLLECT_INTERVAL_SECONDS=0 turns it off); the report e-mails go
 * out every five minutes. Both claim their rows, so every worker process shares the work. Their tests call
 * sweepAnalytics and sendDueReports with the time they need.
 */
export const ANALYTICS_JOBS = [
  defineSweep<AnalyticsJobContext>({
    name: 'analytics collector',
    everyMs: ({ config }) =>
      config.analyticsCollectIntervalSeconds > 0
        ? Math.min(config.analyticsCollectIntervalSeconds * 1000, 60_000)
        : 0,
    roles: WORKER_ROLES,
    single: false,
    underTest: 'off',
    failureLevel: 'warn',
    handler: ({ db, config, log }) => sweepAnalytics(db, config, log),
  }),
  defineSweep<AnalyticsJobContext>({
    name: 'report e-mails',
    everyMs: 5 * 60_000,
    roles: WORKER_ROLES,
    single: false,
    underTest: 'off',
    runNow: true,
    handler: ({ db, mailer, config, log, renderReportPdf }) =>
      sendDueReports({ db, mailer, publicUrl: config.publicUrl, log, renderReportPdf }),
  }),
];
