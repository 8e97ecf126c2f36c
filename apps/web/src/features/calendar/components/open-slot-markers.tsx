import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatTimeOfDay } from '@/lib/time-zone';

/**
 * A day's open queue slots (docs/queue-slots.md): the posting-schedule times no post of their account holds yet,
 * drawn faint with a dashed border; clicking one writes a post for that time.
 */
export function OpenSlotMarkers({
  times,
  dayLabel,
  onPick,
}: {
  times: readonly string[];
  dayLabel: string;
  onPick(time: string): void;
}) {
  const { t } = useTranslation('calendar');
  return (
    <ul aria-label={t('Open queue slots on {{day}}', { day: dayLabel })} className="grid grid-cols-1 gap-1">
      {times.map((time) => (
        <li key={time}>
          <button
            type="button"
            data-open-slot={time}
            onClick={() => onPick(time)}
            className="flex w-full items-center gap-1 rounded-md border border-dashed border-primary/30 px-1.5 py-1 text-left text-[11px] leading-4 text-muted-foreground/80 hover:border-primary/60 hover:bg-accent/50 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <CalendarClock aria-hidden="true" className="size-3 shrink-0 text-primary/50" />
            <span className="shrink-0 whitespace-nowrap">{formatTimeOfDay(time)}</span>
            <span className="min-w-0 truncate">{t('Open slot')}</span>
            <span className="sr-only">
              {t(': write a post for this open queue slot on {{day}}', { day: dayLabel })}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
