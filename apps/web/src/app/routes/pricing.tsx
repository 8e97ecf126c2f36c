import { FREE_TRIAL_DAYS, STARTING_MONTHLY_PRICE } from '@relaycast/shared/plans';
import { useTranslation } from 'react-i18next';
import { PageHero } from '@/components/page-hero';
import { PricingPlans } from '@/features/pricing/components/pricing-plans';
import { formatUsd } from '@/features/pricing/format-usd';
import { usePageMeta } from '@/lib/use-page-meta';

export function PricingPage() {
  const { t } = useTranslation('pricing');
  const values = { price: formatUsd(STARTING_MONTHLY_PRICE), days: FREE_TRIAL_DAYS };
  usePageMeta(
    t('Pricing'),
    t(
      'Relaycast plans from {{price}} a month: Standard, Premium and Entrepreneur. {{days}}-day free trial, no card required.',
      values,
    ),
  );
  return (
    <>
      <PageHero
        eyebrow={t('Pricing')}
        title={t('Simple plans that grow with you')}
        description={t(
          'Paid plans from {{price}} per month. Start with a {{days}}-day free trial, no card required, and change plans whenever you like.',
          values,
        )}
      />
      <section aria-label={t('Plans')} className="mx-auto w-full max-w-7xl px-4 py-14 sm:px-6">
        <PricingPlans />
      </section>
    </>
  );
}
