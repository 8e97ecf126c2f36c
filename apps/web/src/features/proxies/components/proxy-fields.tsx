import { PROXY_TYPE_LABELS, PROXY_TYPES, type ProxyCheckResult } from '@relaycast/shared/proxies';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { translateMessage } from '@/i18n';
import type { ProxyFieldErrors, ProxyFormValues } from '../hooks/use-proxy-form';

/**
 * A proxy's fields (type, host, port, user name, write-only password), shared by an account's proxy form and
 * "Connect through a proxy" (docs/proxies.md, docs/decisions/0098-proxy-at-connection.md).
 */
export function ProxyFields({
  values,
  errors,
  hasStoredPassword,
  onChange,
}: {
  values: ProxyFormValues;
  errors: ProxyFieldErrors;
  hasStoredPassword: boolean;
  onChange(change: Partial<ProxyFormValues>): void;
}) {
  const { t } = useTranslation('proxies');
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr_6rem]">
        <SelectField
          label={t('Type')}
          value={values.type}
          options={PROXY_TYPES}
          format={(type) => PROXY_TYPE_LABELS[type]}
          onChange={(type) => onChange({ type })}
        />
        <FormField
          label={t('Host')}
          value={values.host}
          error={errors.host}
          onChange={(event) => onChange({ host: event.target.value })}
        />
        <FormField
          label={t('Port')}
          inputMode="numeric"
          value={values.port}
          error={errors.port}
          onChange={(event) => onChange({ port: event.target.value })}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label={t('User name')}
          autoComplete="off"
          value={values.username}
          error={errors.username}
          onChange={(event) => onChange({ username: event.target.value })}
        />
        <FormField
          label={t('Password')}
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          hint={
            hasStoredPassword
              ? t('A password is stored. Leave this empty to keep it for this same proxy.')
              : undefined
          }
          onChange={(event) => onChange({ password: event.target.value })}
        />
      </div>
    </>
  );
}

/** The answer of "Check proxy": the address the platform will see, or why the proxy does not work. */
export function ProxyCheckAnswer({ result }: { result: ProxyCheckResult }) {
  const { t } = useTranslation('proxies');
  if (!result.ok) {
    return (
      <p role="status" className="text-sm text-destructive">
        {translateMessage(result.message)}
      </p>
    );
  }
  return (
    <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
      {result.egressAddress
        ? t('The proxy works. The platform will see {{address}} ({{ms}} ms).', {
            address: result.egressAddress,
            ms: result.latencyMs ?? 0,
          })
        : t('The proxy works.')}
    </p>
  );
}
