import { FREE_TRIAL_DAYS, findPlan, isBillingPeriod, planPrice } from '@relaycast/shared/plans';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '@/i18n';

/**
 * The plan chosen on the pricing page (`/signup?plan=premium&billing=annual`), shown above the sign-up form.
 * An unknown or missing plan shows nothing.
 */
export function SelectedPlan({ planId, billing }: { planId: string | null; billing: string | null }) {
  const { t } = useTranslation('auth');
  const plan = findPlan(planId);
  if (!plan) return null;
  const period = isBillingPeriod(billing) ? billing : 'monthly';
  // "$29" in English, "29 $" in German: whole dollars, written the interface's way.
  const price = formatNumber(planPrice(plan, period), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  const values = { price, days: FREE_TRIAL_DAYS };
  return (
    <section
      aria-label={t('Chosen plan')}
      className="mb-6 flex items-start justify-between gap-4 rounded-lg border bg-accent/60 p-4 text-sm"
    >
      <div>
        <p className="font-semibold text-accent-foreground">{t('{{plan}} plan', { plan: t(plan.name) })}</p>
        <p className="mt-0.5 text-muted-foreground">
          {period === 'annual'
            ? t('{{price}} per year after your {{days}}-day free trial.', values)
            : t('{{price}} per month after your {{days}}-day free trial.', values)}
        </p>
      </div>
      <Link to="/pricing" className="shrink-0 font-medium text-primary hover:underline">
        {t('Change plan')}
      </Link>
    </section>
  );
}
