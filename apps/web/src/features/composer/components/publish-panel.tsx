import { todayIn } from '@relaycast/shared/calendar';
import type { PostAction, PostProblem } from '@relaycast/shared/posts';
import { CalendarClock, FileText, ListPlus, Send } from 'lucide-react';
import { useId } from 'react';
import { DateTimeFields } from '@/components/date-time-fields';
import { ProblemAlert } from '@/components/problem-alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

const ACTION_VERBS: Record<PostAction, string> = {
  draft: 'saved',
  schedule: 'scheduled',
  queue: 'added to the queue',
  now: 'published',
};

interface PublishPanelProps {
  date: string;
  time: string;
  timeZone: string;
  onTimeChange(slot: { date: string; time: string }): void;
  scheduleError?: string;
  /** The refused action, when the last attempt found problems. */
  failedAction: PostAction | null;
  problems: readonly PostProblem[];
  pendingAction?: PostAction;
  isUploading: boolean;
  onAction(action: PostAction): void;
}

/** The composer's last step: the date and time, every problem in one list, and the three actions. */
export function PublishPanel({
  date,
  time,
  timeZone,
  onTimeChange,
  scheduleError,
  failedAction,
  problems,
  pendingAction,
  isUploading,
  onAction,
}: PublishPanelProps) {
  const id = useId();
  const isBusy = pendingAction !== undefined || isUploading;
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <div>
        <h2 id={id} className="font-semibold">
          Publish
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Save it for later, pick a date and time, or let the queue pick the next free slot.
        </p>
      </div>
      <DateTimeFields
        className="max-w-md"
        date={date}
        time={time}
        minDate={todayIn(timeZone)}
        timeZone={timeZone}
        error={scheduleError}
        onChange={onTimeChange}
      />
      {failedAction ? (
        <ProblemAlert
          className="p-4"
          title={<>This post could not be {ACTION_VERBS[failedAction]}:</>}
          messages={problems.map((problem) => problem.message)}
        />
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
        <Button variant="outline" disabled={isBusy} onClick={() => onAction('draft')}>
          {pendingAction === 'draft' ? <Spinner label="Saving" /> : <FileText aria-hidden="true" />}
          Save draft
        </Button>
        <Button variant="outline" disabled={isBusy} onClick={() => onAction('now')}>
          {pendingAction === 'now' ? <Spinner label="Publishing" /> : <Send aria-hidden="true" />}
          Publish now
        </Button>
        <Button variant="secondary" disabled={isBusy} onClick={() => onAction('queue')}>
          {pendingAction === 'queue' ? <Spinner label="Adding" /> : <ListPlus aria-hidden="true" />}
          Add to queue
        </Button>
        <Button type="submit" disabled={isBusy}>
          {pendingAction === 'schedule' ? (
            <Spinner label="Scheduling" className="text-primary-foreground" />
          ) : (
            <CalendarClock aria-hidden="true" />
          )}
          Schedule
        </Button>
      </div>
      {isUploading ? (
        <p className="text-right text-xs text-muted-foreground">Waiting for uploads to finish…</p>
      ) : null}
    </section>
  );
}
