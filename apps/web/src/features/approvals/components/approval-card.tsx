import type { ApprovalQueueItem } from '@relaycast/shared/approvals';
import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { Check, Link2, MessageSquareWarning, Pencil, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApprovalDecisionPath, useCreateReviewLink, useDecide } from '@/api/approvals';
import { useTimeZone } from '@/api/settings';
import { CopyField } from '@/components/copy-field';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { formatInstant } from '@/lib/time-zone';
import { toast } from '@/lib/toast';
import { ApprovalHistory } from './approval-history';
import { DiffView } from './diff-view';

const DONE: Record<ApprovalDecisionPath, string> = {
  approve: 'Post approved',
  'request-changes': 'Changes requested',
  reject: 'Post rejected',
};

/** One post awaiting approval: its text, what changed, the comment box, the three decisions and the history. */
// function-budget: ApprovalCard lays out one screen part in one JSX tree; split into named parts when it next changes
export function ApprovalCard({ item, canApprove }: { item: ApprovalQueueItem; canApprove: boolean }) {
  const { t } = useTranslation('approvals');
  const timeZone = useTimeZone();
  const id = useId();
  const [comment, setComment] = useState('');
  /** The approver's own edit of the text, approved with it; null while not editing. */
  const [edited, setEdited] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reviewUrl, setReviewUrl] = useState<string | null>(null);
  const decide = useDecide();
  const createLink = useCreateReviewLink();

  async function run(path: ApprovalDecisionPath) {
    setError(null);
    try {
      const content = path === 'approve' && edited !== null && edited !== item.content ? edited : undefined;
      await decide.mutateAsync({ postId: item.postId, path, comment, content });
      toast.success(translateMessage(DONE[path]));
    } catch (err) {
      setError(err instanceof ApiError || err instanceof Error ? err.message : t('Something went wrong.'));
    }
  }

  async function share() {
    try {
      const link = await createLink.mutateAsync({ postId: item.postId });
      setReviewUrl(link.url);
    } catch (err) {
      setError(err instanceof Error ? err.message : t('Something went wrong.'));
    }
  }

  return (
    <article aria-labelledby={`${id}-title`} className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="font-semibold">
          {t('From {{author}}', { author: item.authorName ?? t('a former member') })}
        </h2>
        <span className="text-sm text-muted-foreground">
          {item.platforms.map((platform) => PLATFORMS[platform as PlatformId]?.name ?? platform).join(', ')}
          {' · '}
          {item.scheduledAt
            ? t('for {{when}}', { when: formatInstant(item.scheduledAt, timeZone) })
            : t('to publish when approved')}
        </span>
      </header>
      {edited === null ? (
        <p className="whitespace-pre-wrap break-words">{item.content}</p>
      ) : (
        <>
          <label htmlFor={`${id}-text`} className="text-sm font-medium">
            {t('Text to approve')}
          </label>
          <Textarea
            id={`${id}-text`}
            value={edited}
            rows={4}
            onChange={(event) => setEdited(event.target.value)}
          />
        </>
      )}
      {item.diff?.some((part) => part.added || part.removed) ? (
        <div className="grid gap-1">
          <h3 className="text-sm font-medium">{t('Changes since the last approved version')}</h3>
          <DiffView parts={item.diff} />
        </div>
      ) : null}
      {canApprove ? (
        <>
          <label htmlFor={`${id}-comment`} className="text-sm font-medium">
            {t('Comment')}
          </label>
          <Textarea
            id={`${id}-comment`}
            value={comment}
            maxLength={2000}
            onChange={(event) => setComment(event.target.value)}
            placeholder={t('Required to request changes or reject')}
          />
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            {edited === null && !item.isOwn ? (
              <Button variant="outline" onClick={() => setEdited(item.content)}>
                <Pencil aria-hidden="true" />
                {t('Edit text')}
              </Button>
            ) : null}
            <Button variant="outline" disabled={createLink.isPending} onClick={() => void share()}>
              <Link2 aria-hidden="true" />
              {t('Client review link')}
            </Button>
            <Button variant="outline" disabled={decide.isPending} onClick={() => void run('reject')}>
              <X aria-hidden="true" />
              {t('Reject')}
            </Button>
            <Button
              variant="secondary"
              disabled={decide.isPending}
              onClick={() => void run('request-changes')}
            >
              <MessageSquareWarning aria-hidden="true" />
              {t('Request changes')}
            </Button>
            {/* An approval needs a second person (the server refuses it too: docs/decisions/0059). */}
            {item.isOwn ? null : (
              <Button disabled={decide.isPending} onClick={() => void run('approve')}>
                <Check aria-hidden="true" />
                {t('Approve')}
              </Button>
            )}
          </div>
          {item.isOwn ? (
            <p className="text-sm text-muted-foreground">
              {t('You wrote or submitted this post, so another approver approves it.')}
            </p>
          ) : null}
          {reviewUrl ? <CopyField label={t('Review link (valid 7 days)')} value={reviewUrl} /> : null}
        </>
      ) : null}
      <details>
        <summary className="cursor-pointer text-sm font-medium">{t('History')}</summary>
        <div className="mt-2">
          <ApprovalHistory postId={item.postId} />
        </div>
      </details>
    </article>
  );
}
