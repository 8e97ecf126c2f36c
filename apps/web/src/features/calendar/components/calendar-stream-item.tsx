import { studioUrlFor } from '@relaycast/shared/planned-streams';
import { Radio } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PostAttribution } from '@/components/post-attribution';
import { Tooltip } from '@/components/ui/tooltip';
import { formatTimeOfDay } from '@/lib/time-zone';
import type { PlannedStreamEntry } from '../planned-stream-entries';

/**
 * A planned stream in a day cell, clearly marked as a live stream; opens the studio with it loaded. The badge
 * moves under the time when the cell is too narrow for both (it overflowed at 1440 px, docs/decisions/0026-rough-edges-layout.md); the title
 * takes one line, and the whole title and description show in a tooltip on hover and focus. Another member's
 * planned stream (the shared calendar, docs/decisions/0044-workspaces.md) shows who planned it and does not open the studio: it goes live
 * with its planner's destinations.
 */
export function CalendarStreamItem({ entry }: { entry: PlannedStreamEntry }) {
  const { t } = useTranslation('calendar');
  const { stream, time } = entry;
  return (
    <Tooltip
      className="flex min-w-0"
      content={
        <>
          <span className="font-semibold wrap-anywhere">
            {formatTimeOfDay(time)} · {t('Live stream: {{title}}', { title: stream.title })}
          </span>
          {stream.description ? (
            <span className="line-clamp-[12] whitespace-pre-wrap wrap-anywhere">{stream.description}</span>
          ) : null}
          <PostAttribution post={stream} />
        </>
      }
    >
      {(describedBy) => (
        <StreamLink stream={stream} describedBy={describedBy}>
          <span className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5">
            <time dateTime={stream.scheduledAt} className="font-semibold whitespace-nowrap tabular-nums">
              {formatTimeOfDay(time)}
            </time>
            <span
              data-slot="live-badge"
              className="inline-flex min-w-0 items-center gap-1 font-semibold whitespace-nowrap text-rose-700 uppercase dark:text-rose-300"
            >
              <Radio aria-hidden="true" className="size-3.5 shrink-0" />
              {t('Live stream')}
            </span>
          </span>
          <span className="mt-0.5 block truncate text-muted-foreground">{stream.title}</span>
        </StreamLink>
      )}
    </Tooltip>
  );
}

const ITEM_CLASS =
  'flex min-w-0 flex-1 flex-col rounded-md border border-l-[3px] border-l-rose-500 bg-rose-50 px-2 py-1.5 text-xs shadow-xs hover:shadow-sm dark:bg-rose-950/40';

/** The caller's own planned stream opens the studio; another member's is a focusable, read-only entry. */
function StreamLink({
  stream,
  describedBy,
  children,
}: {
  stream: PlannedStreamEntry['stream'];
  describedBy: string | undefined;
  children: ReactNode;
}) {
  if (stream.isYours === false) {
    return (
      // A button only so keyboard users reach the tooltip with its details; it opens nothing.
      <button
        type="button"
        data-scheduled-stream-id={stream.id}
        aria-describedby={describedBy}
        className={`${ITEM_CLASS} cursor-default text-left`}
      >
        {children}
      </button>
    );
  }
  return (
    <Link
      to={studioUrlFor(stream.id)}
      data-scheduled-stream-id={stream.id}
      aria-describedby={describedBy}
      className={ITEM_CLASS}
    >
      {children}
    </Link>
  );
}
