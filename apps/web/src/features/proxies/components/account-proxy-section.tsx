import { type AccountProxy, PROXY_TYPE_LABELS } from '@relaycast/shared/proxies';
import { Network } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountProxies } from '@/api/proxies';
import { useCan } from '@/components/role-gate';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useProxyForm } from '../hooks/use-proxy-form';
import { ProxyCheckAnswer, ProxyFields } from './proxy-fields';

/** Where the account's proxy stands: none, working, unchecked, or down (the account paused, and why). */
function ProxySummary({ stored }: { stored: AccountProxy | null }) {
  const { t } = useTranslation('proxies');
  if (!stored)
    return <p className="text-sm text-muted-foreground">{t('No proxy: this account connects directly.')}</p>;
  const where = t('{{type}} proxy {{host}}:{{port}}', {
    type: PROXY_TYPE_LABELS[stored.type],
    host: stored.host,
    port: stored.port,
  });
  return (
    <div className="grid gap-1 text-sm">
      <p>
        {where}
        {stored.status === 'working'
          ? ` · ${t('Working')}`
          : stored.status === 'unchecked'
            ? ` · ${t('Not checked yet')}`
            : ''}
        {stored.egressAddress
          ? ` · ${t('The platform sees {{address}}', { address: stored.egressAddress })}`
          : ''}
      </p>
      {stored.status === 'down' ? (
        <p role="alert" className="text-amber-800 dark:text-amber-200">
          {t('Paused: the proxy is not working, and nothing is sent without it.')} {stored.lastError}
        </p>
      ) : null}
    </div>
  );
}

/** Confirms a change or removal of an existing proxy: the address the platform sees changes. */
function ConfirmProxyChange({ form, handle }: { form: ReturnType<typeof useProxyForm>; handle: string }) {
  const { t } = useTranslation('proxies');
  return (
    <Dialog
      open={form.confirming !== null}
      onOpenChange={(open) => {
        if (!open) form.cancelConfirm();
      }}
      title={
        form.confirming === 'remove'
          ? t('Remove the proxy of {{handle}}?', { handle })
          : t('Change the proxy of {{handle}}?', { handle })
      }
      description={
        form.confirming === 'remove'
          ? t('Its requests will go out directly from the server: the platform sees the server’s address.')
          : t('The platform will see the new proxy’s address instead of the one it knows.')
      }
    >
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={form.cancelConfirm}>
          {t('Cancel')}
        </Button>
        <Button disabled={form.isSaving} onClick={form.confirm}>
          {form.confirming === 'remove' ? t('Remove proxy') : t('Change proxy')}
        </Button>
      </div>
    </Dialog>
  );
}

/** The form: type, host, port, user, password (write only), Check, Save, Remove, and the confirmation. */
function ProxyForm({
  accountId,
  handle,
  stored,
  onDone,
}: {
  accountId: string;
  handle: string;
  stored: AccountProxy | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('proxies');
  const form = useProxyForm(accountId, stored, onDone);
  const { values, errors } = form;
  return (
    <form
      aria-label={t('Proxy of {{handle}}', { handle })}
      className="grid gap-3 rounded-lg border p-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <ProxyFields
        values={values}
        errors={errors}
        hasStoredPassword={stored?.hasPassword === true}
        onChange={form.update}
      />
      <p className="text-xs text-muted-foreground">
        {t(
          'Publishing, analytics, the inbox, token refresh and live streams (RTMP) of this account go through the proxy.',
        )}
      </p>
      {form.checkResult ? <ProxyCheckAnswer result={form.checkResult} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {stored ? (
          <Button type="button" variant="ghost" size="sm" disabled={form.isSaving} onClick={form.askRemove}>
            {t('Remove proxy')}
          </Button>
        ) : null}
        <Button type="button" variant="outline" size="sm" disabled={form.isChecking} onClick={form.runCheck}>
          {form.isChecking ? t('Checking…') : t('Check proxy')}
        </Button>
        <Button type="submit" size="sm" disabled={form.isSaving}>
          {t('Save proxy')}
        </Button>
      </div>
      <ConfirmProxyChange form={form} handle={handle} />
    </form>
  );
}

/**
 * An account's proxy (docs/proxies.md), shown under the account on /connected-accounts: its state, and for
 * those who manage accounts the form. Saved with a button, not as you go: changing the address the platform
 * sees is confirmed first (docs/decisions/0084-account-proxies.md).
 */
export function AccountProxySection({ account }: { account: { id: string; handle: string } }) {
  const { t } = useTranslation('proxies');
  const proxies = useAccountProxies();
  const canManage = useCan('manageAccounts') === true;
  const [isEditing, setIsEditing] = useState(false);
  if (!proxies.data) return null;
  const stored = proxies.data.find((proxy) => proxy.accountId === account.id) ?? null;
  return (
    <section aria-label={t('Proxy')} className="grid w-full gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Network aria-hidden="true" className="size-4 text-muted-foreground" />
        <ProxySummary stored={stored} />
        {canManage && !isEditing ? (
          <Button variant="ghost" size="sm" onClick={() => setIsEditing(true)}>
            {stored ? t('Edit proxy') : t('Set up a proxy')}
          </Button>
        ) : null}
      </div>
      {isEditing ? (
        <ProxyForm
          accountId={account.id}
          handle={account.handle}
          stored={stored}
          onDone={() => setIsEditing(false)}
        />
      ) : null}
    </section>
  );
}
