import type { BestTimeCell, BestTimeConfidence } from '@relaycast/shared/analytics';

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

/** "Tuesday 09:00: score 1.24, 6 posts, good confidence". */
export function describeCell(cell: BestTimeCell): string {
  const day = DAY_NAMES[Math.floor(cell.hourOfWeek / 24)] ?? '';
  const posts = cell.posts === 1 ? '1 post' : `${cell.posts} posts`;
  return `${day} ${hourLabel(cell.hourOfWeek % 24)}: score ${cell.score.toFixed(2)}, ${posts}, ${cell.confidence === 'none' ? 'no' : cell.confidence} confidence`;
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
