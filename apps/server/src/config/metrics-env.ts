import { z } from 'zod';

/** GET /metrics's setting, read by env.ts (docs/metrics.md, docs/decisions/0082-metrics.md). */
export const metricsEnvShape = {
  /** The bearer token /metrics answers to (16 characters or more); unset or empty: there is no /metrics. */
  METRICS_TOKEN: z.union([z.literal(''), z.string().min(16, 'must be at least 16 characters')]).optional(),
};
