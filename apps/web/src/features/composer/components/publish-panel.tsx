import { todayIn } from '@relaycast/shared/calendar';
import type { PostAction, PostProblem } from '@relaycast/shared/posts';
import { CalendarClock, FileText, ListPlus, Send, Sparkles } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeFields } from '@/components/date-time-fields';
import { ProblemAlert } from '@/components/problem-alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

/** The title of the problem list when an action was refused (translated where shown). */
const FAILED_TITLES: Record<PostAction, string> = {
  draft: 'This post could not be saved:',
  schedule: 'This post could not be scheduled:',
  queue: 'This post could not be added to the queue:',
  now: 'This post could not be published:',
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
  /** Fills the date and time with the next suggested slot of the chosen accounts (best-time model). */
  onBestTime(): void;
  isFindingBestTime?: boolean;
  /** What the last "Best time" found, and how suggestions are drawn. */
  bestTimeNote?: string;
  /** The caller's scheduled posts wait for approval: "Submit for approval" instead of Schedule, no "Publish now". */
  needsApproval?: boolean;
  /**
   * When the post being edited is scheduled, its time as shown: Schedule reads "Update", and moving it back to
   * drafts (which unschedules it) asks first.
   */
  scheduledFor?: string;
  /** The Repeat control of a new post (repeat-control.tsx, docs/recurring-posts.md). */
  repeat?: ReactNode;
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
  onBestTime,
  isFindingBestTime,
  bestTimeNote,
  needsApproval = false,
  scheduledFor,
  repeat,
}: PublishPanelProps) {
  const { t } = useTranslation('composer');
  const id = useId();
  const isBusy = pendingAction !== undefined || isUploading;
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <div>
        <h2 id={id} className="font-semibold">
          {t('Publish')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {t(
            'Save it for later, pick a date and time (or the best time for these accounts), or let the queue pick the next best free slot.',
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-start gap-3">
        <DateTimeFields
          className="min-w-0 max-w-md flex-1 basis-64"
          date={date}
          time={time}
          minDate={todayIn(timeZone)}
          timeZone={timeZone}
          error={scheduleError}
          onChange={onTimeChange}
        />
        <Button
          type="button"
          variant="outline"
          className="sm:mt-6"
          disabled={isBusy || isFindingBestTime}
          onClick={onBestTime}
        >
          {isFindingBestTime ? (
            <Spinner label={t('Finding the best time')} />
          ) : (
            <Sparkles aria-hidden="true" />
          )}
          {t('Best time')}
        </Button>
      </div>
      {bestTimeNote ? (
        <p role="status" className="-mt-2 text-xs text-muted-foreground">
          {bestTimeNote}
        </p>
      ) : null}
      {repeat}
      {needsApproval ? (
        <p className="-mt-2 text-sm text-muted-foreground">
          {t('An approver reviews this post before it is scheduled. You are told when they decide.')}
        </p>
      ) : null}
      {failedAction ? (
        <ProblemAlert
          className="p-4"
          title={t(FAILED_TITLES[failedAction])}
          messages={problems.map((problem) => problem.message)}
        />
      ) : null}
      <PublishActions
        isBusy={isBusy}
        pendingAction={pendingAction}
        onAction={onAction}
        needsApproval={needsApproval}
        scheduledFor={scheduledFor}
      />
      {isUploading ? (
        <p className="text-right text-xs text-muted-foreground">{t('Waiting for uploads to finish…')}</p>
      ) : null}
    </section>
  );
}

/** The four actions; on a scheduled post, Update instead of Schedule, and a question before it goes back to drafts. */
function PublishActions({
  isBusy,
  pendingAction,
  onAction,
  needsApproval,
  scheduledFor,
}: Pick<PublishPanelProps, 'pendingAction' | 'onAction' | 'needsApproval' | 'scheduledFor'> & {
  isBusy: boolean;
}) {
  const { t } = useTranslation('composer');
  const [confirmingDraft, setConfirmingDraft] = useState(false);
  return (
    <>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
        <Button
          variant="outline"
          disabled={isBusy}
          onClick={() => (scheduledFor ? setConfirmingDraft(true) : onAction('draft'))}
        >
          {pendingAction === 'draft' ? <Spinner label={t('Saving')} /> : <FileText aria-hidden="true" />}
          {scheduledFor ? t('Move to drafts') : t('Save draft')}
        </Button>
        {needsApproval ? null : (
          <Button variant="outline" disabled={isBusy} onClick={() => onAction('now')}>
            {pendingAction === 'now' ? <Spinner label={t('Publishing')} /> : <Send aria-hidden="true" />}
            {t('Publish now')}
          </Button>
        )}
        <Button variant="secondary" disabled={isBusy} onClick={() => onAction('queue')}>
          {pendingAction === 'queue' ? <Spinner label={t('Adding')} /> : <ListPlus aria-hidden="true" />}
          {t('Add to queue')}
        </Button>
        <Button type="submit" disabled={isBusy}>
          {pendingAction === 'schedule' ? (
            <Spinner label={t('Scheduling')} className="text-primary-foreground" />
          ) : (
            <CalendarClock aria-hidden="true" />
          )}
          {needsApproval ? t('Submit for approval') : scheduledFor ? t('Update') : t('Schedule')}
        </Button>
      </div>
      <Dialog
        open={confirmingDraft}
        onOpenChange={setConfirmingDraft}
        title={t('Move this post back to drafts?')}
        description={t(
          'It is scheduled for {{when}}. As a draft it will not be published until you schedule it again.',
          {
            when: scheduledFor,
          },
        )}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => setConfirmingDraft(false)}>
            {t('Keep it scheduled')}
          </Button>
          <Button
            type="button"
            onClick={() => {
              setConfirmingDraft(false);
              onAction('draft');
            }}
          >
            {t('Move to drafts')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
