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
import { useEngagementAction } from '@/api/engagement';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const ICONS: Record<EngagementAction, typeof Heart> = { like: Heart, comment: MessageCircle, dm: Send };

/** Why an action button is disabled, or null when it can be used. */
function disabledReason(platform: EngagementPlatform, action: EngagementAction, item: InboxItem | undefined) {
  const support = ENGAGEMENT_SUPPORT[platform][action];
  if (support !== true) return support;
  if (!item) return 'Select an inbox item first.';
  if (item.platform !== platform) return `Select a ${ENGAGEMENT_PLATFORM_NAMES[platform]} item first.`;
  if (action === 'like' && item.kind === 'message') return 'Messages cannot be liked.';
  return null;
}

/**
 * One platform's Like / Comment / Message buttons, acting on the selected inbox item through the server (and
 * the platform's connector). A button the platform cannot do is disabled with the reason next to it.
 */
export function PlatformActions({
  platform,
  item,
  userId,
  content,
  onSent,
}: {
  platform: EngagementPlatform;
  item: InboxItem | undefined;
  userId: string;
  content: string;
  onSent?(action: EngagementAction): void;
}) {
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
      toast.error(problem);
      return;
    }
    send.mutate(input, {
      onSuccess: (result) => {
        toast.success(result.message);
        onSent?.(action);
      },
      onError: (error) => toast.error(error instanceof ApiError ? error.message : 'The action failed.'),
    });
  }

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-semibold">{ENGAGEMENT_PLATFORM_NAMES[platform]}</legend>
      <div className="flex flex-wrap gap-2">
        {ENGAGEMENT_ACTIONS.map((action) => {
          const reason = disabledReason(platform, action, item);
          const Icon = ICONS[action];
          const reasonId = `${groupId}-${action}-reason`;
          return (
            <div key={action} className="grid gap-1">
              <Button
                size="sm"
                variant="outline"
                disabled={reason !== null || send.isPending}
                aria-describedby={reason ? reasonId : undefined}
                onClick={() => run(action)}
              >
                <Icon aria-hidden="true" />
                {ENGAGEMENT_ACTION_LABELS[platform][action]}
                <span className="sr-only"> on {ENGAGEMENT_PLATFORM_NAMES[platform]}</span>
              </Button>
              {reason && ENGAGEMENT_SUPPORT[platform][action] !== true ? (
                <span id={reasonId} className="max-w-48 text-xs text-muted-foreground">
                  {reason}
                </span>
              ) : reason ? (
                <span id={reasonId} className="sr-only">
                  {reason}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
