import { DEFAULT_ENGAGEMENT_PERIOD_DAYS } from '@relaycast/shared/engagement';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/features/auth/auth-provider';
import { EngagementInbox } from '@/features/engagement/components/engagement-inbox';
import { MetricCards } from '@/features/engagement/components/metric-cards';
import { usePageMeta } from '@/lib/use-page-meta';

export function EngagementPage() {
  const { t } = useTranslation('engagement');
  usePageMeta(
    t('Engagement'),
    t('Your unified inbox and how quickly you answer: likes, comments and response metrics.'),
  );
  const { user } = useAuth();
  const [days, setDays] = useState(DEFAULT_ENGAGEMENT_PERIOD_DAYS);
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Engagement')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t(
            'Comments, mentions and messages from your connected accounts in one inbox, and how you respond.',
          )}
        </p>
      </header>
      <MetricCards days={days} onDaysChange={setDays} />
      {user ? <EngagementInbox userId={user.id} /> : null}
    </div>
  );
}
