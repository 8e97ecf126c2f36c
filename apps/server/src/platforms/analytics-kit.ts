import type { PostMetric } from '@relaycast/shared/analytics';
import type { PlatformFigure } from './types';

/** Helpers shared by the connectors' analytics operations (docs/analytics.md). */

/** Whether `skipMetrics` (pairs `${mediaType}:${platformMetric}`, `*` = any media type) excludes a metric. */
export function isSkipped(skip: ReadonlySet<string>, mediaType: string, platformMetric: string): boolean {
  return skip.has(`${mediaType}:${platformMetric}`) || skip.has(`*:${platformMetric}`);
}

/** Splits a list into chunks of at most `size`. */
export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A figure only when the platform gave a finite number: anything else is "not available", never 0. */
export function figure(
  value: unknown,
  platformMetric: string,
  kind: PlatformFigure['kind'],
): PlatformFigure | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? { value, platformMetric, kind } : undefined;
}

/** Sets a metric when the figure exists. */
export function put(
  into: Partial<Record<PostMetric, PlatformFigure>>,
  metric: PostMetric,
  value: PlatformFigure | undefined,
) {
  if (value) into[metric] = value;
}
