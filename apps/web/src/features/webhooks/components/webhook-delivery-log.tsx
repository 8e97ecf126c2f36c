import { WEBHOOK_MESSAGES } from '@relaycast/shared/webhooks';
import { useTranslation } from 'react-i18next';
import { useResendWebhookDelivery, useWebhookDeliveries } from '@/api/webhooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { showError } from '@/lib/show-error';
import { formatRelative } from '@/lib/time-zone';
import { toast } from '@/lib/toast';

/** One endpoint's delivery log (its newest deliveries, refreshed while shown), with Resend for owners and admins. */
export function DeliveryLog({ endpointId, canManage }: { endpointId: string; canManage: boolean }) {
  const deliveries = useWebhookDeliveries(endpointId, true);
  const resend = useResendWebhookDelivery();
  const { t } = useTranslation('webhooks');
  if (deliveries.isPending) return <Spinner label={t('Loading the delivery log')} />;
  if (deliveries.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {deliveries.error.message}
      </p>
    );
  }
  const list = deliveries.data.deliveries;
  if (list.length === 0) return <p className="text-xs text-muted-foreground">{t('Nothing sent yet.')}</p>;
  return (
    <ul aria-label={t('Deliveries')} className="grid gap-1.5 text-xs">
      {list.map((delivery) => (
        <li key={delivery.id} className="grid gap-0.5 rounded-md bg-muted px-2.5 py-1.5">
          <span className="flex flex-wrap items-center gap-2">
            <code>{delivery.event}</code>
            <Badge>
              {delivery.status === 'delivered'
                ? t('Delivered')
                : delivery.status === 'failed'
                  ? t('Failed')
                  : delivery.attempts > 0
                    ? t('Retrying')
                    : t('Queued')}
            </Badge>
            {delivery.lastStatusCode !== null ? <span>{`HTTP ${delivery.lastStatusCode}`}</span> : null}
            <span className="text-muted-foreground">
              {formatRelative(delivery.createdAt)} · {t('{{count}} attempts', { count: delivery.attempts })}
              {delivery.nextAttemptAt && delivery.attempts > 0
                ? ` · ${t('next {{when}}', { when: formatRelative(delivery.nextAttemptAt) })}`
                : ''}
            </span>
          </span>
          {delivery.lastError && delivery.status !== 'delivered' ? (
            <span className="break-words text-destructive">{delivery.lastError}</span>
          ) : null}
          {canManage && delivery.status !== 'pending' ? (
            <span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                className="h-7 px-2 text-xs"
                aria-label={t('Resend {{event}} from {{when}}', {
                  event: delivery.event,
                  when: formatRelative(delivery.createdAt),
                })}
                disabled={resend.isPending}
                onClick={() =>
                  resend.mutate(
                    { endpointId, deliveryId: delivery.id },
                    {
                      onSuccess: () => toast.success(t(WEBHOOK_MESSAGES.resendQueued)),
                      onError: (error) => showError(error),
                    },
                  )
                }
              >
                {t('Resend')}
              </Button>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
