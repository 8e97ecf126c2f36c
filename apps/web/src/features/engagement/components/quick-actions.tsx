import type { InboxItem } from '@relaycast/shared/engagement';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '@/api/accounts';
import { Card } from '@/components/ui/card';
import { PlatformActions } from './platform-actions';

/** The spec's four platforms, each with Like / Comment / Message acting on the selected item. */
const QUICK_PLATFORMS = ['instagram', 'twitter', 'facebook', 'linkedin'] as const;

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
        {QUICK_PLATFORMS.map((platform) => (
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
