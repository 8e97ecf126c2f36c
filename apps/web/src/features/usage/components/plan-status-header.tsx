import { BILLING_MESSAGES } from '@relaycast/shared/billing';
import { AlertTriangle, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentWorkspace } from '@/api/usage';
import { translateMessage } from '@/i18n';

/** "Trial: N days left" in the app's header while a managed trial runs, linking to the usage page. */
export function TrialBadge() {
  const { t } = useTranslation('common');
  const { data } = useCurrentWorkspace();
  if (!data?.isTrial) return null;
  return (
    <Link
      to="/usage"
      data-testid="trial-badge"
      className="hidden items-center gap-1.5 whitespace-nowrap rounded-full border px-3 py-1 text-xs sm:inline-flex font-medium text-muted-foreground hover:bg-muted hover:text-foreground"
    >
      <Clock aria-hidden="true" className="size-3.5" />
      {t('Trial: {{count}} days left', { count: data.trialDaysLeft })}
    </Link>
  );
}

/** Across the top of every signed-in page once the trial has ended without a plan: why nothing is published. */
export function PublishingBlockedBanner() {
  const { t } = useTranslation('common');
  const { data } = useCurrentWorkspace();
  if (!data?.publishingBlocked) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:px-8 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
      <span>
        {t(
          'Your free trial has ended. Choose a plan to schedule and publish again; your drafts and scheduled posts are kept.',
        )}
      </span>
      <Link to="/usage" className="font-medium underline underline-offset-4">
        {t('Plan & usage')}
      </Link>
    </div>
  );
}

/** While Stripe retries a failed payment (past due): the plan still holds; the owner should update the card. */
export function PaymentFailedBanner() {
  const { t } = useTranslation('common');
  const { data } = useCurrentWorkspace();
  if (!data?.paymentFailed) return null;
  return (
    <div
      role="alert"
      data-testid="payment-failed-banner"
      className="flex flex-wrap items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:px-8 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
      <span>{translateMessage(BILLING_MESSAGES.paymentFailed)}</span>
      <Link to="/usage" className="font-medium underline underline-offset-4">
        {t('Plan & usage')}
      </Link>
    </div>
  );
}
