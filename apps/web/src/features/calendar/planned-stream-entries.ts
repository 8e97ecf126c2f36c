import { instantToZoned } from '@relaycast/shared/calendar';
import type { PlannedStream } from '@relaycast/shared/planned-streams';

/** A planned stream in a day cell: on its local day, at its local time (in the viewer's time zone). */
export interface PlannedStreamEntry {
  stream: PlannedStream;
  date: string;
  time: string;
}

/** Planned streams grouped by their local day, in start order. */
export function groupStreamsByDay(
  streams: readonly PlannedStream[],
  timeZone: string,
): Map<string, PlannedStreamEntry[]> {
  const byDay = new Map<string, PlannedStreamEntry[]>();
  const sorted = [...streams].sort(
    (a, b) => Date.parse(a.scheduledAt) - Date.parse(b.scheduledAt) || a.id.localeCompare(b.id),
  );
  for (const stream of sorted) {
    const { date, time } = instantToZoned(stream.scheduledAt, timeZone);
    const entry = { stream, date, time };
    const entries = byDay.get(date);
    if (entries) entries.push(entry);
    else byDay.set(date, [entry]);
  }
  return byDay;
}
