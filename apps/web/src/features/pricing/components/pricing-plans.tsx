import {
  type BillingPeriod,
  FREE_TRIAL_DAYS,
  MEGABYTE,
  PLANS,
  type Plan,
  planPrice,
} from '@relaycast/shared/plans';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/i18n';
import { cn } from '@/lib/cn';
import { formatUsd } from '../format-usd';
import { BillingToggle } from './billing-toggle';

/** Where a plan's Get started leads: sign-up, carrying the plan (and the period when it is not monthly). */
export function signupPathFor(plan: Plan, period: BillingPeriod): string {
  const params = new URLSearchParams({ plan: plan.id });
  if (period === 'annual') params.set('billing', 'annual');
  return `/signup?${params.toString()}`;
}

function PlanCard({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const { t } = useTranslation('pricing');
  const headingId = `plan-${plan.id}`;
  const perMonthWhenAnnual = formatUsd(plan.annualPrice / 12, true);
  // "100 MB" ("100 Mo"): whole megabytes, never grouped, like the shared formatMegabytes.
  const megabytes = (bytes: number) =>
    t('{{size}} MB', { size: formatNumber(Math.round(bytes / MEGABYTE), { useGrouping: false }) });
  const limits = [
    { label: t('Social accounts'), value: t(plan.socialAccountsLabel) },
    { label: t('Accounts per platform'), value: formatNumber(plan.accountsPerPlatform) },
    { label: t('Storage'), value: megabytes(plan.storageBytes) },
    { label: t('Max file size'), value: megabytes(plan.maxFileSizeBytes) },
  ];
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm sm:p-8',
        plan.popular && 'border-primary shadow-lg ring-1 ring-primary',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          {t(plan.name)}
        </h2>
        {plan.popular ? <Badge variant="primary">{t('POPULAR')}</Badge> : null}
      </div>
      <p className="mt-2 min-h-12 text-sm text-muted-foreground">{t(plan.description)}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">{formatUsd(planPrice(plan, period))}</span>
        <span className="text-sm text-muted-foreground">
          {period === 'annual' ? t('/year') : t('/month')}
        </span>
      </p>
      <p className="mt-1 h-5 text-sm text-muted-foreground">
        {period === 'annual'
          ? t('{{price}} a month, billed yearly', { price: perMonthWhenAnnual })
          : t('Billed monthly')}
      </p>
      <Button asChild size="lg" variant={plan.popular ? 'primary' : 'outline'} className="mt-6">
        <Link to={signupPathFor(plan, period)}>
          {t('Get started')}
          <span className="sr-only"> {t('with {{plan}}', { plan: t(plan.name) })}</span>
        </Link>
      </Button>
      <dl className="mt-8 grid gap-3 border-t pt-6 text-sm">
        {limits.map((limit) => (
          <div key={limit.label} className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{limit.label}</dt>
            <dd className="font-semibold">{limit.value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 text-sm font-semibold">{t('Included')}</h3>
      <ul className="mt-3 grid gap-2 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            {t(feature)}
          </li>
        ))}
      </ul>
    </article>
  );
}

/** The billing toggle (monthly by default) and the three plans from the shared definition. */
export function PricingPlans() {
  const { t } = useTranslation('pricing');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  return (
    <div>
      <BillingToggle value={period} onChange={setPeriod} />
      <div className="mt-10 grid items-start gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} period={period} />
        ))}
      </div>
      <p className="mt-10 text-center text-sm text-muted-foreground">
        {t('Every plan starts with a {{days}}-day free trial. No card required. Prices in US dollars.', {
          days: FREE_TRIAL_DAYS,
        })}
      </p>
    </div>
  );
}
