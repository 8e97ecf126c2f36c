import { type ApprovalEvent, STATE_LABELS } from '@relaycast/shared/approvals';
import { useTranslation } from 'react-i18next';
import { useApprovalHistory } from '@/api/approvals';
import { useTimeZone } from '@/api/settings';
import { Spinner } from '@/components/ui/spinner';
import { formatInstant } from '@/lib/time-zone';

const ACTION_LABELS: Record<ApprovalEvent['action'], string> = {
  submit: 'Submitted',
  approve: 'Approved',
  request_changes: 'Requested changes',
  reject: 'Rejected',
  expire: 'Expired',
  edit: 'Edited after approval',
  withdraw: 'Withdrawn to drafts',
  comment: 'Commented',
};

/** Every transition of a post: who, when, the comment, and where it left the post. */
export function ApprovalHistory({ postId }: { postId: string }) {
  const { t } = useTranslation('approvals');
  const timeZone = useTimeZone();
  const history = useApprovalHistory(postId);
  if (history.isPending) return <Spinner label={t('Loading history')} />;
  if (history.isError)
    return <p className="text-sm text-destructive">{t('The history could not be loaded.')}</p>;
  if (history.data.length === 0)
    return <p className="text-sm text-muted-foreground">{t('No history yet.')}</p>;
  return (
    <ol className="grid gap-2 text-sm" aria-label={t('History')}>
      {history.data.map((event) => (
        <li key={event.id} className="grid gap-0.5 border-l-2 pl-3">
          <span>
            <strong>{t(ACTION_LABELS[event.action])}</strong>{' '}
            {t('by {{who}}', {
              who: event.actorName ?? event.reviewerName ?? t('Relaycast'),
            })}{' '}
            <span className="text-muted-foreground">{formatInstant(event.at, timeZone)}</span>
          </span>
          <span className="text-xs text-muted-foreground">
            {t(STATE_LABELS[event.fromState])} → {t(STATE_LABELS[event.toState])}
          </span>
          {event.comment ? <q className="text-muted-foreground">{event.comment}</q> : null}
        </li>
      ))}
    </ol>
  );
}

/** The composer's view of a saved post's approval history: nothing when the post never went through approval. */
export function ApprovalHistorySection({ postId }: { postId: string }) {
  const { t } = useTranslation('approvals');
  const history = useApprovalHistory(postId);
  if (!history.data || history.data.length === 0) return null;
  return (
    <details className="rounded-xl border bg-card p-5 shadow-sm">
      <summary className="cursor-pointer font-semibold">{t('Approval history')}</summary>
      <div className="mt-3">
        <ApprovalHistory postId={postId} />
      </div>
    </details>
  );
}
