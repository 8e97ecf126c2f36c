/** Display formats for live health and analytics figures, numbers in the interface's language. */

import { formatNumber } from '@/i18n';

/** 75 → "1:15", 3725 → "1:02:05". */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** 4480.6 → "4,481 kbps" ("4.481 kbps" in German); null (no figures yet) → "–". */
export function formatBitrate(kbps: number | null | undefined): string {
  if (kbps === null || kbps === undefined || !Number.isFinite(kbps)) return '–';
  return `${formatNumber(Math.round(kbps))} kbps`;
}

export function formatFps(fps: number | null | undefined): string {
  if (fps === null || fps === undefined || !Number.isFinite(fps)) return '–';
  return `${formatNumber(Math.round(fps * 10) / 10)} fps`;
}
