import { studioUrlFor } from '@relaycast/shared/planned-streams';
import { BellRing, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDismissPlannedStream, useDueStreams } from '@/api/planned-streams';
import { useTimeZone } from '@/api/settings';
import { Button } from '@/components/ui/button';
import { formatInstant } from '@/lib/time-zone';

/**
 * The in-app reminder: planned streams whose time has come, each with "Open studio" (the studio loads it) and
 * a way to hide it. Renders nothing when none are due. Shown on /dashboard and /streaming.
 */
export function DueStreamsBanner() {
  const { t } = useTranslation('planned-streams');
  const due = useDueStreams();
  const dismiss = useDismissPlannedStream();
  const timeZone = useTimeZone();
  const streams = due.data ?? [];
  if (streams.length === 0) return null;
  return (
    <section
      aria-label={t('Streams due now')}
      className="rounded-xl border border-rose-300 bg-rose-50 p-4 text-sm shadow-sm dark:border-rose-800 dark:bg-rose-950/40"
    >
      <p className="flex items-center gap-2 font-semibold">
        <BellRing aria-hidden="true" className="size-4 text-rose-600" />
        {t('{{count}} planned streams are due now', { count: streams.length })}
      </p>
      <ul className="mt-2 grid gap-2">
        {streams.map((stream) => (
          <li key={stream.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              <span className="font-medium">{stream.title}</span>{' '}
              <span className="text-muted-foreground">
                (<time dateTime={stream.scheduledAt}>{formatInstant(stream.scheduledAt, timeZone)}</time>)
              </span>
            </span>
            <span className="flex gap-2">
              <Button asChild size="sm">
                <Link
                  to={studioUrlFor(stream.id)}
                  aria-label={t('Open studio for {{title}}', { title: stream.title })}
                >
                  {t('Open studio')}
                </Link>
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => dismiss.mutate(stream.id)}
                disabled={dismiss.isPending}
              >
                <X aria-hidden="true" />
                <span className="sr-only">
                  {t('Dismiss the reminder for {{title}}', { title: stream.title })}
                </span>
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
