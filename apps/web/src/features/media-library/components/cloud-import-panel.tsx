import {
  CLOUD_DRIVE_MESSAGES,
  CLOUD_PROVIDER_IDS,
  CLOUD_PROVIDERS,
  type CloudProviderId,
  type CloudProviderState,
} from '@relaycast/shared/cloud-drives';
import { Cloud } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCloudProviders, useConnectCloud, useDisconnectCloud } from '@/api/cloud-drives';
import { Button } from '@/components/ui/button';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import { CloudPickerDialog } from './cloud-picker-dialog';

const isProvider = (value: string | null): value is CloudProviderId =>
  CLOUD_PROVIDER_IDS.includes(value as CloudProviderId);

/** The outcome of a connect round trip (`?cloud=dropbox&result=connected`), shown once and taken off the URL. */
function useConnectResult() {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const provider = params.get('cloud');
    if (!isProvider(provider)) return;
    const name = CLOUD_PROVIDERS[provider].name;
    if (params.get('result') === 'connected')
      toast.success(translateMessage(CLOUD_DRIVE_MESSAGES.connected(name)));
    else toast.error(translateMessage(CLOUD_DRIVE_MESSAGES.connectFailed(name)));
    setParams({}, { replace: true });
  }, [params, setParams]);
}

function ProviderRow({
  provider,
  onBrowse,
}: {
  provider: CloudProviderState;
  onBrowse(id: CloudProviderId): void;
}) {
  const { t } = useTranslation('media-library');
  const connect = useConnectCloud();
  const disconnect = useDisconnectCloud();
  const connection = provider.connection;
  const startConnect = () =>
    connect.mutate(provider.id, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (failure) => showError(failure),
    });
  let state: string;
  if (!provider.configured) {
    state = t('Not set up on this server. The operator sets {{variables}}.', {
      variables: provider.envVars.join(', '),
    });
  } else if (!connection) state = t('Not connected');
  else if (connection.status === 'expired') state = t('Connection expired: connect again.');
  else state = t('Connected as {{account}}', { account: connection.accountName || provider.name });
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border px-3 py-2 text-sm"
      aria-label={provider.name}
    >
      <div className="min-w-0">
        <p className="font-medium">{provider.name}</p>
        <p className="text-muted-foreground">{state}</p>
      </div>
      <div className="flex shrink-0 gap-2">
        {connection?.status === 'connected' ? (
          <>
            <Button size="sm" onClick={() => onBrowse(provider.id)}>
              {t('Browse {{provider}}', { provider: provider.name })}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={disconnect.isPending}
              onClick={() =>
                disconnect.mutate(provider.id, {
                  onSuccess: () =>
                    toast.success(translateMessage(CLOUD_DRIVE_MESSAGES.disconnected(provider.name))),
                  onError: (failure) => showError(failure),
                })
              }
            >
              {t('Disconnect')}
            </Button>
          </>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={!provider.configured || connect.isPending}
            onClick={startConnect}
          >
            {t('Connect {{provider}}', { provider: provider.name })}
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * Cloud import (docs/media-import.md): each provider the operator enabled can be connected (OAuth, the member's
 * own account) and browsed in our picker; a provider without keys says which variables the operator sets.
 */
export function CloudImportPanel() {
  const { t } = useTranslation('media-library');
  const providers = useCloudProviders();
  const [browsing, setBrowsing] = useState<CloudProviderId | null>(null);
  useConnectResult();
  return (
    <section
      aria-labelledby="cloud-import-heading"
      className="grid content-start gap-3 rounded-xl border p-4"
    >
      <h2 id="cloud-import-heading" className="flex items-center gap-2 font-semibold">
        <Cloud aria-hidden="true" className="size-4" />
        {t('Import from a cloud drive')}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {(providers.data?.items ?? []).map((provider) => (
          <ProviderRow key={provider.id} provider={provider} onBrowse={setBrowsing} />
        ))}
      </ul>
      <CloudPickerDialog provider={browsing} onOpenChange={(open) => (open ? null : setBrowsing(null))} />
    </section>
  );
}
