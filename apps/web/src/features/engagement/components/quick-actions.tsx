import { ENGAGEMENT_PLATFORMS, type EngagementPlatform, type InboxItem } from '@relaycast/shared/engagement';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '@/api/accounts';
import { Card } from '@/components/ui/card';
import { PlatformActions } from './platform-actions';

/** The spec's four platforms: shown, with why each button waits, while the workspace has no inbox account. */
const QUICK_PLATFORMS = ['instagram', 'twitter', 'facebook', 'linkedin'] as const;

/**
 * The platforms whose buttons the panel shows: those the workspace has a connected account on (and the selected
 * item's own), or the spec's four while none is connected.
 */
function shownPlatforms(connected: readonly EngagementPlatform[], item: InboxItem | undefined) {
  if (connected.length === 0) return QUICK_PLATFORMS;
  return item && !connected.includes(item.platform) ? [...connected, item.platform] : connected;
}

export function QuickActions({
  item,
  userId,
  content,
}: {
  item: InboxItem | undefined;
  userId: string;
  content: string;
}) {
  const { t } = useTranslation('engagement');
  const accounts = useAccounts();
  // Until the list arrives, no platform is said to lack an account (the buttons wait for an item anyway).
  const hasAccount = (platform: string) =>
    accounts.data === undefined ||
    accounts.data.some((account) => account.platform === platform && account.status === 'connected');
  const connected = accounts.data ? ENGAGEMENT_PLATFORMS.filter((platform) => hasAccount(platform)) : [];
  return (
    <Card className="p-5">
      <section aria-labelledby="quick-actions-heading" className="grid gap-4">
        <h2 id="quick-actions-heading" className="text-lg font-semibold">
          {t('Platform actions')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t(
            'They act on the selected inbox item, with the text of your reply box for comments and messages.',
          )}
        </p>
        {shownPlatforms(connected, item).map((platform) => (
          <PlatformActions
            key={platform}
            platform={platform}
            item={item}
            userId={userId}
            content={content}
            hasAccount={hasAccount(platform)}
          />
        ))}
      </section>
    </Card>
  );
}
