import { FREE_TRIAL_DAYS, findPlan, formatPrice, isBillingPeriod, planPrice } from '@relaycast/shared/plans';
import { Link } from 'react-router';

/**
 * The plan chosen on the pricing page (`/signup?plan=premium&billing=annual`), shown above the sign-up form.
 * An unknown or missing plan shows nothing.
 */
export function SelectedPlan({ planId, billing }: { planId: string | null; billing: string | null }) {
  const plan = findPlan(planId);
  if (!plan) return null;
  const period = isBillingPeriod(billing) ? billing : 'monthly';
  return (
    <section
      aria-label="Chosen plan"
      className="mb-6 flex items-start justify-between gap-4 rounded-lg border bg-accent/60 p-4 text-sm"
    >
      <div>
        <p className="font-semibold text-accent-foreground">{plan.name} plan</p>
        <p className="mt-0.5 text-muted-foreground">
          {formatPrice(planPrice(plan, period))} per {period === 'annual' ? 'year' : 'month'} after your{' '}
          {FREE_TRIAL_DAYS}-day free trial.
        </p>
      </div>
      <Link to="/pricing" className="shrink-0 font-medium text-primary hover:underline">
        Change plan
      </Link>
    </section>
  );
}
