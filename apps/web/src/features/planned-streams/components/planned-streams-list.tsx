import { PLANNED_STREAM_MESSAGES, type PlannedStream, studioUrlFor } from '@relaycast/shared/planned-streams';
import { Film, Pencil, Radio, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeletePlannedStream, useUpcomingStreams } from '@/api/planned-streams';
import { useTimeZone } from '@/api/settings';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { formatInstant } from '@/lib/time-zone';
import { toast } from '@/lib/toast';

function PlannedStreamRow({
  stream,
  onEdit,
}: {
  stream: PlannedStream;
  onEdit(stream: PlannedStream): void;
}) {
  const { t } = useTranslation('planned-streams');
  const remove = useDeletePlannedStream();
  const timeZone = useTimeZone();
  const destinations =
    stream.destinationIds.length === 0
      ? t('Destinations enabled at go-live')
      : t('{{count}} destinations', { count: stream.destinationIds.length });
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-lg border bg-card p-4">
      <div className="min-w-0">
        <p className="font-semibold">{stream.title}</p>
        <p className="text-sm text-muted-foreground">
          <time dateTime={stream.scheduledAt}>{formatInstant(stream.scheduledAt, timeZone)}</time> ·{' '}
          {destinations}
        </p>
        {stream.source ? <AutoStartNote stream={stream} /> : null}
        {stream.description ? <p className="mt-1 text-sm break-words">{stream.description}</p> : null}
      </div>
      <div className="flex gap-2">
        <Button asChild size="sm" variant="outline">
          <Link
            to={studioUrlFor(stream.id)}
            aria-label={t('Open studio for {{title}}', { title: stream.title })}
          >
            <Radio aria-hidden="true" />
            {t('Open studio')}
          </Link>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={t('Edit {{title}}', { title: stream.title })}
          onClick={() => onEdit(stream)}
        >
          <Pencil aria-hidden="true" />
          {t('Edit')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={remove.isPending}
          aria-label={t('Delete {{title}}', { title: stream.title })}
          onClick={() =>
            remove.mutate(stream.id, {
              onSuccess: () => toast.success(translateMessage(PLANNED_STREAM_MESSAGES.deleted)),
              onError: (error) => showError(error),
            })
          }
        >
          <Trash2 aria-hidden="true" />
          {t('Delete')}
        </Button>
      </div>
    </li>
  );
}

/** A pre-recorded stream: it starts by itself (looping or not), or what happened when its time came. */
function AutoStartNote({ stream }: { stream: PlannedStream }) {
  const { t } = useTranslation('planned-streams');
  const error = stream.autoStart?.error;
  if (error)
    return (
      <p role="alert" className="mt-1 text-sm text-destructive">
        {t('The video could not start: {{reason}}', { reason: translateMessage(error) })}
      </p>
    );
  return (
    <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
      <Film aria-hidden="true" className="size-4" />
      {stream.autoStart?.sessionId
        ? t('The video went live at its time.')
        : stream.source?.loop
          ? t('A library video, looping: goes live by itself.')
          : t('A library video: goes live by itself.')}
    </p>
  );
}

/** The user's upcoming planned streams, soonest first. */
export function PlannedStreamsList({ onEdit }: { onEdit(stream: PlannedStream): void }) {
  const { t } = useTranslation('planned-streams');
  const id = useId();
  const streams = useUpcomingStreams();
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h2 id={`${id}-title`} className="font-semibold">
        {t('Upcoming streams')}
      </h2>
      {streams.isPending ? (
        <Spinner label={t('Loading your planned streams')} />
      ) : streams.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {streams.error.message}
        </p>
      ) : streams.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('No streams planned yet.')}</p>
      ) : (
        <ul aria-labelledby={`${id}-title`} className="grid gap-2">
          {streams.data.map((stream) => (
            <PlannedStreamRow key={stream.id} stream={stream} onEdit={onEdit} />
          ))}
        </ul>
      )}
    </section>
  );
}
