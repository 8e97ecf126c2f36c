import { createHash, randomBytes } from 'node:crypto';
import type { OauthResultCode } from '@relaycast/shared/accounts';
import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { and, eq, lt } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { oauthStates, platformInstanceApps } from '../../db/schema/index';
import { addressPolicy } from '../../lib/address-policy';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { decryptSecret, encryptSecret } from '../../lib/secrets';
import { connectorSettings } from '../../platforms/registry';
import { type CallContext, type ConnectedIdentity, PlatformError } from '../../platforms/types';
import { checkUserGivenUrl } from '../../platforms/user-given-url';
import type { SocialAccount } from './account-credentials';
import { type AccountEvents, noAccountEvents } from './account-events';
import { connectorForConnect, PlanLimitError, saveConnectedAccount } from './accounts.service';
import {
  type ConnectThrough,
  checkBeforeConnect,
  connectProxyOf,
  openPendingProxy,
  type PendingProxy,
  saveConnectProxy,
  sealPendingProxy,
  withConnectContext,
} from './connect-proxy';

// Over 300 lines on purpose: the OAuth round trip (start, Mastodon's instance app, callback) reads as one flow.

/** How long a started authorization may take (state and verifier are refused afterwards). */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');

function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

/** Who starts a connection: the caller, in the workspace the account will belong to. */
type Starter = Pick<Caller, 'userId' | 'workspaceId'>;

/** A platform's refusal as a 4xx the user can act on; anything else is the platform being unreachable. */
export function platformFailure(error: unknown, platform: PlatformId): AppError {
  if (error instanceof AppError) return error;
  const name = PLATFORMS[platform].name;
  if (error instanceof PlatformError && (error.kind === 'refuse' || error.kind === 'reauthorize')) {
    return new AppError('PLATFORM_REFUSED', { values: [name, error.message] });
  }
  return new AppError('PLATFORM_UNREACHABLE', {
    message: `Could not reach ${name}. Please try again in a moment.`,
  });
}

async function storeState(
  db: Db,
  config: Config,
  starter: Starter,
  platform: PlatformId,
  input: { redirectUri: string; verifier?: string; instanceUrl?: string; proxy: PendingProxy | null },
) {
  const state = randomBytes(32).toString('base64url');
  await db.insert(oauthStates).values({
    stateHash: hashState(state),
    workspaceId: starter.workspaceId,
    userId: starter.userId,
    platform,
    codeVerifierEncrypted: input.verifier ? encryptSecret(input.verifier, config.appSecret) : null,
    redirectUri: input.redirectUri,
    instanceUrl: input.instanceUrl ?? null,
    proxyEncrypted: sealPendingProxy(input.proxy, config.appSecret),
    expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
  });
  return state;
}

/**
 * Starts an OAuth 2 authorization (PKCE when the connector uses it): the URL to send the browser to. A proxy
 * (given, or the reconnected account's) is checked now and kept in the state row for the code exchange.
 */
export async function startOAuth(
  db: Db,
  config: Config,
  starter: Starter,
  platform: PlatformId,
  through: ConnectThrough = {},
) {
  const connector = connectorForConnect(config, platform, 'oauth2');
  const settings = connectorSettings(config, platform);
  const proxy = await connectProxyOf(db, config, starter.workspaceId, platform, through);
  await checkBeforeConnect(config, proxy);
  const pkce = connector.capabilities.pkce ? pkcePair() : undefined;
  const state = await storeState(db, config, starter, platform, {
    redirectUri: settings.redirectUri,
    verifier: pkce?.verifier,
    proxy,
  });
  if (!connector.authorizationUrl) throw new Error(`${platform} connector has no authorizationUrl`);
  return {
    url: connector.authorizationUrl(
      { settings },
      { state, codeChallenge: pkce?.challenge, redirectUri: settings.redirectUri },
    ),
  };
}

/** The app registered on a Mastodon-like instance, registering it there the first time (through `ctx`). */
async function instanceApp(
  db: Db,
  config: Config,
  ctx: CallContext,
  platform: PlatformId,
  instanceUrl: string,
) {
  const connector = connectorForConnect(config, platform, 'instance-oauth2');
  const settings = connectorSettings(config, platform);
  const find = async () => {
    const [row] = await db
      .select()
      .from(platformInstanceApps)
      .where(
        and(
          eq(platformInstanceApps.platform, platform),
          eq(platformInstanceApps.instanceUrl, instanceUrl),
          eq(platformInstanceApps.redirectUri, settings.redirectUri),
        ),
      )
      .limit(1);
    return row;
  };
  const existing = await find();
  if (existing) {
    return {
      clientId: existing.clientId,
      clientSecret: decryptSecret(existing.clientSecretEncrypted, config.appSecret),
    };
  }
  if (!connector.registerApp) throw new Error(`${platform} connector has no registerApp`);
  const registered = await connector
    .registerApp(ctx, {
      instanceUrl,
      redirectUri: settings.redirectUri,
      appName: 'Relaycast',
      website: config.publicUrl,
    })
    .catch((error) => {
      throw platformFailure(error, platform);
    });
  // Two first connects at once may both register; the first stored app wins and is used by both.
  await db
    .insert(platformInstanceApps)
    .values({
      id: randomBytes(16).toString('base64url'),
      platform,
      instanceUrl,
      redirectUri: settings.redirectUri,
      clientId: registered.clientId,
      clientSecretEncrypted: encryptSecret(registered.clientSecret, config.appSecret),
    })
    .onConflictDoNothing();
  const stored = await find();
  if (!stored) throw new Error('instance app not stored');
  return {
    clientId: stored.clientId,
    clientSecret: decryptSecret(stored.clientSecretEncrypted, config.appSecret),
  };
}

/** Mastodon: checks the instance address, registers the app there once, and starts the authorization. */
export async function startInstanceOAuth(
  db: Db,
  config: Config,
  starter: Starter,
  platform: PlatformId,
  rawInstanceUrl: string,
  through: ConnectThrough = {},
) {
  const connector = connectorForConnect(config, platform, 'instance-oauth2');
  let instanceUrl: string;
  try {
    instanceUrl = await checkUserGivenUrl(rawInstanceUrl, addressPolicy(config.allowPrivateAddresses));
  } catch (error) {
    if (error instanceof PlatformError) {
      throw new AppError('PLATFORM_REFUSED', { message: error.message });
    }
    throw error;
  }
  const proxy = await connectProxyOf(db, config, starter.workspaceId, platform, through);
  await checkBeforeConnect(config, proxy);
  const app = await withConnectContext(config, platform, proxy, (ctx) =>
    instanceApp(db, config, ctx, platform, instanceUrl),
  );
  const settings = connectorSettings(config, platform);
  const pkce = connector.capabilities.pkce ? pkcePair() : undefined;
  const state = await storeState(db, config, starter, platform, {
    redirectUri: settings.redirectUri,
    verifier: pkce?.verifier,
    instanceUrl,
    proxy,
  });
  if (!connector.authorizationUrl) throw new Error(`${platform} connector has no authorizationUrl`);
  return {
    url: connector.authorizationUrl(
      { settings },
      {
        state,
        codeChallenge: pkce?.challenge,
        redirectUri: settings.redirectUri,
        instance: { url: instanceUrl, clientId: app.clientId },
      },
    ),
  };
}

/** Why a callback was refused: the code the page turns into a message, and the plan for limit messages. */
export class CallbackRefusal extends Error {
  constructor(
    public readonly code: Exclude<OauthResultCode, 'connected'>,
    public readonly planId?: string,
    /** What went wrong underneath (logged, never shown). */
    public readonly reason?: unknown,
  ) {
    super(code);
    this.name = 'CallbackRefusal';
  }
}

/**
 * The OAuth callback: the state must exist (it is deleted as it is read: single use), be unexpired, be for
 * this platform and have been started by this user in this workspace. Only then is the code exchanged (with
 * the PKCE verifier) and the account stored. Any refusal stores nothing.
 */
export async function completeOAuth(
  db: Db,
  config: Config,
  caller: Pick<Caller, 'userId' | 'workspaceId' | 'plan'> | null,
  platform: PlatformId,
  query: { code?: string; state?: string; error?: string },
  events: AccountEvents = noAccountEvents,
): Promise<SocialAccount> {
  if (!query.state) throw new CallbackRefusal('state_invalid');
  const [row] = await db
    .delete(oauthStates)
    .where(eq(oauthStates.stateHash, hashState(query.state)))
    .returning();
  if (!row || row.platform !== platform) throw new CallbackRefusal('state_invalid');
  if (row.expiresAt.getTime() < Date.now()) throw new CallbackRefusal('state_expired');
  if (!caller || caller.userId !== row.userId || caller.workspaceId !== row.workspaceId) {
    throw new CallbackRefusal('state_mismatch');
  }
  if (query.error || !query.code) throw new CallbackRefusal('denied');

  const method = row.instanceUrl ? 'instance-oauth2' : 'oauth2';
  let connector: ReturnType<typeof connectorForConnect>;
  try {
    connector = connectorForConnect(config, platform, method);
  } catch {
    throw new CallbackRefusal('not_configured');
  }
  const proxy = openPendingProxy(row.proxyEncrypted, config.appSecret);
  let identity: ConnectedIdentity;
  try {
    identity = await withConnectContext(config, platform, proxy, async (ctx) => {
      const instance = row.instanceUrl
        ? { url: row.instanceUrl, ...(await instanceApp(db, config, ctx, platform, row.instanceUrl)) }
        : undefined;
      if (!connector.exchangeCode) throw new Error(`${platform} connector has no exchangeCode`);
      return connector.exchangeCode(ctx, {
        code: query.code as string,
        codeVerifier: row.codeVerifierEncrypted
          ? decryptSecret(row.codeVerifierEncrypted, config.appSecret)
          : undefined,
        redirectUri: row.redirectUri,
        instance,
      });
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'PROXY_FAILED') {
      throw new CallbackRefusal('proxy_failed', undefined, error);
    }
    throw new CallbackRefusal('exchange_failed', undefined, error);
  }
  try {
    return await saveConnectedAccount(
      db,
      config,
      {
        workspace: { id: caller.workspaceId, plan: caller.plan },
        userId: caller.userId,
        platform,
        instanceUrl: row.instanceUrl ?? undefined,
        identity,
        alsoSave: proxy ? (tx, account) => saveConnectProxy(tx, config, account, proxy) : undefined,
      },
      events,
    );
  } catch (error) {
    if (error instanceof PlanLimitError) {
      throw new CallbackRefusal(
        error.code === 'ACCOUNT_LIMIT' ? 'total_limit' : 'platform_limit',
        error.planId,
      );
    }
    throw error;
  }
}

/** Removes authorizations that were started and never finished. */
export async function deleteExpiredStates(db: Db) {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
}
