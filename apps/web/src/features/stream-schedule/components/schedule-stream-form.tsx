import { todayIn, zonedToInstant } from '@relaycast/shared/calendar';
import {
  MAX_SCHEDULED_DESCRIPTION,
  MAX_SCHEDULED_TITLE,
  STREAM_SCHEDULE_MESSAGES,
  scheduledStreamInputSchema,
} from '@relaycast/shared/stream-schedule';
import { getStreamPlatform } from '@relaycast/shared/streaming';
import { CalendarClock } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DateTimeFields } from '@/components/date-time-fields';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { nextFullHour, userTimeZone } from '@/lib/time-zone';
import { toast } from '@/lib/toast';
import { useCreateScheduledStream } from '../api/scheduled-streams';
import { useSavedDestinations } from '../api/stream-destinations';

function DestinationPicker({ chosen, onChange }: { chosen: string[]; onChange(ids: string[]): void }) {
  const destinations = useSavedDestinations();
  if (destinations.isPending) return <Spinner label="Loading your destinations" />;
  if (destinations.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {destinations.error.message}
      </p>
    );
  if (destinations.data.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        You have no saved destinations yet. Add YouTube, Twitch or any RTMP server in the{' '}
        <Link to="/streaming" className="font-medium text-primary underline-offset-4 hover:underline">
          studio
        </Link>
        ; the stream then goes to the destinations enabled when you go live.
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
            <span className="text-muted-foreground">{getStreamPlatform(destination.platform).name}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

/** Plan a stream: title, description, local date and time, destinations. */
export function ScheduleStreamForm() {
  const id = useId();
  const timeZone = useMemo(userTimeZone, []);
  const create = useCreateScheduledStream();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [when, setWhen] = useState(() => nextFullHour(timeZone));
  const [destinationIds, setDestinationIds] = useState<string[]>([]);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);

  async function submit() {
    let scheduledAt = '';
    try {
      scheduledAt = zonedToInstant(when.date, when.time, timeZone).toISOString();
    } catch {
      return setProblem({ field: 'scheduledAt', message: STREAM_SCHEDULE_MESSAGES.timeRequired });
    }
    if (Date.parse(scheduledAt) <= Date.now())
      return setProblem({ field: 'scheduledAt', message: STREAM_SCHEDULE_MESSAGES.inPast });
    const parsed = scheduledStreamInputSchema.safeParse({
      title,
      description,
      scheduledAt,
      timezone: timeZone,
      destinationIds,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setProblem({
        field: String(issue?.path[0] ?? ''),
        message: issue?.message ?? STREAM_SCHEDULE_MESSAGES.timeRequired,
      });
    }
    setProblem(null);
    try {
      await create.mutateAsync(parsed.data);
      toast.success(STREAM_SCHEDULE_MESSAGES.scheduled);
      setTitle('');
      setDescription('');
      setDestinationIds([]);
      setWhen(nextFullHour(timeZone));
    } catch (error) {
      setProblem({
        field: 'form',
        message: error instanceof Error ? error.message : 'Could not schedule the stream.',
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
        Plan a stream
      </h2>
      <FormField
        label="Title"
        value={title}
        maxLength={MAX_SCHEDULED_TITLE}
        error={errorFor('title')}
        onChange={(event) => setTitle(event.target.value)}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          rows={3}
          className="min-h-20"
          maxLength={MAX_SCHEDULED_DESCRIPTION}
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
        <legend className="mb-2 text-sm font-medium">Destinations</legend>
        <DestinationPicker chosen={destinationIds} onChange={setDestinationIds} />
        <p className="text-xs text-muted-foreground">
          None chosen: the stream goes to the destinations enabled when you go live.
        </p>
      </fieldset>
      {otherProblem ? (
        <p role="alert" className="text-sm text-destructive">
          {otherProblem}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={create.isPending}>
          Schedule Stream
        </Button>
      </div>
    </form>
  );
}
