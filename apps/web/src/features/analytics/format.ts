import { ANALYTICS_MESSAGES } from '@relaycast/shared/analytics';

/** How a figure reads on /analytics: grouped digits, and "not available" for a figure the platform does not give. */

const NUMBER = new Intl.NumberFormat('en-US');
const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export function formatFigure(value: number | null | undefined): string {
  return value === null || value === undefined ? ANALYTICS_MESSAGES.notAvailable : NUMBER.format(value);
}

export function formatCompact(value: number | null | undefined): string {
  return value === null || value === undefined ? ANALYTICS_MESSAGES.notAvailable : COMPACT.format(value);
}

export function formatPercent(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined
    ? ANALYTICS_MESSAGES.notAvailable
    : `${value.toFixed(digits)}%`;
}

/** "+12.5% vs previous period", or why there is no comparison. */
export function formatChange(changePercent: number | null): string {
  if (changePercent === null) return 'No previous figure to compare';
  const sign = changePercent > 0 ? '+' : '';
  return `${sign}${changePercent.toFixed(1)}% vs previous period`;
}
