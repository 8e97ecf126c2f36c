import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { POST_MESSAGES, type Post } from '@relaycast/shared/posts';
import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccounts } from '@/api/accounts';
import { useSavePost } from '@/api/posts';
import { useShortLinkCounting } from '@/api/short-links';
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
import type { ComposerStart } from '@/lib/composer-start';
import { emptyValues } from '@/lib/post-form';
import { formatInstant } from '@/lib/time-zone';
import { toast } from '@/lib/toast';
import { usePostForm } from '@/lib/use-post-form';

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
  const save = useSavePost();
  const accounts = useAccounts().data;
  const countingOf = useShortLinkCounting(undefined);
  const form = usePostForm({
    textOptionsOf: (values) => countingOf(values.shortLinks),
    initialValues: () => emptyValues('', slot),
    timeZone,
    save: (input) => save.mutateAsync({ input }),
    onSaved(post) {
      toast.success(translateMessage(POST_MESSAGES.scheduled), {
        description: post.scheduledAt
          ? t('It goes out {{when}}.', { when: formatInstant(post.scheduledAt, timeZone) })
          : undefined,
      });
      onCreated(post);
      onClose();
    },
    failureMessage: t('Could not schedule the post.'),
  });
  const {
    values: { platforms, content, date, time },
    update,
  } = form;
  const withoutAccount = accounts ? platformsWithoutAccount(platforms, accounts) : [];
  const needMedia = platforms.filter((platform) => !PLATFORMS[platform].allowsTextOnly);
  const platformProblems = form.problems.filter(
    (problem) => !['content', 'platforms', 'scheduledAt'].includes(problem.path),
  );
  const contentError = form.errorOf('content');
  const platformsError = form.errorOf('platforms');
  // The full composer, with the AI assistant, carries on from what this form holds.
  const toComposer: ComposerStart = { draft: { content, platforms, date, time } };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit('schedule');
      }}
      className="grid gap-4"
    >
      <div className="grid gap-2">
        <span aria-hidden="true" className="text-sm font-medium">
          {t('Platforms')}
        </span>
        <PlatformPicker
          size="sm"
          label={t('Platforms')}
          selected={platforms}
          onChange={(next) => update({ platforms: next })}
          errorId={platformsError ? `${ids}-platforms-error` : undefined}
        />
        {platformsError ? (
          <p id={`${ids}-platforms-error`} className="text-sm text-destructive">
            {platformsError}
          </p>
        ) : null}
        <MissingAccountsNotice platforms={withoutAccount} />
        <NeedsMediaNotice platforms={needMedia} toComposer={toComposer} />
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
          onChange={(event) => update({ content: event.target.value })}
        />
        {contentError ? (
          <p id={`${ids}-content-error`} className="text-sm text-destructive">
            {contentError}
          </p>
        ) : null}
      </div>
      <DateTimeFields
        date={date}
        time={time}
        minDate={minDate}
        timeZone={timeZone}
        error={form.errorOf('scheduledAt')}
        onChange={(next) => update(next)}
      />
      {platformProblems.length > 0 ? (
        <ProblemAlert
          title={t('This post cannot be scheduled yet:')}
          messages={platformProblems.map((problem) => problem.message)}
        />
      ) : null}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button asChild variant="ghost" className="sm:mr-auto">
          <Link to="/post-composer" state={toComposer}>
            <Sparkles aria-hidden="true" />
            {t('Write with AI')}
          </Link>
        </Button>
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

/** This modal attaches no media: it says at once which chosen platforms need some (Instagram, TikTok, YouTube). */
function NeedsMediaNotice({
  platforms: needMedia,
  toComposer,
}: {
  platforms: PlatformId[];
  toComposer: ComposerStart;
}) {
  const { t } = useTranslation('calendar');
  if (needMedia.length === 0) return null;
  return (
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
              state={toComposer}
              className="font-medium text-primary underline-offset-4 hover:underline"
            />
          ),
        }}
      />
    </p>
  );
}
