import { formatNumber } from '@/i18n';

/**
 * A price in US dollars as the interface's language writes it: "$29" and "$24.17" in English, "29 $US" in
 * French. Whole dollars unless `cents` is asked for.
 */
export function formatUsd(amount: number, cents = false): string {
  const digits = cents ? 2 : 0;
  return formatNumber(amount, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}
