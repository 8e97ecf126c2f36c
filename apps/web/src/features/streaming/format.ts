/** Display formats for live health and analytics figures, numbers in the interface's language. */

import { formatNumber } from '@/i18n';

/** 4480.6 → "4,481 kbps" ("4.481 kbps" in German); null (no figures yet) → "–". */
export function formatBitrate(kbps: number | null | undefined): string {
  if (kbps === null || kbps === undefined || !Number.isFinite(kbps)) return '–';
  return `${formatNumber(Math.round(kbps))} kbps`;
}

export function formatFps(fps: number | null | undefined): string {
  if (fps === null || fps === undefined || !Number.isFinite(fps)) return '–';
  return `${formatNumber(Math.round(fps * 10) / 10)} fps`;
}
