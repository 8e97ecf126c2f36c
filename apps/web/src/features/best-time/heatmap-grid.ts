import type { BestTimeCell, BestTimeConfidence } from '@relaycast/shared/analytics';
import { formatNumber, i18n } from '@/i18n';

/** What the heatmap draws from the 168 cells: seven rows of 24 hours, each with a colour level and its words. */

export const DAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
/** Colour levels from the lowest score to the highest. */
export const LEVELS = 5;

export const CONFIDENCE_LABELS: Record<BestTimeConfidence, string> = {
  none: 'no posts yet (published studies only)',
  thin: 'thin: 1 to 4 posts',
  good: 'good: 5 posts or more',
};

export interface HeatmapCell extends BestTimeCell {
  /** 0 (lowest score shown) to LEVELS - 1 (highest). */
  level: number;
  label: string;
}

export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** A score as the heatmap shows it: two decimals, in the interface's language ("1.24", "1,24"). */
export const formatScore = (score: number) =>
  formatNumber(score, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const CONFIDENCE_WORDS: Record<BestTimeConfidence, string> = {
  none: 'no confidence',
  thin: 'thin confidence',
  good: 'good confidence',
};

/** "Tuesday 09:00: score 1.24, 6 posts, good confidence". */
export function describeCell(cell: BestTimeCell): string {
  const ns = 'best-time';
  const day = DAY_NAMES[Math.floor(cell.hourOfWeek / 24)];
  return i18n.t('{{day}} {{hour}}: score {{score}}, {{posts}}, {{confidence}}', {
    ns,
    day: day ? i18n.t(day, { ns }) : '',
    hour: hourLabel(cell.hourOfWeek % 24),
    score: formatScore(cell.score),
    posts: i18n.t('{{count}} posts', { ns, count: cell.posts }),
    confidence: i18n.t(CONFIDENCE_WORDS[cell.confidence], { ns }),
  });
}

/** The cells as seven rows (Monday first) of 24 hours, each with its colour level relative to the others. */
export function heatmapRows(cells: readonly BestTimeCell[]): HeatmapCell[][] {
  const scores = cells.map((cell) => cell.score);
  const min = Math.min(...scores);
  const max = Math.max(...scores);
  const span = max - min;
  const rows: HeatmapCell[][] = Array.from({ length: 7 }, () => []);
  for (const cell of cells) {
    const level = span > 0 ? Math.min(LEVELS - 1, Math.floor(((cell.score - min) / span) * LEVELS)) : 0;
    rows[Math.floor(cell.hourOfWeek / 24)]?.push({ ...cell, level, label: describeCell(cell) });
  }
  for (const row of rows) row.sort((a, b) => a.hourOfWeek - b.hourOfWeek);
  return rows;
}
