import { FREE_TRIAL_DAYS, STARTING_MONTHLY_PRICE } from '@relaycast/shared/plans';
import { PageHero } from '@/components/page-hero';
import { PricingPlans } from '@/features/pricing/components/pricing-plans';
import { usePageMeta } from '@/lib/use-page-meta';

export function PricingPage() {
  usePageMeta(
    'Pricing',
    `Relaycast plans from $${STARTING_MONTHLY_PRICE} a month: Standard, Premium and Entrepreneur. ${FREE_TRIAL_DAYS}-day free trial, no card required.`,
  );
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple plans that grow with you"
        description={`Paid plans from $${STARTING_MONTHLY_PRICE} per month. Start with a ${FREE_TRIAL_DAYS}-day free trial, no card required, and change plans whenever you like.`}
      />
      <section aria-label="Plans" className="mx-auto w-full max-w-7xl px-4 py-14 sm:px-6">
        <PricingPlans />
      </section>
    </>
  );
}
