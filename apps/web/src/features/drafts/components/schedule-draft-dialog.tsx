import { zonedToInstant } from '@relaycast/shared/calendar';
import { POST_MESSAGES, type Post, type PostProblem } from '@relaycast/shared/posts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inputFromPost, useScheduleDraft } from '@/api/posts';
import { DateTimeFields } from '@/components/date-time-fields';
import { ProblemAlert } from '@/components/problem-alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { i18n, translateMessage } from '@/i18n';
import { findPostProblems, problemsFromError } from '@/lib/post-problems';
import { showError } from '@/lib/show-error';
import { formatInstant, nextFullHour } from '@/lib/time-zone';
import { toast } from '@/lib/toast';

function shorten(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim() || i18n.t('this draft', { ns: 'drafts' });
  return oneLine.length > 48 ? `${oneLine.slice(0, 48).trimEnd()}…` : oneLine;
}

interface ScheduleDraftDialogProps {
  post: Post | null;
  timeZone: string;
  minDate: string;
  onClose(): void;
}

/** Picks a date and time for a draft and schedules it, with the same checks as the composer. */
export function ScheduleDraftDialog({ post, timeZone, minDate, onClose }: ScheduleDraftDialogProps) {
  const { t } = useTranslation('drafts');
  return (
    <Dialog
      open={post !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('Schedule draft')}
      description={post ? t('Choose when “{{text}}” goes out.', { text: shorten(post.content) }) : undefined}
      className="max-w-md"
    >
      {post ? <ScheduleForm post={post} timeZone={timeZone} minDate={minDate} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ScheduleForm({
  post,
  timeZone,
  minDate,
  onClose,
}: Omit<ScheduleDraftDialogProps, 'post'> & { post: Post }) {
  const { t } = useTranslation('drafts');
  const [when, setWhen] = useState(() => nextFullHour(timeZone));
  const [problems, setProblems] = useState<PostProblem[]>([]);
  const schedule = useScheduleDraft();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    let scheduledAt: string | undefined;
    try {
      if (when.date && when.time)
        scheduledAt = zonedToInstant(when.date, when.time.slice(0, 5), timeZone).toISOString();
    } catch {
      scheduledAt = undefined;
    }
    const found = findPostProblems(
      { ...inputFromPost(post, 'schedule'), scheduledAt, timezone: timeZone },
      post.media,
    );
    setProblems(found);
    if (found.length > 0 || !scheduledAt) return;
    try {
      const saved = await schedule.mutateAsync({ post, scheduledAt, timeZone });
      toast.success(translateMessage(POST_MESSAGES.scheduled), {
        description: saved.scheduledAt
          ? t('It goes out {{when}}.', { when: formatInstant(saved.scheduledAt, timeZone) })
          : undefined,
      });
      onClose();
    } catch (error) {
      const reported = problemsFromError(error);
      if (reported) setProblems(reported);
      else showError(error, t('Could not schedule the post.'));
    }
  }

  const timeProblems = problems.filter((problem) => problem.path === 'scheduledAt');
  const otherProblems = problems.filter((problem) => problem.path !== 'scheduledAt');
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DateTimeFields
        date={when.date}
        time={when.time}
        minDate={minDate}
        timeZone={timeZone}
        error={timeProblems.map((problem) => problem.message).join(' ') || undefined}
        onChange={setWhen}
      />
      {otherProblems.length > 0 ? (
        <ProblemAlert
          title={t('Fix this draft before scheduling it:')}
          messages={otherProblems.map((problem) => problem.message)}
        >
          <Button asChild variant="outline" size="sm" className="mt-3">
            <Link to={`/post-composer?post=${encodeURIComponent(post.id)}`}>{t('Open in the composer')}</Link>
          </Button>
        </ProblemAlert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          {t('Cancel')}
        </Button>
        <Button type="submit" disabled={schedule.isPending}>
          {schedule.isPending ? (
            <Spinner label={t('Scheduling')} className="text-primary-foreground" />
          ) : null}
          {t('Schedule')}
        </Button>
      </div>
    </form>
  );
}
