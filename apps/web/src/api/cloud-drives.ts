import type {
  CloudBrowse,
  CloudImport,
  CloudProviderId,
  CloudProviderList,
} from '@relaycast/shared/cloud-drives';
import type { MediaImportList } from '@relaycast/shared/media-imports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { MEDIA_IMPORTS_KEY } from './media';

/** Cloud import (docs/media-import.md): providers, the member's connections, browsing and importing. */
const CLOUD_KEY = ['cloud-drives'] as const;

/** `GET /api/media/cloud/providers`: each provider, whether the operator enabled it and the caller's connection. */
export function useCloudProviders() {
  return useQuery({
    queryKey: [...CLOUD_KEY, 'providers'],
    queryFn: () => apiFetch<CloudProviderList>('/api/media/cloud/providers'),
  });
}

/** `POST /api/media/cloud/:provider/connect`: the provider's authorize URL to send the browser to. */
export function useConnectCloud() {
  return useMutation({
    mutationFn: (provider: CloudProviderId) =>
      apiFetch<{ url: string }>(`/api/media/cloud/${provider}/connect`, { method: 'POST' }),
  });
}

/** `DELETE /api/media/cloud/:provider/connection`. */
export function useDisconnectCloud() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (provider: CloudProviderId) =>
      apiFetch<void>(`/api/media/cloud/${provider}/connection`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: CLOUD_KEY }),
  });
}

/** `GET /api/media/cloud/:provider/files?folder=`: a folder's images, videos and folders (Canva: designs). */
export function useCloudFiles(provider: CloudProviderId | null, folder: string | undefined) {
  return useQuery({
    queryKey: [...CLOUD_KEY, 'files', provider, folder ?? ''],
    enabled: provider !== null,
    retry: false,
    queryFn: () =>
      apiFetch<CloudBrowse>(
        `/api/media/cloud/${provider}/files${folder ? `?folder=${encodeURIComponent(folder)}` : ''}`,
      ),
  });
}

/** `POST /api/media/cloud/:provider/imports`: the chosen files, imported in the background like a link. */
export function useImportFromCloud() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, files }: { provider: CloudProviderId; files: CloudImport['files'] }) =>
      apiFetch<MediaImportList>(`/api/media/cloud/${provider}/imports`, { method: 'POST', json: { files } }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: MEDIA_IMPORTS_KEY });
      void client.invalidateQueries({ queryKey: CLOUD_KEY });
    },
  });
}
