import type { AccountProxy, ConnectThroughInput, ProxyCheckResult } from '@relaycast/shared/proxies';
import { useState } from 'react';
import { useAccountProxies, useCheckConnectProxy } from '@/api/proxies';
import { showError } from '@/lib/show-error';
import { initialValues, type ProxyFieldErrors, type ProxyFormValues, validateProxy } from './use-proxy-form';

/** The account a connect flow reconnects, when it reconnects one. */
export interface ReconnectedAccount {
  id: string;
  handle: string;
}

/**
 * What a connect flow sends besides its own fields (docs/decisions/0098-proxy-at-connection.md): the reconnected
 * account (the server then goes through its stored proxy) and the proxy given on screen; null when the values
 * are invalid or the user did not confirm a change of the account's proxy (nothing is sent then).
 */
export type AskConnectThrough = (account?: ReconnectedAccount) => Promise<ConnectThroughInput | null>;

function isStoredProxy(stored: AccountProxy, values: ProxyFormValues): boolean {
  return (
    stored.type === values.type &&
    stored.host === values.host.trim() &&
    String(stored.port) === values.port.trim() &&
    stored.username === values.username.trim() &&
    values.password === ''
  );
}

/**
 * "Connect through a proxy" on /connected-accounts: off by default; on, its values are validated by the same
 * schema as an account's proxy form, can be checked first ("Check proxy"), and go with the next connect or
 * reconnect. Changing the proxy of a reconnected account that has one is confirmed first, as in its form.
 */
export function useConnectProxy() {
  const proxies = useAccountProxies();
  const check = useCheckConnectProxy();
  const [isOn, setIsOn] = useState(false);
  const [values, setValues] = useState(() => initialValues(null));
  const [errors, setErrors] = useState<ProxyFieldErrors>({});
  const [checkResult, setCheckResult] = useState<ProxyCheckResult | null>(null);
  const [confirming, setConfirming] = useState<{ handle: string; answer(ok: boolean): void } | null>(null);

  function update(change: Partial<ProxyFormValues>) {
    setValues((current) => ({ ...current, ...change }));
    setCheckResult(null);
  }

  function runCheck() {
    const checked = validateProxy(values);
    setErrors(checked.errors);
    if (!checked.input) return;
    check.mutate(checked.input, { onSuccess: setCheckResult, onError: (error) => showError(error) });
  }

  const ask: AskConnectThrough = async (account) => {
    const accountId = account?.id;
    if (!isOn) return accountId ? { accountId } : {};
    const checked = validateProxy(values);
    setErrors(checked.errors);
    if (!checked.input) return null;
    const stored = account ? proxies.data?.find((proxy) => proxy.accountId === account.id) : undefined;
    if (!account || !stored || isStoredProxy(stored, values)) return { accountId, proxy: checked.input };
    const confirmed = await new Promise<boolean>((answer) =>
      setConfirming({ handle: account.handle, answer }),
    );
    setConfirming(null);
    return confirmed ? { accountId, proxy: { ...checked.input, replace: true } } : null;
  };

  return {
    isOn,
    setIsOn,
    values,
    errors,
    update,
    checkResult,
    isChecking: check.isPending,
    runCheck,
    ask,
    confirming,
  };
}

export type ConnectProxyState = ReturnType<typeof useConnectProxy>;
