import {
  type AccountProxy,
  type AccountProxyInput,
  accountProxyInputSchema,
  type ProxyCheckResult,
  type ProxyType,
} from '@relaycast/shared/proxies';
import { useState } from 'react';
import { useCheckProxy, useRemoveProxy, useSaveProxy } from '@/api/proxies';
import { showError } from '@/lib/show-error';

/** What the proxy form holds: the port as typed, the password only when the user typed one. */
export interface ProxyFormValues {
  type: ProxyType;
  host: string;
  port: string;
  username: string;
  password: string;
}

type Field = keyof ProxyFormValues;
export type ProxyFieldErrors = Partial<Record<Field, string>>;

export function initialValues(stored: AccountProxy | null): ProxyFormValues {
  return {
    type: stored?.type ?? 'http',
    host: stored?.host ?? '',
    port: stored ? String(stored.port) : '',
    username: stored?.username ?? '',
    password: '',
  };
}

/** The input to send: an empty password field keeps the stored one (the server says when it may). */
export function inputOf(values: ProxyFormValues): AccountProxyInput {
  return {
    type: values.type,
    host: values.host,
    port: values.port as unknown as number,
    username: values.username,
    ...(values.password ? { password: values.password } : {}),
  };
}

/** The shared schema's verdict on the values: the input to send, or each field's problem. */
export function validateProxy(values: ProxyFormValues): {
  input: AccountProxyInput | null;
  errors: ProxyFieldErrors;
} {
  const parsed = accountProxyInputSchema.safeParse(inputOf(values));
  if (parsed.success) return { input: inputOf(values), errors: {} };
  const found: ProxyFieldErrors = {};
  for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
  return { input: null, errors: found };
}

/**
 * The state of an account's proxy form (features/proxies/components/account-proxy-section.tsx): values,
 * errors from the shared schema, "Check proxy", and save or remove, each confirmed first when the account
 * already has a proxy (the address the platform sees changes).
 */
export function useProxyForm(accountId: string, stored: AccountProxy | null, onSaved: () => void) {
  const [values, setValues] = useState(() => initialValues(stored));
  const [errors, setErrors] = useState<ProxyFieldErrors>({});
  const [checkResult, setCheckResult] = useState<ProxyCheckResult | null>(null);
  const [confirming, setConfirming] = useState<'save' | 'remove' | null>(null);
  const save = useSaveProxy();
  const remove = useRemoveProxy();
  const check = useCheckProxy();

  function update(change: Partial<ProxyFormValues>) {
    setValues((current) => ({ ...current, ...change }));
    setCheckResult(null);
  }

  /** The parsed input, or null after showing each field's problem. */
  function validated(): AccountProxyInput | null {
    const checked = validateProxy(values);
    setErrors(checked.errors);
    return checked.input;
  }

  function runCheck() {
    const input = validated();
    if (!input) return;
    check.mutate({ accountId, input }, { onSuccess: setCheckResult, onError: (error) => showError(error) });
  }

  function send(replace: boolean) {
    const input = validated();
    if (!input) return;
    save.mutate(
      { accountId, input: { ...input, replace } },
      {
        onSuccess: () => {
          setConfirming(null);
          onSaved();
        },
        onError: (error) => showError(error),
      },
    );
  }

  function submit() {
    if (!validated()) return;
    if (stored) setConfirming('save');
    else send(false);
  }

  function confirm() {
    if (confirming === 'save') return send(true);
    remove.mutate(accountId, {
      onSuccess: () => {
        setConfirming(null);
        onSaved();
      },
      onError: (error) => showError(error),
    });
  }

  return {
    values,
    errors,
    update,
    checkResult,
    isChecking: check.isPending,
    isSaving: save.isPending || remove.isPending,
    runCheck,
    submit,
    askRemove: () => setConfirming('remove'),
    confirming,
    confirm,
    cancelConfirm: () => setConfirming(null),
  };
}
