import { ClipboardCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useApprovalQueue, useApprovalStatus, useSaveApprovalSetting } from '@/api/approvals';
import { SettingsCard } from '@/components/settings-card';
import { Spinner } from '@/components/ui/spinner';
import { showError } from '@/lib/show-error';
import { ApprovalCard } from './approval-card';
import { ReviewLinksCard } from './review-links-card';
import { WeekReviewLink } from './week-review-link';

/** /approvals: the posts awaiting approval, soonest first, and the workspace's "require approval" switch. */
export function ApprovalsView() {
  const { t } = useTranslation('approvals');
  const queue = useApprovalQueue();
  const status = useApprovalStatus();
  const save = useSaveApprovalSetting();

  return (
    <div className="grid gap-6">
      {status.data?.canChangeSetting ? (
        <SettingsCard
          title={t('Approval rules')}
          icon={ClipboardCheck}
          description={t('Contributors always need approval. Turn this on to review every post, yours too.')}
        >
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={status.data.requireApproval}
              disabled={save.isPending}
              onChange={(event) =>
                save.mutate(event.target.checked, {
                  onError: (error) => showError(error),
                })
              }
            />
            {t('Require approval for everyone')}
          </label>
          {status.data.requireApproval && status.data.isSoleApprover ? (
            <p className="mt-2 text-sm text-muted-foreground">
              {t(
                'You are the only member who can approve, so your own posts are scheduled without approval.',
              )}
            </p>
          ) : null}
        </SettingsCard>
      ) : null}
      {status.data?.canApprove ? <WeekReviewLink /> : null}
      {status.data?.canApprove ? <ReviewLinksCard /> : null}
      {queue.isPending ? (
        <Spinner label={t('Loading the queue')} />
      ) : queue.isError ? (
        <p role="alert" className="text-destructive">
          {t('The approval queue could not be loaded.')}
        </p>
      ) : queue.data.length === 0 ? (
        <p className="rounded-xl border bg-card p-8 text-center text-muted-foreground">
          {t('No posts are waiting for approval.')}
        </p>
      ) : (
        <div className="grid gap-4">
          {queue.data.map((item) => (
            <ApprovalCard key={item.postId} item={item} canApprove={status.data?.canApprove ?? false} />
          ))}
        </div>
      )}
    </div>
  );
}
