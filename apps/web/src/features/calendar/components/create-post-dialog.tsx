import { zonedToInstant } from '@relaycast/shared/calendar';
import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { POST_MESSAGES, type Post, type PostInput, type PostProblem } from '@relaycast/shared/posts';
import { type FormEvent, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccounts } from '@/api/accounts';
import { useSavePost } from '@/api/posts';
import { DateTimeFields } from '@/components/date-time-fields';
import { MissingAccountsNotice, platformsWithoutAccount } from '@/components/missing-accounts-dialog';
import { PlatformPicker } from '@/components/platform-picker';
import { ProblemAlert } from '@/components/problem-alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/i18n';
import { findPostProblems, groupProblems, problemsFromError } from '@/lib/post-problems';
import { showError } from '@/lib/show-error';
import { formatInstant } from '@/lib/time-zone';
import { toast } from '@/lib/toast';

interface CreatePostDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The proposed date and time (the day clicked, or the next full hour). */
  slot: { date: string; time: string };
  timeZone: string;
  minDate: string;
  onCreated(post: Post): void;
}

/** The calendar's Create Post modal (spec: platform buttons, content of 4 rows, date, time, Cancel, Schedule Post). */
export function CreatePostDialog({ open, onOpenChange, ...props }: CreatePostDialogProps) {
  const { t } = useTranslation('calendar');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('Create Post')}
      description={t(
        'Write a short post and schedule it. For media and per-platform text, use the Post Composer.',
      )}
    >
      <CreatePostForm {...props} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

function CreatePostForm({
  slot,
  timeZone,
  minDate,
  onCreated,
  onClose,
}: Omit<CreatePostDialogProps, 'open' | 'onOpenChange'> & { onClose(): void }) {
  const { t } = useTranslation('calendar');
  const ids = useId();
  const [platforms, setPlatforms] = useState<PlatformId[]>([]);
  const [content, setContent] = useState('');
  const [when, setWhen] = useState(slot);
  // After a refused attempt the form re-checks as the user edits; the server's problems stay until an edit.
  const [attempt, setAttempt] = useState<{ serverProblems: PostProblem[] | null } | null>(null);
  const save = useSavePost();
  const accounts = useAccounts().data;
  const withoutAccount = accounts ? platformsWithoutAccount(platforms, accounts) : [];
  // This modal attaches no media: say at once which chosen platforms need some (Instagram, TikTok, YouTube).
  const needMedia = platforms.filter((platform) => !PLATFORMS[platform].allowsTextOnly);

  function inputOf(): PostInput {
    let scheduledAt: string | undefined;
    try {
      if (when.date && when.time)
        scheduledAt = zonedToInstant(when.date, when.time.slice(0, 5), timeZone).toISOString();
    } catch {
      scheduledAt = undefined;
    }
    return {
      content,
      platforms,
      overrides: {},
      mediaIds: [],
      action: 'schedule',
      scheduledAt,
      timezone: timeZone,
    };
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = inputOf();
    const found = findPostProblems(input, []);
    setAttempt(found.length > 0 ? { serverProblems: null } : null);
    if (found.length > 0) return;
    try {
      const post = await save.mutateAsync({ input });
      toast.success(translateMessage(POST_MESSAGES.scheduled), {
        description: post.scheduledAt
          ? t('It goes out {{when}}.', { when: formatInstant(post.scheduledAt, timeZone) })
          : undefined,
      });
      onCreated(post);
      onClose();
    } catch (error) {
      const reported = problemsFromError(error);
      if (reported) setAttempt({ serverProblems: reported });
      else showError(error, t('Could not schedule the post.'));
    }
  }

  const problems = attempt ? (attempt.serverProblems ?? findPostProblems(inputOf(), [])) : [];
  const byPath = groupProblems(problems);
  function edited() {
    setAttempt((current) => (current?.serverProblems ? null : current));
  }
  const platformProblems = problems.filter(
    (problem) => !['content', 'platforms', 'scheduledAt'].includes(problem.path),
  );
  const contentError = byPath.get('content')?.join(' ');
  const platformsError = byPath.get('platforms')?.join(' ');
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-2">
        <span aria-hidden="true" className="text-sm font-medium">
          {t('Platforms')}
        </span>
        <PlatformPicker
          size="sm"
          label={t('Platforms')}
          selected={platforms}
          onChange={(next) => {
            setPlatforms(next);
            edited();
          }}
          errorId={platformsError ? `${ids}-platforms-error` : undefined}
        />
        {platformsError ? (
          <p id={`${ids}-platforms-error`} className="text-sm text-destructive">
            {platformsError}
          </p>
        ) : null}
        <MissingAccountsNotice platforms={withoutAccount} />
        {needMedia.length > 0 ? (
          <p className="text-sm text-amber-700 dark:text-amber-400">
            <Trans
              t={t}
              i18nKey="{{platforms}} needs an image or video, which this form cannot attach. <a>Write it in the Post Composer</a> to add media."
              count={needMedia.length}
              values={{ platforms: needMedia.map((platform) => PLATFORMS[platform].name).join(', ') }}
              components={{
                a: (
                  <Link
                    to="/post-composer"
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  />
                ),
              }}
            />
          </p>
        ) : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${ids}-content`}>{t('Content')}</Label>
        <Textarea
          id={`${ids}-content`}
          rows={4}
          value={content}
          placeholder={t('What would you like to share?')}
          className="min-h-0"
          aria-invalid={contentError ? true : undefined}
          aria-describedby={contentError ? `${ids}-content-error` : undefined}
          onChange={(event) => {
            setContent(event.target.value);
            edited();
          }}
        />
        {contentError ? (
          <p id={`${ids}-content-error`} className="text-sm text-destructive">
            {contentError}
          </p>
        ) : null}
      </div>
      <DateTimeFields
        date={when.date}
        time={when.time}
        minDate={minDate}
        timeZone={timeZone}
        error={byPath.get('scheduledAt')?.join(' ')}
        onChange={(next) => {
          setWhen(next);
          edited();
        }}
      />
      {platformProblems.length > 0 ? (
        <ProblemAlert
          title={t('This post cannot be scheduled yet:')}
          messages={platformProblems.map((problem) => problem.message)}
        />
      ) : null}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          {t('Cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner label={t('Scheduling')} className="text-primary-foreground" /> : null}
          {t('Schedule Post')}
        </Button>
      </div>
    </form>
  );
}
