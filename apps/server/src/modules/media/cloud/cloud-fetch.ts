import {
  type CanvaExportFormat,
  CLOUD_PROVIDERS,
  type CloudProviderId,
} from '@relaycast/shared/cloud-drives';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../../config/env';
import type { Db } from '../../../db/client';
import { cloudDriveConnections } from '../../../db/schema/index';
import { addressPolicy } from '../../../lib/address-policy';
import { AppError } from '../../../lib/app-error';
import { createSafeFetch } from '../../../lib/safe-fetch';
import type { MediaImportRow } from '../media-imports.service';
import { appKeysOf, CloudAuthError, providerFetch, withAccess } from './cloud-connections';
import { atBase, CanvaExportError, CLOUD_ADAPTERS } from './cloud-providers';

/**
 * The `media-import` job's side of a cloud import (decision 0105): the member's connection (theirs, in the row's
 * workspace), the adapter's download request (Canva: an export job polled to its URL), and the fetch that carries
 * the member's token, given to `download` (media-download.ts: the same caps and address policy as a link). A 401
 * refreshes the token once; a second one is "connect again".
 */
export async function downloadFromCloud<T>(
  db: Db,
  config: Config,
  row: MediaImportRow,
  download: (doFetch: typeof fetch, url: string) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const source = row.source;
  if (!source) throw new Error('not a cloud import');
  const provider = source.provider as CloudProviderId;
  const name = CLOUD_PROVIDERS[provider].name;
  appKeysOf(config, provider);
  const [connection] = row.cloudConnectionId
    ? await db
        .select()
        .from(cloudDriveConnections)
        .where(
          and(
            eq(cloudDriveConnections.id, row.cloudConnectionId),
            eq(cloudDriveConnections.workspaceId, row.workspaceId),
          ),
        )
    : [];
  if (!connection) throw new AppError('CLOUD_DRIVE_NOT_CONNECTED', { values: [name] });
  const { baseUrl } = config.cloudDrives[provider];
  return withAccess(db, config, connection, async (call, token) => {
    let target: Awaited<ReturnType<(typeof CLOUD_ADAPTERS)[CloudProviderId]['download']>>;
    try {
      target = await CLOUD_ADAPTERS[provider].download(
        call,
        {
          fileId: source.fileId,
          format: source.format as CanvaExportFormat | undefined,
        },
        signal,
      );
    } catch (error) {
      if (error instanceof CanvaExportError)
        throw new AppError('CLOUD_DRIVE_EXPORT_FAILED', { values: [name] });
      throw error;
    }
    const safe = target.withToken
      ? providerFetch(config, provider)
      : createSafeFetch(addressPolicy(config.allowPrivateAddresses));
    let unauthorized = false;
    const doFetch: typeof fetch = async (input, init) => {
      const response = await safe(input, {
        ...init,
        method: target.method ?? 'GET',
        headers: {
          ...(init?.headers as Record<string, string> | undefined),
          ...target.headers,
          ...(target.withToken ? { authorization: `Bearer ${token}` } : {}),
        },
      });
      if (response.status === 401 && target.withToken) unauthorized = true;
      return response;
    };
    // The provider's own file URLs follow the base-URL override; an export's signed URL is fetched as given.
    const url = target.withToken ? atBase(target.url, baseUrl) : target.url;
    try {
      return await download(doFetch, url);
    } catch (error) {
      if (unauthorized) throw new CloudAuthError(`${provider} refused the download`);
      throw error;
    }
  });
}
