import { POST_MESSAGES, type Post } from '@relaycast/shared/posts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useScheduleDraft } from '@/api/posts';
import { useShortLinkCounting } from '@/api/short-links';
import { DateTimeFields } from '@/components/date-time-fields';
import { ProblemAlert } from '@/components/problem-alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { i18n, translateMessage } from '@/i18n';
import { valuesFromPost } from '@/lib/post-form';
import { formatInstant, nextFullHour } from '@/lib/time-zone';
import { toast } from '@/lib/toast';
import { usePostForm } from '@/lib/use-post-form';

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
  const schedule = useScheduleDraft();
  const countingOf = useShortLinkCounting(post.id);
  // The draft as the composer would send it, with the time this dialog picks (the next full hour to start).
  const form = usePostForm({
    initialValues: () => ({
      ...valuesFromPost(post, timeZone, nextFullHour(timeZone)),
      ...nextFullHour(timeZone),
    }),
    timeZone,
    save: ({ scheduledAt = '' }) => schedule.mutateAsync({ post, scheduledAt, timeZone }),
    onSaved(saved) {
      toast.success(translateMessage(POST_MESSAGES.scheduled), {
        description: saved.scheduledAt
          ? t('It goes out {{when}}.', { when: formatInstant(saved.scheduledAt, timeZone) })
          : undefined,
      });
      onClose();
    },
    failureMessage: t('Could not schedule the post.'),
    textOptionsOf: (values) => countingOf(values.shortLinks),
  });
  const otherProblems = form.problems.filter((problem) => problem.path !== 'scheduledAt');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit('schedule');
      }}
      className="grid gap-4"
    >
      <DateTimeFields
        date={form.values.date}
        time={form.values.time}
        minDate={minDate}
        timeZone={timeZone}
        error={form.errorOf('scheduledAt')}
        onChange={(next) => form.update(next)}
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
