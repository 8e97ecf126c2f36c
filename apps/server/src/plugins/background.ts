import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import { type MediaStorage, openMediaStorageLazily } from '../lib/media/storage';
import { ownOrigin, renderPdf } from '../modules/analytics/analytics-pdf';
import { type AnalysisRunner, createAnalysisRunner } from '../modules/clips/clips.service';
import { createMailer, type Mailer } from '../modules/mail/mailer';
import type { NotifyDeps } from '../modules/notifications/notifications.service';
import { createNotifyDeps } from '../modules/notifications/notifications-deps';
import { createPublishing, type PublishingOptions } from '../modules/publishing/publishing.plugin';
import type { PublishingEngine } from '../modules/publishing/publishing-engine';
import { BACKGROUND_WORK, type JobContext } from './job-list';
import { createJobRunner, type JobRunner, processSwitchesOf } from './jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** The publishing engine of this process (routes schedule through `publishing.engine`). */
    publishing: { engine: PublishingEngine };
  }
}

export interface Background {
  engine: PublishingEngine;
  jobs: JobRunner<JobContext>;
  /** Starts the job runner with the handlers' context: the queues (workers where ROLE runs them) and sweeps. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The background work of one process, built one way for the app and for a worker built outside one (the tests'
 * extra in-process workers, the benchmark): the job runner (`jobs`, or one of its own), the publishing engine
 * sending through it, and the context every handler gets (plugins/job-list.ts).
 */
export function createBackground(deps: {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  /** The app's runner (`app.jobs`); without it, a runner of its own, working the queues per `options.runWorkers`. */
  jobs?: JobRunner<JobContext>;
  /** The app's media storage; without it, the configured one opened on first use. */
  storage?: MediaStorage;
  mailer?: Mailer;
  notifyDeps?: NotifyDeps;
  /** The clip analysis route's runner (one run per video, two at most). */
  clipRunner?: AnalysisRunner;
  renderReportPdf?: (printPath: string) => Promise<Buffer>;
  options?: PublishingOptions;
}): Background {
  const { database, config, log } = deps;
  const jobs =
    deps.jobs ??
    createJobRunner({
      database,
      config,
      log,
      process: processSwitchesOf(config, deps.options?.runWorkers),
      work: BACKGROUND_WORK,
    });
  const storage = deps.storage ?? openMediaStorageLazily(config);
  const publishing = createPublishing({
    database,
    config,
    log,
    storage,
    jobs,
    options: { ...deps.options, runWorkers: jobs.isRunningWorkers },
  });
  const mailer =
    deps.mailer ?? createMailer({ db: database.db, log, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const context: JobContext = {
    db: database.db,
    config,
    log,
    storage,
    jobs,
    mailer,
    notifyDeps: deps.notifyDeps ?? createNotifyDeps({ config, mailer, log }),
    clipRunner: deps.clipRunner ?? createAnalysisRunner(),
    publishing: publishing.engine,
    publishingTuning: publishing.tuning,
    renderReportPdf:
      deps.renderReportPdf ??
      ((printPath) =>
        renderPdf({ chromiumPath: config.chromiumPath, url: `${config.publicUrl}${printPath}` }, log)),
  };
  return {
    engine: publishing.engine,
    jobs,
    start: () => jobs.start(context),
    async stop() {
      // The pump stops claiming first (its calls in flight end), so the runner's stop does not wait for a burst.
      await publishing.engine.stop();
      await jobs.stop();
      await publishing.stop();
    },
  };
}

export interface BackgroundPluginOptions {
  config: Config;
  database: Database;
  mailer: Mailer;
  notifyDeps: NotifyDeps;
  clipRunner: AnalysisRunner;
  /** Tests: engine tuning (whether the app works the queues is `app.jobs`'s: plugins/jobs.ts). */
  publishing?: PublishingOptions;
}

/**
 * Background work, started one way: `app.jobs` (plugins/jobs.ts, every module's jobs and sweeps) with the
 * handlers' context, on onReady; stopped on preClose, while the database is still open.
 */
async function background(app: FastifyInstance, options: BackgroundPluginOptions) {
  const { config } = options;
  const work = createBackground({
    database: options.database,
    config,
    log: app.log,
    jobs: app.jobs,
    storage: app.mediaStorage,
    mailer: options.mailer,
    notifyDeps: options.notifyDeps,
    clipRunner: options.clipRunner,
    // The PDF is printed by this server's Chromium from its own address (PUBLIC_URL when it serves no pages).
    renderReportPdf: (printPath) =>
      renderPdf(
        {
          chromiumPath: config.chromiumPath,
          url: `${ownOrigin(app, config.publicUrl, Boolean(config.webDistDir))}${printPath}`,
        },
        app.log,
      ),
    options: options.publishing,
  });
  app.decorate('publishing', { engine: work.engine });
  app.addHook('onReady', () => work.start());
  app.addHook('preClose', () => work.stop());
}

/** Not encapsulated: `app.publishing` is visible to the routes and the tests. */
export const backgroundPlugin = fp(background, { name: 'background', dependencies: ['media', 'jobs'] });
