import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { processRegistry, prometheus, recordHttpRequest } from '../../lib/metrics';
import { readOldestDueSeconds, readQueuedJobs, readStreamFigures } from './metrics.service';

/**
 * `GET /metrics` in the Prometheus text format, for an operator's Prometheus (docs/metrics.md): answered only
 * with `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN set it does not exist (404), since the
 * figures tell how many accounts, posts and streams the install has. Every answered request is timed by its
 * route's template (a hook on the whole app).
 */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The figures read at scrape time, from this app's database and live engine (one registry per app). */
function scrapeRegistry(app: FastifyInstance, db: Db): prometheus.Registry {
  const registry = new prometheus.Registry();
  new prometheus.Gauge({
    name: 'relaycast_jobs_queued',
    help: 'Background jobs waiting or running, by queue and state (pg-boss, database-wide; queue "publishing": due post targets and attempts in flight).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await readQueuedJobs(db)) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });
  new prometheus.Gauge({
    name: 'relaycast_publish_oldest_due_seconds',
    help: 'How long the oldest post target that is due has waited to be claimed (0: none waits). The "stuck" alarm.',
    registers: [registry],
    async collect() {
      this.set(await readOldestDueSeconds(db));
    },
  });
  const streams = new prometheus.Gauge({
    name: 'relaycast_stream_destinations',
    help: 'Live stream outputs on this node, by platform and state.',
    labelNames: ['platform', 'state'] as const,
    registers: [registry],
  });
  const bitrate = new prometheus.Gauge({
    name: 'relaycast_stream_destination_bitrate_kbps',
    help: 'Bitrate of each live output on this node.',
    labelNames: ['session', 'destination', 'platform'] as const,
    registers: [registry],
  });
  new prometheus.Gauge({
    name: 'relaycast_stream_destination_reconnects',
    help: 'Reconnects of each live output on this node since its stream started.',
    labelNames: ['session', 'destination', 'platform'] as const,
    registers: [registry],
    collect() {
      for (const gauge of [streams, bitrate, this]) gauge.reset();
      const engine = app.hasDecorator('streamEngine') ? app.streamEngine : null;
      for (const output of readStreamFigures(engine)) {
        const labels = {
          session: output.sessionId,
          destination: output.destinationId,
          platform: output.platform,
        };
        streams.inc({ platform: output.platform, state: output.state });
        if (output.bitrateKbps !== null) bitrate.set(labels, output.bitrateKbps);
        this.set(labels, output.reconnects);
      }
    },
  });
  return registry;
}

export const metricsPlugin = fp(async (app: FastifyInstance, { db, config }: { db: Db; config: Config }) => {
  app.addHook('onResponse', (request, reply, done) => {
    recordHttpRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  const token = config.metricsToken;
  if (!token) return;
  const perApp = scrapeRegistry(app, db);
  app.get('/metrics', { config: { auth: 'public' } }, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) {
      throw new AppError('UNAUTHORIZED', { headers: { 'www-authenticate': 'Bearer' } });
    }
    const merged = prometheus.Registry.merge([processRegistry, perApp]);
    return reply.type(merged.contentType).send(await merged.metrics());
  });
});
