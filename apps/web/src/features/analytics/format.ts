import { ANALYTICS_MESSAGES } from '@relaycast/shared/analytics';
import { formatNumber, i18n } from '@/i18n';

/**
 * How a figure reads on /analytics: grouped digits in the interface's language, and "not available" for a figure
 * the platform does not give.
 */

/** The analytics catalog, looked up at call time (the language may have changed since the module loaded). */
function analyticsT() {
  return i18n.getFixedT(null, 'analytics');
}

function notAvailable(): string {
  return analyticsT()(ANALYTICS_MESSAGES.notAvailable);
}

export function formatFigure(value: number | null | undefined): string {
  return value === null || value === undefined ? notAvailable() : formatNumber(value);
}

export function formatCompact(value: number | null | undefined): string {
  return value === null || value === undefined
    ? notAvailable()
    : formatNumber(value, { notation: 'compact', maximumFractionDigits: 1 });
}

/** "6.00%" (the language's decimal mark and spacing), with a fixed number of decimals. */
export function percentText(value: number, digits: number, sign = false): string {
  const number = formatNumber(value, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: sign && value > 0 ? 'always' : 'auto',
    useGrouping: false,
  });
  return analyticsT()('{{value}}%', { value: number });
}

export function formatPercent(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined ? notAvailable() : percentText(value, digits);
}

/** "+12.5% vs previous period", or why there is no comparison. */
export function formatChange(changePercent: number | null): string {
  const t = analyticsT();
  if (changePercent === null) return t('No previous figure to compare');
  return t('{{change}} vs previous period', { change: percentText(changePercent, 1, true) });
}
