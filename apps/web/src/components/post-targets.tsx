import { PLATFORMS } from '@relaycast/shared/platforms';
import type { Post } from '@relaycast/shared/posts';
import { type PostTarget, PUBLISH_MESSAGES } from '@relaycast/shared/publishing';
import { supportsThreads } from '@relaycast/shared/threads';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type TargetAction, useTargetAction } from '@/api/posts';
import { PlatformIcon } from '@/components/platform-icon';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { cn } from '@/lib/cn';
import { TARGET_STATUS_LABELS, TROUBLED_TARGET_STATUSES } from '@/lib/post-status';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';

/** What the user can do about a target, by its status. */
const ACTIONS: Partial<Record<PostTarget['status'], { action: TargetAction; label: string }[]>> = {
  failed: [{ action: 'retry', label: 'Retry' }],
  unconfirmed: [
    { action: 'confirm', label: 'It was posted' },
    { action: 'retry', label: 'Publish again' },
  ],
  held: [
    { action: 'retry', label: 'Publish now' },
    { action: 'cancel', label: 'Cancel' },
  ],
};

const SUCCESS: Record<TargetAction, string> = {
  retry: PUBLISH_MESSAGES.retryQueued,
  confirm: PUBLISH_MESSAGES.markedPosted,
  cancel: PUBLISH_MESSAGES.cancelled,
  'retry-comment': PUBLISH_MESSAGES.commentRetried,
};

function targetName(target: PostTarget): string {
  const platform = PLATFORMS[target.platform].name;
  return target.accountHandle ? `${platform} @${target.accountHandle}` : platform;
}

/**
 * Where a post goes and how each destination stands: the platform's reason when it failed or waits, a link to
 * the published post, and the decisions the user can take (Retry, It was posted / Publish again, Publish now /
 * Cancel).
 */
export function PostTargets({ post, className }: { post: Post; className?: string }) {
  const act = useTargetAction();
  const { t } = useTranslation('common');
  if (post.targets.length === 0 || post.status === 'draft') return null;

  async function run(target: PostTarget, action: TargetAction) {
    try {
      await act.mutateAsync({ postId: post.id, targetId: target.id, action });
      toast.success(translateMessage(SUCCESS[action]));
    } catch (error) {
      showError(error, t('That did not work. Try again.'));
    }
  }

  return (
    <ul aria-label={t('Destinations')} className={cn('grid gap-2', className)}>
      {post.targets.map((target) => {
        const isTroubled = TROUBLED_TARGET_STATUSES.includes(target.status);
        const pending = act.isPending && act.variables?.targetId === target.id;
        return (
          <li
            key={target.id}
            className={cn(
              'grid gap-1.5 rounded-lg border p-3 text-sm',
              isTroubled && 'border-destructive/40 bg-destructive/5',
            )}
          >
            <div className="flex flex-wrap items-center gap-2">
              <PlatformIcon platform={target.platform} className="size-4" />
              <span className="font-medium">{targetName(target)}</span>
              <Badge variant={target.status === 'published' ? 'primary' : 'outline'}>
                {TARGET_STATUS_LABELS[target.status]}
              </Badge>
              {supportsThreads(target.platform) && (post.threadParts?.length ?? 0) > 0 ? (
                <span className="text-muted-foreground">
                  {t('Thread of {{number}}', { number: (post.threadParts?.length ?? 0) + 1 })}
                </span>
              ) : null}
              {target.url ? (
                <a
                  href={target.url}
                  target="_blank"
                  rel="noreferrer"
                  className="ml-auto inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
                >
                  {t('View on {{platform}}', { platform: PLATFORMS[target.platform].name })}
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                </a>
              ) : null}
            </div>
            {target.lastError && target.status !== 'published' ? (
              <p className={cn(isTroubled ? 'text-destructive' : 'text-muted-foreground')}>
                {target.lastError}
              </p>
            ) : null}
            <FirstCommentState
              target={target}
              pending={pending}
              onRetry={() => void run(target, 'retry-comment')}
              name={targetName(target)}
            />
            {ACTIONS[target.status] ? (
              <div className="flex flex-wrap gap-2">
                {ACTIONS[target.status]?.map(({ action, label }) => (
                  <Button
                    key={action}
                    type="button"
                    size="sm"
                    variant={action === 'cancel' ? 'ghost' : 'outline'}
                    disabled={pending}
                    onClick={() => void run(target, action)}
                  >
                    {pending && act.variables?.action === action ? <Spinner label={t('Working')} /> : null}
                    {t(label)}
                    <span className="sr-only"> ({targetName(target)})</span>
                  </Button>
                ))}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The first comment's state on a published target: posted, or failed with its reason and "Retry comment". */
function FirstCommentState({
  target,
  pending,
  onRetry,
  name,
}: {
  target: PostTarget;
  pending: boolean;
  onRetry(): void;
  name: string;
}) {
  const { t } = useTranslation('common');
  if (target.commentStatus === 'posted') {
    return <p className="text-muted-foreground">{t('First comment posted')}</p>;
  }
  if (target.commentStatus !== 'failed') return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="text-destructive">
        {t('The post is published, but its first comment failed: {{reason}}', {
          reason: target.commentError ?? '',
        })}
      </p>
      <Button type="button" size="sm" variant="outline" disabled={pending} onClick={onRetry}>
        {t('Retry comment')}
        <span className="sr-only"> ({name})</span>
      </Button>
    </div>
  );
}
