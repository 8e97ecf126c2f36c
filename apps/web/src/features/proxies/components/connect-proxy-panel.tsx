import { useTranslation } from 'react-i18next';
import { ToggleField } from '@/components/toggle-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { ConnectProxyState } from '../hooks/use-connect-proxy';
import { ProxyCheckAnswer, ProxyFields } from './proxy-fields';

/** Confirms that a reconnect changes the account's proxy: the address the platform sees changes. */
function ConfirmReconnectChange({ state }: { state: ConnectProxyState }) {
  const { t } = useTranslation('proxies');
  const pending = state.confirming;
  return (
    <Dialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) pending?.answer(false);
      }}
      title={t('Change the proxy of {{handle}}?', { handle: pending?.handle ?? '' })}
      description={t('The platform will see the new proxy’s address instead of the one it knows.')}
    >
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={() => pending?.answer(false)}>
          {t('Cancel')}
        </Button>
        <Button onClick={() => pending?.answer(true)}>{t('Change proxy')}</Button>
      </div>
    </Dialog>
  );
}

/**
 * "Connect through a proxy" (docs/decisions/0098-proxy-at-connection.md): a proxy for the next connect or
 * reconnect, checked by the server before anything goes out, used for every request of the connection and saved
 * onto the account. The sign-in page the browser opens is the user's own visit: it does not go through it.
 */
export function ConnectProxyPanel({ state }: { state: ConnectProxyState }) {
  const { t } = useTranslation('proxies');
  return (
    <section aria-label={t('Connect through a proxy')} className="grid gap-3">
      <ToggleField
        label={t('Connect through a proxy')}
        description={t(
          'The next connection goes through this proxy, and the account keeps it. A reconnect of an account that has a proxy always goes through its proxy.',
        )}
        checked={state.isOn}
        onChange={state.setIsOn}
      />
      {state.isOn ? (
        <div className="grid gap-3 rounded-lg border p-3">
          <ProxyFields
            values={state.values}
            errors={state.errors}
            hasStoredPassword={false}
            onChange={state.update}
          />
          <p className="text-xs text-muted-foreground">
            {t(
              'The proxy is checked before connecting; if it does not work, nothing is sent and nothing is saved. The platform’s sign-in page opens in your own browser, without the proxy.',
            )}
          </p>
          {state.checkResult ? <ProxyCheckAnswer result={state.checkResult} /> : null}
          <div className="flex justify-end">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={state.isChecking}
              onClick={state.runCheck}
            >
              {state.isChecking ? t('Checking…') : t('Check proxy')}
            </Button>
          </div>
        </div>
      ) : null}
      <ConfirmReconnectChange state={state} />
    </section>
  );
}
