import { useTranslation } from 'react-i18next';
import { BillingCard } from '@/features/usage/components/billing-card';
import { UsageOverview } from '@/features/usage/components/usage-overview';
import { usePageMeta } from '@/lib/use-page-meta';

export function UsagePage() {
  const { t } = useTranslation('usage');
  usePageMeta(t('Plan & usage'), t('Your plan, your trial and what your workspace uses against its limits.'));
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Plan & usage')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t('Your plan, your trial and what your workspace uses against its limits.')}
        </p>
      </header>
      <UsageOverview />
      <BillingCard />
    </div>
  );
}
