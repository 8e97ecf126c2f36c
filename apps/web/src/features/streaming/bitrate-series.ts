import type { StreamDetail } from '@relaycast/shared/streaming';

export type BitrateRow = { t: number } & Record<string, number | null>;

/**
 * One row per sampled second across all destinations, for a multi-line chart: each destination's bitrate
 * sits under its id; a destination without a sample at that second gets null (a gap, not a zero).
 */
export function mergeBitrateSeries(series: StreamDetail['series']): BitrateRow[] {
  const rows = new Map<number, BitrateRow>();
  for (const line of series) {
    for (const point of line.points) {
      const t = Math.round(point.t);
      const row = rows.get(t) ?? ({ t } as BitrateRow);
      row[line.destinationId] = point.bitrateKbps;
      rows.set(t, row);
    }
  }
  const ids = series.map((line) => line.destinationId);
  return [...rows.values()]
    .sort((a, b) => a.t - b.t)
    .map((row) => {
      for (const id of ids) if (!(id in row)) row[id] = null;
      return row;
    });
}
