import {
  BILLING_PERIODS,
  type BillingPeriod,
  findPlan,
  formatPrice,
  PLANS,
  type PlanId,
  planPrice,
} from '@relaycast/shared/plans';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isSubscribed, useBilling, useCheckout, usePortal } from '@/api/billing';
import { currentWorkspaceKey, workspaceUsageKey } from '@/api/usage';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';

/** Sends the browser to a Stripe page (Checkout or the portal). */
function go(url: string) {
  window.location.assign(url);
}

/**
 * Billing on the usage page (docs/plans-and-billing.md): with Stripe, the owner chooses a plan (monthly or
 * annual) at Stripe's Checkout and manages it in Stripe's portal; self-hosted, the administrator sets plans.
 * Back from Checkout (`?checkout=success`) it polls until Stripe's webhook has made the plan active.
 */
// function-budget: BillingCard lays out one screen part in one JSX tree; split into named parts when it next changes
export function BillingCard() {
  const { t } = useTranslation('usage');
  const [params] = useSearchParams();
  const returned = params.get('checkout');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [plan, setPlan] = useState<PlanId>('standard');
  const client = useQueryClient();
  const waiting = returned === 'success';
  const { data, isPending, isError } = useBilling(waiting);
  const active = isSubscribed(data);
  const checkout = useCheckout();
  const portal = usePortal();

  useEffect(() => {
    // Once the plan is active, the header badge, banner and usage figures follow it.
    if (active) {
      void client.invalidateQueries({ queryKey: currentWorkspaceKey });
      void client.invalidateQueries({ queryKey: workspaceUsageKey });
    }
  }, [active, client]);

  if (isPending) return <Spinner label={t('Loading billing')} />;
  if (isError || !data) return <p role="alert">{t('Billing could not be loaded. Try again later.')}</p>;

  if (!data.stripeEnabled) {
    return (
      <Card className="grid gap-2" data-testid="billing-card">
        <h2 className="text-lg font-semibold">{t('Billing')}</h2>
        <p className="text-sm text-muted-foreground">
          {data.billingMode === 'self-hosted'
            ? t('Plans on this server are set by its administrator (the admin page or npm run admin).')
            : t('Billing is not set up on this server. Its administrator sets plans.')}
        </p>
      </Card>
    );
  }

  const current = data.plan ? findPlan(data.plan) : undefined;
  const error = checkout.error ?? portal.error;
  return (
    <Card className="grid gap-4" data-testid="billing-card">
      <h2 className="text-lg font-semibold">{t('Billing')}</h2>
      {waiting && !active ? (
        <p role="status">{t('Payment received: waiting for Stripe to confirm your plan…')}</p>
      ) : null}
      {returned === 'cancelled' ? (
        <p role="status">{t('Checkout was cancelled: nothing was charged.')}</p>
      ) : null}
      {current && active ? (
        <div className="grid gap-1" data-testid="billing-plan">
          <p className="font-medium">
            {data.interval === 'annual'
              ? t('{{plan}} plan, billed annually', { plan: current.name })
              : t('{{plan}} plan, billed monthly', { plan: current.name })}
          </p>
          <p className="text-sm text-muted-foreground">
            {data.status === 'past_due'
              ? t('Payment failed: update your card in Manage billing.')
              : data.status === 'trialing'
                ? t('Status: trialing')
                : t('Status: active')}
            {data.currentPeriodEnd
              ? ` · ${
                  data.cancelAtPeriodEnd
                    ? t('Ends on {{date}}', { date: new Date(data.currentPeriodEnd).toLocaleDateString() })
                    : t('Renews on {{date}}', { date: new Date(data.currentPeriodEnd).toLocaleDateString() })
                }`
              : null}
          </p>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('No paid plan yet.')}</p>
      )}
      {!data.canManage ? (
        <p className="text-sm text-muted-foreground">
          {t('Only the workspace owner can change the plan and billing.')}
        </p>
      ) : (
        <div className="grid gap-3">
          {!active ? (
            <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <SelectField
                label={t('Plan')}
                value={plan}
                options={PLANS.map((p) => p.id)}
                onChange={setPlan}
                format={(id) => {
                  const found = findPlan(id);
                  return found ? `${found.name} (${formatPrice(planPrice(found, period))})` : id;
                }}
              />
              <SelectField
                label={t('Billing period')}
                value={period}
                options={BILLING_PERIODS}
                onChange={setPeriod}
                format={(p) => (p === 'annual' ? t('Annual') : t('Monthly'))}
              />
              <Button
                disabled={checkout.isPending}
                onClick={() =>
                  checkout.mutate({ plan, interval: period }, { onSuccess: ({ url }) => go(url) })
                }
              >
                {t('Choose plan')}
              </Button>
            </div>
          ) : null}
          {data.hasCustomer ? (
            <div>
              <Button
                variant="outline"
                disabled={portal.isPending}
                onClick={() => portal.mutate(undefined, { onSuccess: ({ url }) => go(url) })}
              >
                {t('Manage billing')}
              </Button>
            </div>
          ) : null}
        </div>
      )}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(error)}
        </p>
      ) : null}
    </Card>
  );
}
