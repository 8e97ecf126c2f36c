import {
  ENGAGEMENT_ACTION_LABELS,
  ENGAGEMENT_ACTIONS,
  ENGAGEMENT_PLATFORM_NAMES,
  ENGAGEMENT_SUPPORT,
  type EngagementAction,
  type EngagementPlatform,
  engagementActionProblem,
  type InboxItem,
} from '@relaycast/shared/engagement';
import { Heart, MessageCircle, Send } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEngagementAction } from '@/api/engagement';
import { Button } from '@/components/ui/button';
import { i18n, translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';

const ICONS: Record<EngagementAction, typeof Heart> = { like: Heart, comment: MessageCircle, dm: Send };

/** Why one button is disabled whatever the inbox holds (the platform's API), or null. */
function actionReason(platform: EngagementPlatform, action: EngagementAction, item: InboxItem | undefined) {
  const support = ENGAGEMENT_SUPPORT[platform][action];
  if (support !== true) return i18n.t(support, { ns: 'engagement' });
  if (action === 'like' && item?.platform === platform && item.kind === 'message') {
    return i18n.t('Messages cannot be liked.', { ns: 'engagement' });
  }
  return null;
}

/** Why every button of the platform is disabled for now (no account, no item selected), or null. */
function platformReason(platform: EngagementPlatform, item: InboxItem | undefined, hasAccount: boolean) {
  const name = ENGAGEMENT_PLATFORM_NAMES[platform];
  if (!hasAccount) return i18n.t('No connected {{platform}} account.', { ns: 'engagement', platform: name });
  if (!item) return i18n.t('Select an inbox item first.', { ns: 'engagement' });
  if (item.platform !== platform) {
    return i18n.t('Select a {{platform}} item first.', { ns: 'engagement', platform: name });
  }
  return null;
}

/**
 * One platform's Like / Comment / Message buttons, acting on the selected inbox item through the server (and
 * the platform's connector). Every disabled button says why on screen: a reason that holds for the whole
 * platform (no connected account, with a link to connect one; no item selected) once under its buttons, and what
 * the platform's API cannot do next to that button.
 */
export function PlatformActions({
  platform,
  item,
  userId,
  content,
  hasAccount = true,
  onSent,
}: {
  platform: EngagementPlatform;
  item: InboxItem | undefined;
  /** Whether the workspace has a connected account on this platform (an opened inbox item came through one). */
  hasAccount?: boolean;
  userId: string;
  content: string;
  onSent?(action: EngagementAction): void;
}) {
  const { t } = useTranslation('engagement');
  const send = useEngagementAction();
  const groupId = useId();

  function run(action: EngagementAction) {
    const input = {
      userId,
      action,
      platform,
      content: action === 'like' ? undefined : content,
      itemId: item?.id,
    };
    const problem = engagementActionProblem(input);
    if (problem) {
      toast.error(translateMessage(problem));
      return;
    }
    send.mutate(input, {
      onSuccess: (result) => {
        toast.success(translateMessage(result.message));
        onSent?.(action);
      },
      onError: (error) => showError(error, t('The action failed.')),
    });
  }

  const groupReason = platformReason(platform, item, hasAccount);
  const groupReasonId = `${groupId}-reason`;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-semibold">{ENGAGEMENT_PLATFORM_NAMES[platform]}</legend>
      <div className="flex flex-wrap gap-2">
        {ENGAGEMENT_ACTIONS.map((action) => {
          const reason = actionReason(platform, action, item);
          const Icon = ICONS[action];
          const reasonId = `${groupId}-${action}-reason`;
          const describedBy = [reason ? reasonId : null, groupReason ? groupReasonId : null].filter(Boolean);
          return (
            <div key={action} className="grid gap-1">
              <Button
                size="sm"
                variant="outline"
                disabled={reason !== null || groupReason !== null || send.isPending}
                aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
                onClick={() => run(action)}
              >
                <Icon aria-hidden="true" />
                {t(ENGAGEMENT_ACTION_LABELS[platform][action])}
                <span className="sr-only">
                  {' '}
                  {t('on {{platform}}', { platform: ENGAGEMENT_PLATFORM_NAMES[platform] })}
                </span>
              </Button>
              {reason ? (
                <span id={reasonId} className="max-w-48 text-xs text-muted-foreground">
                  {reason}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
      {groupReason ? (
        <p className="text-xs text-muted-foreground">
          <span id={groupReasonId}>{groupReason}</span>
          {hasAccount ? null : (
            <>
              {' '}
              <Link
                to="/connected-accounts"
                className="font-medium text-primary underline-offset-2 hover:underline"
              >
                {t('Connect an account on {{platform}}', { platform: ENGAGEMENT_PLATFORM_NAMES[platform] })}
              </Link>
            </>
          )}
        </p>
      ) : null}
    </fieldset>
  );
}
