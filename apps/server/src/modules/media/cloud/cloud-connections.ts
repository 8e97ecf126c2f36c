import { CLOUD_PROVIDERS, type CloudProviderId } from '@relaycast/shared/cloud-drives';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../../config/env';
import type { Db } from '../../../db/client';
import { cloudDriveConnections } from '../../../db/schema/index';
import { addressPolicy } from '../../../lib/address-policy';
import { AppError } from '../../../lib/app-error';
import { createSafeFetch } from '../../../lib/safe-fetch';
import { decryptSecret, encryptSecret } from '../../../lib/secrets';
import { basicAuth, type OAuthTokenAnswer } from '../../../platforms/oauth';
import { type ApiCall, atBase, CLOUD_ADAPTERS } from './cloud-providers';

/**
 * A member's cloud connection at work (decision 0105): the app's keys, the token requests (code exchange and
 * refresh), and `withAccess`, which hands an adapter a fresh token, refreshes it once when the provider answers 401
 * and otherwise marks the connection expired with a clear "connect again". Every request goes through the
 * outbound-address policy's fetch (`providerFetch`).
 */

export type CloudConnectionRow = typeof cloudDriveConnections.$inferSelect;

/** The provider refused the token (401). */
export class CloudAuthError extends Error {}

/** Refresh a token this long before it expires. */
const REFRESH_MARGIN_MS = 60_000;
const API_TIMEOUT_MS = 20_000;

const nameOf = (provider: CloudProviderId) => CLOUD_PROVIDERS[provider].name;

export const unreachable = (provider: CloudProviderId) =>
  new AppError('CLOUD_DRIVE_UNREACHABLE', { values: [nameOf(provider)] });
export const reconnect = (provider: CloudProviderId) =>
  new AppError('CLOUD_DRIVE_RECONNECT', { values: [nameOf(provider)] });

/** The operator's keys, or the clear 409 naming the variables to set. */
export function appKeysOf(config: Config, provider: CloudProviderId) {
  const settings = config.cloudDrives[provider];
  if (!settings.clientId || !settings.clientSecret) {
    throw new AppError('CLOUD_DRIVE_NOT_CONFIGURED', {
      values: [nameOf(provider), CLOUD_PROVIDERS[provider].envVars.join(' and ')],
    });
  }
  return { clientId: settings.clientId, clientSecret: settings.clientSecret, baseUrl: settings.baseUrl };
}

/**
 * The fetch for a provider's own endpoints: through the outbound-address policy, except that the operator's
 * `<PROVIDER>_BASE_URL` is trusted as `<PLATFORM>_BASE_URL` is (decision 0014). An address the provider answers
 * with (Canva's export URL) is fetched under the policy alone (cloud-fetch.ts).
 */
export const providerFetch = (config: Config, provider: CloudProviderId) =>
  createSafeFetch(
    addressPolicy(config.allowPrivateAddresses || config.cloudDrives[provider].baseUrl !== undefined),
  );

export interface TokenGrant {
  accessToken: string;
  refreshToken: string | undefined;
  expiresAt: Date | null;
}

/** A token request (authorization code or refresh); a refused grant is "connect again". */
export async function tokenRequest(
  config: Config,
  provider: CloudProviderId,
  form: Record<string, string>,
): Promise<TokenGrant> {
  const keys = appKeysOf(config, provider);
  const adapter = CLOUD_ADAPTERS[provider];
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const body = new URLSearchParams(form);
  if (adapter.clientAuth === 'basic') headers.authorization = basicAuth(keys.clientId, keys.clientSecret);
  else {
    body.set('client_id', keys.clientId);
    body.set('client_secret', keys.clientSecret);
  }
  let response: Response;
  try {
    response = await providerFetch(config, provider)(atBase(adapter.tokenUrl, keys.baseUrl), {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch {
    throw unreachable(provider);
  }
  const answer = (await response.json().catch(() => null)) as OAuthTokenAnswer | null;
  if (response.status === 400 || response.status === 401) throw reconnect(provider);
  if (!response.ok || !answer?.access_token) throw unreachable(provider);
  const expiresIn = Number(answer.expires_in);
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
  };
}

/** The adapter's API calls with `token`, through the policy's fetch and the base-URL override. */
export function apiCallWith(config: Config, provider: CloudProviderId, token: string): ApiCall {
  const { baseUrl } = config.cloudDrives[provider];
  const doFetch = providerFetch(config, provider);
  return async <T>(
    url: string,
    init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
  ) => {
    let response: Response;
    try {
      response = await doFetch(atBase(url, baseUrl), {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
    } catch {
      throw unreachable(provider);
    }
    if (response.status === 401) {
      await response.body?.cancel();
      throw new CloudAuthError(`${provider} answered 401`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw unreachable(provider);
    }
    return (await response.json()) as T;
  };
}

/** The caller's own connection to `provider` in their workspace, or 404 (another member's is never used). */
export async function connectionOf(
  db: Db,
  owner: { workspaceId: string; userId: string },
  provider: CloudProviderId,
): Promise<CloudConnectionRow> {
  const [row] = await db
    .select()
    .from(cloudDriveConnections)
    .where(
      and(
        eq(cloudDriveConnections.workspaceId, owner.workspaceId),
        eq(cloudDriveConnections.userId, owner.userId),
        eq(cloudDriveConnections.provider, provider),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('CLOUD_DRIVE_NOT_CONNECTED', { values: [nameOf(provider)] });
  return row;
}

async function refreshed(db: Db, config: Config, row: CloudConnectionRow): Promise<string> {
  const provider = row.provider as CloudProviderId;
  if (!row.refreshTokenEncrypted) throw reconnect(provider);
  const grant = await tokenRequest(config, provider, {
    grant_type: 'refresh_token',
    refresh_token: decryptSecret(row.refreshTokenEncrypted, config.appSecret),
  });
  await db
    .update(cloudDriveConnections)
    .set({
      accessTokenEncrypted: encryptSecret(grant.accessToken, config.appSecret),
      // A refresh answer without a refresh token keeps the stored one (Dropbox, Google send none).
      ...(grant.refreshToken
        ? { refreshTokenEncrypted: encryptSecret(grant.refreshToken, config.appSecret) }
        : {}),
      expiresAt: grant.expiresAt,
      status: 'connected',
      updatedAt: new Date(),
    })
    .where(eq(cloudDriveConnections.id, row.id));
  return grant.accessToken;
}

/**
 * Runs `work` with a valid token of the connection: refreshed first when it is about to expire, and refreshed and
 * retried once when the provider answers 401. A refused refresh marks the connection expired: "connect again".
 */
export async function withAccess<T>(
  db: Db,
  config: Config,
  row: CloudConnectionRow,
  work: (call: ApiCall, token: string) => Promise<T>,
): Promise<T> {
  const provider = row.provider as CloudProviderId;
  try {
    if (row.status === 'expired') throw reconnect(provider);
    const due = row.expiresAt && row.expiresAt.getTime() < Date.now() + REFRESH_MARGIN_MS;
    let token = due
      ? await refreshed(db, config, row)
      : decryptSecret(row.accessTokenEncrypted, config.appSecret);
    try {
      return await work(apiCallWith(config, provider, token), token);
    } catch (error) {
      if (!(error instanceof CloudAuthError) || due) throw error;
      token = await refreshed(db, config, row);
      return await work(apiCallWith(config, provider, token), token);
    }
  } catch (error) {
    const refused =
      error instanceof CloudAuthError ||
      (error instanceof AppError && error.code === 'CLOUD_DRIVE_RECONNECT');
    if (!refused) throw error;
    await db
      .update(cloudDriveConnections)
      .set({ status: 'expired', updatedAt: new Date() })
      .where(eq(cloudDriveConnections.id, row.id));
    throw reconnect(provider);
  }
}
