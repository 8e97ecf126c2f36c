import { instantToZoned, todayIn, zonedToInstant } from '@relaycast/shared/calendar';
import {
  MAX_PLANNED_STREAM_DESCRIPTION,
  MAX_PLANNED_STREAM_TITLE,
  PLANNED_STREAM_MESSAGES,
  type PlannedStream,
  plannedStreamInputSchema,
} from '@relaycast/shared/planned-streams';
import { getStreamPlatform } from '@relaycast/shared/streaming';
import { CalendarClock } from 'lucide-react';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCreatePlannedStream, useUpdatePlannedStream } from '@/api/planned-streams';
import { useTimeZone } from '@/api/settings';
import { useSavedDestinations } from '@/api/stream-destinations';
import { DateTimeFields } from '@/components/date-time-fields';
import { type LibraryVideoChoice, LibraryVideoSource } from '@/components/library-video-source';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/i18n';
import { nextFullHour } from '@/lib/time-zone';
import { toast } from '@/lib/toast';

function DestinationPicker({
  destinations,
  chosen,
  onChange,
}: {
  destinations: ReturnType<typeof useSavedDestinations>;
  chosen: string[];
  onChange(ids: string[]): void;
}) {
  const { t } = useTranslation('planned-streams');
  if (destinations.isPending) return <Spinner label={t('Loading your destinations')} />;
  if (destinations.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {destinations.error.message}
      </p>
    );
  if (destinations.data.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans
          t={t}
          i18nKey="You have no saved destinations yet. Add YouTube, Twitch or any RTMP server in the <studio>studio</studio>; the stream then goes to the destinations enabled when you go live."
          components={{
            studio: (
              <Link to="/streaming" className="font-medium text-primary underline-offset-4 hover:underline" />
            ),
          }}
        />
      </p>
    );
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {destinations.data.map((destination) => (
        <li key={destination.id}>
          <label className="flex items-center gap-2 rounded-md border bg-card px-3 py-2 text-sm">
            <input
              type="checkbox"
              checked={chosen.includes(destination.id)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...chosen, destination.id]
                    : chosen.filter((id) => id !== destination.id),
                )
              }
            />
            <span className="font-medium">{destination.name}</span>
            <span className="text-muted-foreground">{t(getStreamPlatform(destination.platform).name)}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

/**
 * Plan a stream (title, description, local date and time, destinations), or change one (`editing`; give the
 * form a `key` per stream so it starts from that stream's values).
 */
// function-budget: ScheduleStreamForm lays out one screen part in one JSX tree; split into named parts when it next changes
export function ScheduleStreamForm({
  editing = null,
  onDone,
}: {
  editing?: PlannedStream | null;
  onDone?(): void;
}) {
  const { t } = useTranslation('planned-streams');
  const id = useId();
  const timeZone = useTimeZone();
  const create = useCreatePlannedStream();
  const update = useUpdatePlannedStream();
  const destinations = useSavedDestinations();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [when, setWhen] = useState(() =>
    editing ? instantToZoned(editing.scheduledAt, timeZone) : nextFullHour(timeZone),
  );
  const [destinationIds, setDestinationIds] = useState<string[]>(editing?.destinationIds ?? []);
  const [video, setVideo] = useState<LibraryVideoChoice>(editing?.source ?? null);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);

  async function submit() {
    let scheduledAt = '';
    try {
      scheduledAt = zonedToInstant(when.date, when.time, timeZone).toISOString();
    } catch {
      return setProblem({
        field: 'scheduledAt',
        message: translateMessage(PLANNED_STREAM_MESSAGES.timeRequired),
      });
    }
    const isMoved = !editing || Date.parse(scheduledAt) !== Date.parse(editing.scheduledAt);
    if (isMoved && Date.parse(scheduledAt) <= Date.now())
      return setProblem({ field: 'scheduledAt', message: translateMessage(PLANNED_STREAM_MESSAGES.inPast) });
    const parsed = plannedStreamInputSchema.safeParse({
      title,
      description,
      scheduledAt,
      timezone: timeZone,
      // A destination deleted since the stream was planned just drops out.
      destinationIds: destinations.data
        ? destinationIds.filter((chosen) => destinations.data.some((known) => known.id === chosen))
        : destinationIds,
      // A pre-recorded stream starts by itself at its time; without a video chosen it stays a studio stream.
      source: video?.mediaId ? video : null,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setProblem({
        field: String(issue?.path[0] ?? ''),
        message: translateMessage(issue?.message ?? PLANNED_STREAM_MESSAGES.timeRequired),
      });
    }
    setProblem(null);
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, input: parsed.data });
        toast.success(translateMessage(PLANNED_STREAM_MESSAGES.updated));
        onDone?.();
        return;
      }
      await create.mutateAsync(parsed.data);
      toast.success(translateMessage(PLANNED_STREAM_MESSAGES.scheduled));
      onDone?.();
      setTitle('');
      setDescription('');
      setDestinationIds([]);
      setVideo(null);
      setWhen(nextFullHour(timeZone));
    } catch (error) {
      setProblem({
        field: 'form',
        message: error instanceof Error ? error.message : t('Could not schedule the stream.'),
      });
    }
  }

  const errorFor = (field: string) => (problem?.field === field ? problem.message : undefined);
  const otherProblem = problem && !['title', 'scheduledAt'].includes(problem.field) ? problem.message : null;

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <CalendarClock aria-hidden="true" className="size-4 text-primary" />
        {editing ? t('Edit “{{title}}”', { title: editing.title }) : t('Plan a stream')}
      </h2>
      <FormField
        label={t('Title')}
        value={title}
        maxLength={MAX_PLANNED_STREAM_TITLE}
        error={errorFor('title')}
        onChange={(event) => setTitle(event.target.value)}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-description`}>{t('Description')}</Label>
        <Textarea
          id={`${id}-description`}
          rows={3}
          className="min-h-20"
          maxLength={MAX_PLANNED_STREAM_DESCRIPTION}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <DateTimeFields
        date={when.date}
        time={when.time}
        timeZone={timeZone}
        minDate={todayIn(timeZone)}
        error={errorFor('scheduledAt')}
        onChange={setWhen}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('Destinations')}</legend>
        <DestinationPicker destinations={destinations} chosen={destinationIds} onChange={setDestinationIds} />
        <p className="text-xs text-muted-foreground">
          {t('None chosen: the stream goes to the destinations enabled when you go live.')}
        </p>
      </fieldset>
      <div className="grid gap-1">
        <LibraryVideoSource value={video} onChange={setVideo} />
        {video ? (
          <p className="text-xs text-muted-foreground">
            {t('The video goes live by itself at the planned time; you do not need to open the studio.')}
          </p>
        ) : null}
      </div>
      {otherProblem ? (
        <p role="alert" className="text-sm text-destructive">
          {otherProblem}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending || update.isPending}>
          {editing ? t('Save changes') : t('Schedule Stream')}
        </Button>
        {editing ? (
          <Button variant="ghost" onClick={() => onDone?.()}>
            {t('Cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
