import { isSkipped } from '../analytics-kit';
import { type CallContext, PlatformError } from '../types';
import { graphRequest } from './graph';

/**
 * Graph API insights reads shared by the Meta connectors (Facebook Pages, Instagram, Threads): `GET
 * /{object}/insights?metric=a,b,c`. Metrics are valid per media type, and one invalid (or deprecated) metric fails
 * the whole request with error #100 (airbyte #66509, postiz #1609). So: a metric refused before (`skipMetrics`) is
 * not asked; when #100 comes back, the metric it names is dropped and the rest asked again; when the message names
 * none, each metric is asked alone to find the refused ones. Error #100 with subcode 33 is an object that no longer
 * exists: the post is left out (`gone`).
 */

export interface InsightsRead {
  /** Values by the platform's metric name: a number, or a breakdown (`post_reactions_by_type_total`). */
  values: Record<string, number | Record<string, number>>;
  refused: Array<{ mediaType: string; platformMetric: string; reason: string }>;
  /** The object does not exist any more. */
  gone: boolean;
  requests: number;
}

interface InsightsAnswer {
  data?: Array<{
    name: string;
    values?: Array<{ value?: unknown }>;
    total_value?: { value?: unknown };
  }>;
}

function insightValue(
  entry: NonNullable<InsightsAnswer['data']>[number],
): number | Record<string, number> | undefined {
  const raw = entry.total_value?.value ?? entry.values?.at(-1)?.value;
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
  if (raw && typeof raw === 'object') {
    const breakdown: Record<string, number> = {};
    for (const [key, value] of Object.entries(raw)) if (typeof value === 'number') breakdown[key] = value;
    return breakdown;
  }
  return undefined;
}

function isInvalidMetric(error: unknown): error is PlatformError {
  return error instanceof PlatformError && error.details.platformCode === '100';
}

function isGone(error: unknown): boolean {
  return error instanceof PlatformError && error.details.platformCode === '100/33';
}

export async function readGraphInsights(
  ctx: CallContext,
  request: {
    url: string;
    token: string;
    metrics: readonly string[];
    mediaType: string;
    skipMetrics: ReadonlySet<string>;
    query?: Record<string, string>;
  },
): Promise<InsightsRead> {
  const out: InsightsRead = { values: {}, refused: [], gone: false, requests: 0 };
  const refuse = (metric: string, reason: string) =>
    out.refused.push({ mediaType: request.mediaType, platformMetric: metric, reason: reason.slice(0, 500) });

  async function ask(metrics: string[]): Promise<void> {
    let asked = metrics;
    while (asked.length > 0) {
      out.requests += 1;
      try {
        const { body } = await graphRequest<InsightsAnswer>(ctx, {
          url: request.url,
          token: request.token,
          query: { ...request.query, metric: asked.join(',') },
        });
        for (const entry of body.data ?? []) {
          const value = insightValue(entry);
          if (value !== undefined && asked.includes(entry.name)) out.values[entry.name] = value;
        }
        return;
      } catch (error) {
        if (isGone(error)) {
          out.gone = true;
          return;
        }
        if (!isInvalidMetric(error)) throw error;
        if (asked.length === 1) {
          refuse(asked[0] as string, error.message);
          return;
        }
        const named = asked.find((metric) =>
          new RegExp(`(^|[^a-z_])${metric}([^a-z_]|$)`).test(error.message),
        );
        if (!named) {
          // The message names no metric: ask each alone (rare; a refused one is remembered and never asked again).
          for (const metric of asked) {
            await ask([metric]);
            if (out.gone) return;
          }
          return;
        }
        refuse(named, error.message);
        asked = asked.filter((metric) => metric !== named);
      }
    }
  }

  await ask(request.metrics.filter((metric) => !isSkipped(request.skipMetrics, request.mediaType, metric)));
  return out;
}

/** A numeric insight, or the sum of a breakdown (reactions by type). */
export function insightNumber(value: number | Record<string, number> | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return value;
  return Object.values(value).reduce((sum, part) => sum + part, 0);
}
