import {
  type CreatedWebhook,
  createWebhookSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@relaycast/shared/webhooks';
import { Webhook } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useSendTestWebhook,
  useSetWebhookPaused,
  useWebhookEndpoints,
} from '@/api/webhooks';
import { SecretShownOnce } from '@/components/secret-shown-once';
import { SettingsCard } from '@/components/settings-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { toastOutcome } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import { DeliveryLog } from './webhook-delivery-log';

/** The example in the address field: a URL, the same in every language. */
const ENDPOINT_EXAMPLE = 'https://example.com/relaycast-webhook';

function EndpointRow({ endpoint, canManage }: { endpoint: WebhookEndpoint; canManage: boolean }) {
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const sendTest = useSendTestWebhook();
  const remove = useDeleteWebhook();
  const setPaused = useSetWebhookPaused();
  const { t } = useTranslation('webhooks');

  async function togglePaused() {
    const paused = !endpoint.paused;
    await toastOutcome(
      setPaused.mutateAsync({ id: endpoint.id, paused }),
      t(paused ? WEBHOOK_MESSAGES.paused : WEBHOOK_MESSAGES.resumed),
    );
  }

  async function test() {
    if (await toastOutcome(sendTest.mutateAsync(endpoint.id), t(WEBHOOK_MESSAGES.testQueued))) {
      setShowLog(true);
    }
  }

  async function del() {
    await toastOutcome(remove.mutateAsync(endpoint.id), t(WEBHOOK_MESSAGES.deleted));
    setConfirming(false);
  }

  return (
    <li className="grid gap-3 rounded-lg border p-3 text-sm">
      <div className="grid gap-1">
        <code className="break-all font-medium">{endpoint.url}</code>
        <span className="flex flex-wrap gap-1.5">
          {endpoint.paused ? <Badge variant="outline">{t('Paused')}</Badge> : null}
          {endpoint.events.map((event) => (
            <Badge key={event}>{event}</Badge>
          ))}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => setShowLog((shown) => !shown)}>
          {showLog ? t('Hide delivery log') : t('Delivery log')}
        </Button>
        {canManage ? (
          <>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={sendTest.isPending || endpoint.paused}
              onClick={() => void test()}
            >
              {t('Send test event')}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={setPaused.isPending}
              onClick={() => void togglePaused()}
            >
              {endpoint.paused ? t('Resume') : t('Pause')}
            </Button>
            {confirming ? (
              <>
                <Button type="button" size="sm" variant="outline" onClick={() => setConfirming(false)}>
                  {t('Keep')}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="destructive"
                  disabled={remove.isPending}
                  onClick={() => void del()}
                >
                  {t('Delete endpoint')}
                </Button>
              </>
            ) : (
              <Button type="button" size="sm" variant="outline" onClick={() => setConfirming(true)}>
                {t('Delete')}
              </Button>
            )}
          </>
        ) : null}
      </div>
      {showLog ? <DeliveryLog endpointId={endpoint.id} canManage={canManage} /> : null}
    </li>
  );
}

function AddEndpointDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['post.published', 'post.failed']);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const { t } = useTranslation('webhooks');

  function close() {
    setUrl('');
    setEvents(['post.published', 'post.failed']);
    setError(null);
    setCreated(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = createWebhookSchema.safeParse({ url, events });
    if (!parsed.success)
      return setError(translateMessage(parsed.error.issues[0]?.message ?? WEBHOOK_MESSAGES.urlInvalid));
    try {
      setCreated(await create.mutateAsync(parsed.data));
      toast.success(t(WEBHOOK_MESSAGES.created));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={created ? t('Copy the signing secret') : t('Add a webhook endpoint')}
      description={
        created
          ? t(
              'Your endpoint checks each request’s webhook-signature header with this secret (Standard Webhooks). It is shown only now.',
            )
          : t('Relaycast sends a signed JSON POST to this address when the events you choose happen.')
      }
    >
      {created ? (
        <SecretShownOnce label={t('Signing secret')} value={created.secret} onDone={close} />
      ) : (
        <form noValidate className="grid gap-4" onSubmit={(e) => void submit(e)}>
          <FormField
            label={t('Endpoint URL')}
            type="url"
            placeholder={ENDPOINT_EXAMPLE}
            value={url}
            error={error ?? undefined}
            onChange={(e) => setUrl(e.target.value)}
          />
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('Events')}</legend>
            {WEBHOOK_EVENTS.map((name) => (
              <label key={name} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={events.includes(name)}
                  onChange={(e) =>
                    setEvents(e.target.checked ? [...events, name] : events.filter((other) => other !== name))
                  }
                />
                <code>{name}</code>
                <span className="text-muted-foreground">{t(WEBHOOK_EVENT_LABELS[name])}</span>
              </label>
            ))}
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={close}>
              {t('Cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {t('Add endpoint')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** Settings → Webhooks: the workspace's endpoints, their delivery logs, a test event, adding and deleting. */
export function WebhooksSection() {
  const endpoints = useWebhookEndpoints();
  const [adding, setAdding] = useState(false);
  const canManage = endpoints.data?.canManage ?? false;
  const list = endpoints.data?.endpoints ?? [];
  const { t } = useTranslation('webhooks');
  return (
    <SettingsCard
      title={t('Webhooks')}
      icon={Webhook}
      description={t(
        'Signed HTTP calls to your own systems when a post is published or fails, or a live stream starts or ends. Failed deliveries are retried for about ten hours.',
      )}
    >
      {endpoints.isPending ? <Spinner label={t('Loading webhooks')} /> : null}
      {endpoints.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {endpoints.error.message}
        </p>
      ) : null}
      {list.length > 0 ? (
        <ul aria-label={t('Webhook endpoints')} className="grid gap-2">
          {list.map((endpoint) => (
            <EndpointRow key={endpoint.id} endpoint={endpoint} canManage={canManage} />
          ))}
        </ul>
      ) : endpoints.isSuccess ? (
        <p className="text-xs text-muted-foreground">{t('No endpoints yet.')}</p>
      ) : null}
      {endpoints.isSuccess ? (
        canManage ? (
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => setAdding(true)}>
              {t('Add endpoint')}
            </Button>
          </div>
        ) : (
          <p className="text-xs text-muted-foreground">{t(WEBHOOK_MESSAGES.adminOnly)}</p>
        )
      ) : null}
      {createPortal(<AddEndpointDialog open={adding} onClose={() => setAdding(false)} />, document.body)}
    </SettingsCard>
  );
}
