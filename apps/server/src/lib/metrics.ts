import client from 'prom-client';

/**
 * The process's own measures, in the Prometheus format (docs/metrics.md, docs/decisions/0082-metrics.md): what
 * happens inside this process (requests, publish attempts it ended) is counted here as it happens; what the
 * database holds (queues, the oldest post waiting) and the live streams are read when `/metrics` is scraped
 * (modules/metrics). Each process exports its own figures; Prometheus scrapes every node.
 */
export const processRegistry = new client.Registry();

client.collectDefaultMetrics({ register: processRegistry, prefix: 'relaycast_' });

const httpDuration = new client.Histogram({
  name: 'relaycast_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route template and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

const publishTotal = new client.Counter({
  name: 'relaycast_publish_total',
  help: 'Publish attempts this process ended, by platform and outcome (published, failed, retrying, unconfirmed).',
  labelNames: ['platform', 'outcome'] as const,
  registers: [processRegistry],
});

const publishLateness = new client.Histogram({
  name: 'relaycast_publish_lateness_seconds',
  help: 'How long after its due time a post was published, by platform.',
  labelNames: ['platform'] as const,
  buckets: [1, 2, 5, 10, 30, 60, 120, 300, 900, 3600],
  registers: [processRegistry],
});

/** One answered request; `route` is the route's template (`/api/posts/:id`), never the raw URL. */
export function recordHttpRequest(method: string, route: string, status: number, seconds: number): void {
  httpDuration.observe({ method, route, status: String(status) }, seconds);
}

/** An ended publish attempt; `latenessSeconds` for a published one. */
export function recordPublishOutcome(
  platform: string,
  outcome: string,
  latenessSeconds: number | null,
): void {
  publishTotal.inc({ platform, outcome });
  if (latenessSeconds !== null && Number.isFinite(latenessSeconds)) {
    publishLateness.observe({ platform }, Math.max(0, latenessSeconds));
  }
}

export { client as prometheus };
