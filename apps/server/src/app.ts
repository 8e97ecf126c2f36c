import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import { type Database, databaseTargetOf, openDatabase } from './db/client';
import { deferredChildLoggers } from './lib/deferred-logger';
import { type FrontDoor, installFrontDoor } from './lib/front-door';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { aiRoutes } from './modules/ai/ai.routes';
import { aiImagesRoutes } from './modules/ai/ai-images.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { analyticsCollectRoutes } from './modules/analytics/analytics-collect.routes';
import { analyticsReportRoutes } from './modules/analytics/analytics-reports.routes';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { createAuth } from './modules/auth/auth';
import { createPasswordReset } from './modules/auth/password-reset';
import { bestTimeRoutes } from './modules/best-time/best-time.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { bulkImportRoutes } from './modules/bulk-import/bulk-import.routes';
import { clipsRoutes } from './modules/clips/clips.routes';
import { createAnalysisRunner } from './modules/clips/clips.service';
import { composerLibraryRoutes } from './modules/composer-library/composer-library.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { devicesRoutes } from './modules/devices/devices.routes';
import { engagementRoutes } from './modules/engagement/engagement.routes';
import { evergreenRoutes } from './modules/evergreen/evergreen.routes';
import { feedsRoutes } from './modules/feeds/feeds.routes';
import { healthRoutes } from './modules/health/health.routes';
import { imageEditorRoutes } from './modules/image-editor/image-editor.routes';
import { labelsRoutes } from './modules/labels/labels.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { createMailer } from './modules/mail/mailer';
import { cloudDrivesRoutes } from './modules/media/cloud/cloud-drives.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { mediaImportsRoutes } from './modules/media/media-imports.routes';
import { unsplashRoutes } from './modules/media/unsplash/unsplash.routes';
import { membersRoutes } from './modules/members/members.routes';
import { metricsPlugin } from './modules/metrics/metrics.routes';
import { nodesPlugin } from './modules/nodes/nodes.plugin';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import type { NotifyDeps } from './modules/notifications/notifications.service';
import { createNotifyDeps } from './modules/notifications/notifications-deps';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { plannedStreamsRoutes } from './modules/planned-streams/planned-streams.routes';
import { postSeriesRoutes } from './modules/post-series/post-series.routes';
import { postsRoutes } from './modules/posts/posts.routes';
import { proxiesRoutes } from './modules/proxies/proxies.routes';
import { rewritePublicApiUrl } from './modules/public-api/public-api';
import { publicApiRoutes } from './modules/public-api/public-api.routes';
import type { PublishingOptions } from './modules/publishing/publishing.plugin';
import {
  flagTargetsOfDisconnectedAccount,
  restoreTargetsOfReconnectedAccount,
} from './modules/publishing/publishing.service';
import { queueSlotsRoutes } from './modules/queue-slots/queue-slots.routes';
import { reelCoversRoutes } from './modules/reel-covers/reel-covers.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { shortLinksPlugin } from './modules/short-links/short-links.plugin';
import { shortLinksRoutes } from './modules/short-links/short-links.routes';
import { streamingPlugin } from './modules/streaming/streaming.plugin';
import { streamingRoutes } from './modules/streaming/streaming.routes';
import { usageRoutes } from './modules/usage/usage.routes';
import { usersRoutes } from './modules/users/users.routes';
import { videoEditorRoutes } from './modules/video-editor/video-editor.routes';
import { watermarksRoutes } from './modules/watermarks/watermarks.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes';
import { authPlugin } from './plugins/auth';
import { authenticateFirstPlugin } from './plugins/authenticate-first';
import { backgroundPlugin } from './plugins/background';
import { errorsPlugin } from './plugins/errors';
import { fairAdmissionPlugin } from './plugins/fair-admission';
import { inputGuardPlugin } from './plugins/input-guard';
import { jobsPlugin } from './plugins/jobs';
import { mediaPlugin } from './plugins/media';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { requestIdOf, securityPlugin } from './plugins/security';
import { webAppPlugin } from './plugins/web-app';

export interface BuildAppOptions {
  /** An already open database (tests). When absent, one is opened from the config and closed with the app. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** Whether this app works the job queues (default from ROLE, plugins/jobs.ts), and the publishing engine's tuning. */
  publishing?: PublishingOptions;
}

/** Builds the whole server without listening. Tests call this and use `app.inject()`. */
// function-budget: the app's one ordered list of plugins and routes, one registration a line
export async function buildApp(config: Config, options: BuildAppOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // Each request's logger is made when it writes its first line, not for every request (lib/deferred-logger.ts).
    childLoggerFactory: deferredChildLoggers,
    // The client's X-Request-Id only when it is a safe token (plugins/security.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The public API answers `/api/v1/<path>` with the app's own `/api/<path>` route (modules/public-api).
    rewriteUrl: (request) => rewritePublicApiUrl(request.method, request.url),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // A few paths answered before Fastify's routing and hooks (the short-link redirect, decision 0097). The first
  // preClose hook: from then on every request goes to Fastify (503 while closing), and closing waits for the
  // requests the front door took.
  const frontDoor = installFrontDoor(app.server);
  app.addHook('preClose', () => frontDoor.close());

  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(databaseTargetOf(config)));
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });
  try {
    await database.migrate();
  } catch (err) {
    if (ownsDatabase) await database.close();
    throw err;
  }

  // First of all: requests start in the order they were read, one per turn of the event loop.
  await app.register(fairAdmissionPlugin);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  const mailer = createMailer({
    db: database.db,
    log: app.log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
  });
  // Notifications (in-app, e-mail, Web Push): the VAPID keys are read or made in the data folder here, once.
  const notifyDeps = createNotifyDeps({ config, mailer, log: app.log });
  const passwordReset = createPasswordReset({ db: database.db, mailer, log: app.log });
  // Reset e-mails go out in the background: let them finish before the database closes.
  app.addHook('preClose', () => passwordReset.drain());
  const auth = createAuth({ db: database.db, config, mailer, log: app.log, passwordReset });

  await app.register(errorsPlugin);
  // Before every route: its hook times each answered request (modules/metrics).
  await app.register(metricsPlugin, { db: database.db, config });
  await app.register(securityPlugin, { config, db: database.db });
  await app.register(inputGuardPlugin);
  // Before every route: it adds the session check to each /api/ route not marked `config: { auth: 'public' }`.
  await app.register(authenticateFirstPlugin);
  await app.register(authPlugin, { auth, config, db: database.db });
  // Infrastructure built once and decorated on the app: media storage and processor, the job runner of every
  // module's jobs and sweeps, the publishing engine and the background work (started on onReady, stopped on
  // preClose), the live engine.
  await app.register(mediaPlugin, { config });
  await app.register(jobsPlugin, { config, database, runWorkers: options.publishing?.runWorkers });
  // One run per video at a time, two at most: shared by the clip analysis route and the `clip-analysis` job.
  const clipRunner = createAnalysisRunner();
  await app.register(backgroundPlugin, {
    config,
    database,
    mailer,
    notifyDeps,
    clipRunner,
    publishing: options.publishing,
  });
  // This process in the install's list of nodes (/admin), alive every 10 s (docs/decisions/0103-nodes.md); before
  // the live engine, whose streams are recorded with this node's id (decision 0113).
  await app.register(nodesPlugin, { db: database.db, config });
  await app.register(streamingPlugin, { db: database.db, config });
  await app.register(shortLinksPlugin, { db: database.db, config, frontDoor, requestId: requestIdOf });

  await app.register(healthRoutes, { database });
  await app.register(usersRoutes, { db: database.db });
  await app.register(workspacesRoutes, { db: database.db, config });
  await app.register(membersRoutes, { db: database.db, config, mailer });
  await app.register(mailRoutes, { mailer });
  await app.register(usageRoutes, { db: database.db, config });
  await app.register(billingRoutes, { db: database.db, config });
  await app.register(adminRoutes, { db: database.db, config });
  await app.register(contactRoutes, { db: database.db, config });
  await app.register(postsRoutes, { db: database.db, engine: app.publishing.engine, config });
  await app.register(postSeriesRoutes, { db: database.db, engine: app.publishing.engine, config });
  await app.register(evergreenRoutes, { db: database.db, engine: app.publishing.engine });
  await app.register(bulkImportRoutes, { db: database.db, engine: app.publishing.engine, config });
  await app.register(approvalsRoutes, { db: database.db, engine: app.publishing.engine, config });
  await app.register(mediaRoutes, { db: database.db, config });
  await app.register(imageEditorRoutes, { db: database.db, config });
  await app.register(mediaImportsRoutes, { db: database.db, config });
  await app.register(unsplashRoutes, { db: database.db, config });
  await app.register(cloudDrivesRoutes, { db: database.db, config });
  await app.register(feedsRoutes, { db: database.db, config, engine: app.publishing.engine });
  await app.register(aiRoutes, { db: database.db, config });
  await app.register(aiImagesRoutes, { db: database.db, config });
  await app.register(streamingRoutes, { db: database.db, config });
  await app.register(accountsRoutes, {
    db: database.db,
    config,
    mailer,
    notifyDeps,
    events: {
      disconnected: flagTargetsOfDisconnectedAccount,
      reconnected: restoreTargetsOfReconnectedAccount,
    },
  });
  await app.register(proxiesRoutes, { db: database.db, config });
  await app.register(watermarksRoutes, { db: database.db });
  await app.register(reelCoversRoutes, { db: database.db });
  await app.register(queueSlotsRoutes, { db: database.db });
  await app.register(composerLibraryRoutes, { db: database.db });
  await app.register(labelsRoutes, { db: database.db });
  await app.register(settingsRoutes, { db: database.db });
  await app.register(devicesRoutes, { db: database.db });
  await app.register(publicApiRoutes, { db: database.db, config });
  await app.register(webhooksRoutes, { db: database.db, config });
  await app.register(notificationsRoutes, { db: database.db, config, notifyDeps });
  await app.register(bestTimeRoutes, { db: database.db });
  await app.register(engagementRoutes, { db: database.db, config });
  await app.register(analyticsCollectRoutes, { db: database.db });
  await app.register(plannedStreamsRoutes, { db: database.db });
  await app.register(videoEditorRoutes, { db: database.db, config });
  await app.register(clipsRoutes, { db: database.db, config, runner: clipRunner });
  await app.register(onboardingRoutes, { db: database.db, config });
  await app.register(dashboardRoutes, { db: database.db });
  await app.register(analyticsRoutes, { db: database.db, config });
  await app.register(analyticsReportRoutes, { db: database.db, config });
  await app.register(shortLinksRoutes, { db: database.db, config });
  await app.register(webAppPlugin, { webDistDir: config.webDistDir });

  app.decorate('database', database);
  app.decorate('frontDoor', frontDoor);
  app.decorate('notifyDeps', notifyDeps);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** The HTTP server's front door (lib/front-door.ts): the paths answered before Fastify. */
    frontDoor: FrontDoor;
    /** What sending a notification needs (tests drive the delivery with it). */
    notifyDeps: NotifyDeps;
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
