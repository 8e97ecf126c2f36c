import { studioUrlFor } from '@relaycast/shared/stream-schedule';
import { Radio } from 'lucide-react';
import { Link } from 'react-router';
import { formatTimeOfDay } from '@/lib/time-zone';
import type { PlannedStreamEntry } from '../planned-stream-entries';

/** A planned stream in a day cell, clearly marked as a live stream; opens the studio with it loaded. */
export function CalendarStreamItem({ entry }: { entry: PlannedStreamEntry }) {
  const { stream, time } = entry;
  return (
    <Link
      to={studioUrlFor(stream.id)}
      data-scheduled-stream-id={stream.id}
      className="flex flex-col rounded-md border border-l-[3px] border-l-rose-500 bg-rose-50 px-2 py-1.5 text-xs shadow-xs hover:shadow-sm dark:bg-rose-950/40"
    >
      <span className="flex items-center gap-1.5">
        <time dateTime={stream.scheduledAt} className="font-semibold whitespace-nowrap tabular-nums">
          {formatTimeOfDay(time)}
        </time>
        <span className="inline-flex items-center gap-1 font-semibold text-rose-700 uppercase dark:text-rose-300">
          <Radio aria-hidden="true" className="size-3.5" />
          Live stream
        </span>
      </span>
      <span className="mt-0.5 line-clamp-2 break-words text-muted-foreground">{stream.title}</span>
    </Link>
  );
}
