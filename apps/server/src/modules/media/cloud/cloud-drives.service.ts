import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  CLOUD_PROVIDER_IDS,
  CLOUD_PROVIDERS,
  type CloudBrowse,
  type CloudImport,
  type CloudProviderId,
  type CloudProviderState,
} from '@relaycast/shared/cloud-drives';
import type { MediaImport } from '@relaycast/shared/media-imports';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../../config/env';
import type { Db } from '../../../db/client';
import { cloudDriveConnections, oauthStates } from '../../../db/schema/index';
import { AppError } from '../../../lib/app-error';
import type { JobSender } from '../../../lib/job-queue';
import { decryptSecret, encryptSecret } from '../../../lib/secrets';
import { authorizationCodeUrl } from '../../../platforms/oauth';
import { OAUTH_STATE_TTL_MS } from '../../accounts/accounts-oauth';
import { queueMediaImports } from '../media-imports.service';
import { apiCallWith, appKeysOf, connectionOf, tokenRequest, withAccess } from './cloud-connections';
import { atBase, CLOUD_ADAPTERS } from './cloud-providers';

/**
 * Cloud import's routes' work (docs/media-import.md, decision 0105): the providers and the caller's connections,
 * the OAuth round trip (its state kept in `oauth_states` under `cloud:<provider>`, as account connections keep
 * theirs), browsing through an adapter, and imports queued as `media_imports` rows with their source.
 */

type Owner = { workspaceId: string; userId: string };

const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');
const stateKind = (provider: CloudProviderId) => `cloud:${provider}`;

export const cloudRedirectUri = (publicUrl: string, provider: CloudProviderId) =>
  `${publicUrl}/api/media/cloud/${provider}/callback`;

export async function listCloudProviders(
  db: Db,
  config: Config,
  owner: Owner,
): Promise<CloudProviderState[]> {
  const rows = await db
    .select()
    .from(cloudDriveConnections)
    .where(
      and(
        eq(cloudDriveConnections.workspaceId, owner.workspaceId),
        eq(cloudDriveConnections.userId, owner.userId),
      ),
    );
  return CLOUD_PROVIDER_IDS.map((id) => {
    const settings = config.cloudDrives[id];
    const row = rows.find((candidate) => candidate.provider === id);
    return {
      id,
      name: CLOUD_PROVIDERS[id].name,
      configured: Boolean(settings.clientId && settings.clientSecret),
      envVars: [...CLOUD_PROVIDERS[id].envVars],
      connection: row
        ? { accountName: row.accountName, status: row.status, connectedAt: row.createdAt.toISOString() }
        : null,
    };
  });
}

/** The authorize URL to send the browser to (PKCE for Canva); the state is single use and lasts ten minutes. */
export async function startCloudConnect(
  db: Db,
  config: Config,
  owner: Owner,
  provider: CloudProviderId,
): Promise<{ url: string }> {
  const keys = appKeysOf(config, provider);
  const adapter = CLOUD_ADAPTERS[provider];
  const state = randomBytes(32).toString('base64url');
  const verifier = adapter.pkce ? randomBytes(32).toString('base64url') : undefined;
  const redirectUri = cloudRedirectUri(config.publicUrl, provider);
  await db.insert(oauthStates).values({
    stateHash: hashState(state),
    workspaceId: owner.workspaceId,
    userId: owner.userId,
    platform: stateKind(provider),
    codeVerifierEncrypted: verifier ? encryptSecret(verifier, config.appSecret) : null,
    redirectUri,
    expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
  });
  const url = authorizationCodeUrl(atBase(adapter.authorizeUrl, keys.baseUrl), {
    clientId: keys.clientId,
    redirectUri,
    scopes: adapter.scopes,
    state,
    codeChallenge: verifier ? createHash('sha256').update(verifier).digest('base64url') : undefined,
    extra: adapter.extraAuthorize,
  });
  return { url };
}

/**
 * The callback: the state must be this provider's, unexpired and started by this member in this workspace; then
 * the code is exchanged and the connection stored (replacing the member's earlier one). Answers the outcome word
 * the media library shows.
 */
export async function completeCloudConnect(
  db: Db,
  config: Config,
  caller: Owner | null,
  provider: CloudProviderId,
  query: { code?: string; state?: string; error?: string },
): Promise<'connected' | 'failed'> {
  if (!query.state) return 'failed';
  const [row] = await db
    .delete(oauthStates)
    .where(eq(oauthStates.stateHash, hashState(query.state)))
    .returning();
  if (!row || row.platform !== stateKind(provider) || row.expiresAt.getTime() < Date.now()) return 'failed';
  if (!caller || caller.userId !== row.userId || caller.workspaceId !== row.workspaceId) return 'failed';
  if (query.error || !query.code) return 'failed';
  const grant = await tokenRequest(config, provider, {
    grant_type: 'authorization_code',
    code: query.code,
    redirect_uri: row.redirectUri,
    ...(row.codeVerifierEncrypted
      ? { code_verifier: decryptSecret(row.codeVerifierEncrypted, config.appSecret) }
      : {}),
  });
  const accountName = await CLOUD_ADAPTERS[provider]
    .accountName(apiCallWith(config, provider, grant.accessToken))
    .catch(() => '');
  const values = {
    accountName,
    status: 'connected' as const,
    accessTokenEncrypted: encryptSecret(grant.accessToken, config.appSecret),
    refreshTokenEncrypted: grant.refreshToken ? encryptSecret(grant.refreshToken, config.appSecret) : null,
    expiresAt: grant.expiresAt,
    updatedAt: new Date(),
  };
  await db
    .insert(cloudDriveConnections)
    .values({ id: randomUUID(), workspaceId: row.workspaceId, userId: row.userId, provider, ...values })
    .onConflictDoUpdate({
      target: [
        cloudDriveConnections.workspaceId,
        cloudDriveConnections.userId,
        cloudDriveConnections.provider,
      ],
      set: { ...values, createdAt: new Date() },
    });
  return 'connected';
}

/** Forgets the member's connection (its imports still running fail: "connect first"). */
export async function disconnectCloud(db: Db, owner: Owner, provider: CloudProviderId): Promise<void> {
  const row = await connectionOf(db, owner, provider);
  await db.delete(cloudDriveConnections).where(eq(cloudDriveConnections.id, row.id));
}

export async function browseCloud(
  db: Db,
  config: Config,
  owner: Owner,
  provider: CloudProviderId,
  folder: string | undefined,
): Promise<CloudBrowse> {
  appKeysOf(config, provider);
  const row = await connectionOf(db, owner, provider);
  const items = await withAccess(db, config, row, (call) =>
    CLOUD_ADAPTERS[provider].list(call, folder || undefined),
  );
  return { folder: folder || null, items };
}

/** Queues one `media-import` per chosen file, with the member's connection; the job fetches it (cloud-fetch.ts). */
export async function importFromCloud(
  db: Db,
  config: Config,
  queue: Pick<JobSender, 'send'>,
  owner: Owner,
  provider: CloudProviderId,
  body: CloudImport,
): Promise<MediaImport[]> {
  appKeysOf(config, provider);
  const row = await connectionOf(db, owner, provider);
  if (row.status === 'expired') {
    throw new AppError('CLOUD_DRIVE_RECONNECT', { values: [CLOUD_PROVIDERS[provider].name] });
  }
  return queueMediaImports(
    db,
    queue,
    owner,
    body.files.map((file) => ({
      url: `${provider}:${file.id}`,
      source: {
        provider,
        fileId: file.id,
        // A Canva design is named after its export (its title has no extension).
        name: provider === 'canva' ? `${file.name}.${file.format ?? 'png'}` : file.name,
        ...(provider === 'canva' ? { format: file.format ?? 'png' } : {}),
      },
      cloudConnectionId: row.id,
    })),
  );
}
