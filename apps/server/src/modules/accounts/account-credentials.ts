import { PLATFORM_IDS, type PlatformId } from '@relaycast/shared/platforms';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { socialAccounts } from '../../db/schema/index';
import { decryptSecret, encryptSecret } from '../../lib/secrets';
import { connectorFor, hasConnector } from '../../platforms/registry';
import {
  type AccountCredentials,
  type CallContext,
  PlatformError,
  type TokenSet,
} from '../../platforms/types';
import { accountCallContext, callContextWith, readAccountForCall } from './account-call-context';

/**
 * The one way the rest of the server (publishing engine, engagement) reaches a connected account's secrets:
 * decrypted for the duration of a call, refreshed first when they are about to expire, and the account marked
 * "needs reconnect" when the platform refuses them.
 */

export type SocialAccount = typeof socialAccounts.$inferSelect;

/** Refresh when the access token expires within this window (the contract: 5 minutes). */
export const REFRESH_BEFORE_EXPIRY_MS = 5 * 60 * 1000;

/** The account with this id in this workspace, or null (another workspace's id is "not found"). */
export async function loadAccount(
  db: Db,
  workspaceId: string,
  accountId: string,
): Promise<SocialAccount | null> {
  const [row] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.workspaceId, workspaceId)))
    .limit(1);
  return row ?? null;
}

/** Read before every platform call (publishing, engagement): prepared once per database. */
const accountByIdStatement = perDatabase((db) =>
  db
    .select()
    .from(socialAccounts)
    .where(eq(socialAccounts.id, sql.placeholder('accountId')))
    .limit(1)
    .prepare('relaycast_account_by_id'),
);

async function loadAccountById(db: Db, accountId: string): Promise<SocialAccount | null> {
  const [row] = await accountByIdStatement(db).execute({ accountId });
  return row ?? null;
}

/** The decrypted credentials of a stored account (throws 'reauthorize' when it holds none). */
export function credentialsOf(account: SocialAccount, appSecret: string): AccountCredentials {
  if (!account.accessTokenEncrypted) {
    throw new PlatformError('reauthorize', 'The account is not connected; reconnect it.');
  }
  const credentials: AccountCredentials = {
    accessToken: decryptSecret(account.accessTokenEncrypted, appSecret),
    platformAccountId: account.platformAccountId,
    meta: { ...account.meta },
    secrets: account.secretsEncrypted
      ? (JSON.parse(decryptSecret(account.secretsEncrypted, appSecret)) as Record<string, string>)
      : {},
  };
  if (account.refreshTokenEncrypted) {
    credentials.refreshToken = decryptSecret(account.refreshTokenEncrypted, appSecret);
  }
  if (account.expiresAt) credentials.expiresAt = account.expiresAt;
  return credentials;
}

/**
 * The columns to write for a token set. A token set without a refresh token keeps the stored one (never
 * overwritten with an empty value); secrets and meta are merged into what is stored.
 */
export function tokenColumns(
  tokens: TokenSet,
  appSecret: string,
  previous?: Pick<AccountCredentials, 'secrets' | 'meta'>,
) {
  const secrets = { ...previous?.secrets, ...tokens.secrets };
  return {
    accessTokenEncrypted: encryptSecret(tokens.accessToken, appSecret),
    ...(tokens.refreshToken ? { refreshTokenEncrypted: encryptSecret(tokens.refreshToken, appSecret) } : {}),
    secretsEncrypted:
      Object.keys(secrets).length > 0 ? encryptSecret(JSON.stringify(secrets), appSecret) : null,
    expiresAt: tokens.expiresAt ?? null,
    meta: { ...previous?.meta, ...tokens.meta },
    ...(tokens.scopes ? { scopes: tokens.scopes } : {}),
  };
}

/** Platforms whose tokens can be refreshed without the user (some with a refresh token, Threads with the token itself). */
function refreshablePlatforms(): PlatformId[] {
  return PLATFORM_IDS.filter(
    (platform) => hasConnector(platform) && connectorFor(platform).capabilities.refresh,
  );
}

function isDueForRefresh(account: SocialAccount, withinMs: number, now = Date.now()): boolean {
  return (
    account.expiresAt !== null &&
    account.expiresAt.getTime() - now <= withinMs &&
    refreshablePlatforms().includes(account.platform as PlatformId)
  );
}

/**
 * Marks the account "needs reconnect" with the reason. Returns true when this call started the failure
 * episode (the account was connected until now): the sweep then e-mails the workspace owner once.
 */
export async function markNeedsReconnect(db: Db, accountId: string, reason: string): Promise<boolean> {
  const changed = await db
    .update(socialAccounts)
    .set({ status: 'needs_reconnect', lastError: reason, updatedAt: new Date() })
    .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.status, 'connected')))
    .returning({ id: socialAccounts.id });
  if (changed.length === 0) {
    await db
      .update(socialAccounts)
      .set({ lastError: reason, updatedAt: new Date() })
      .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.status, 'needs_reconnect')));
  }
  return changed.length > 0;
}

/** Whether the stored row holds other tokens than the copy a caller read (someone refreshed meanwhile). */
function hasNewTokens(stored: SocialAccount, seen: SocialAccount): boolean {
  return (
    stored.refreshTokenEncrypted !== seen.refreshTokenEncrypted ||
    stored.accessTokenEncrypted !== seen.accessTokenEncrypted
  );
}

/** Refreshes in flight in this process, per account: concurrent callers share one platform call. */
const refreshesInFlight = new Map<string, Promise<SocialAccount>>();

async function refreshOnce(db: Db, config: Config, seen: SocialAccount): Promise<SocialAccount> {
  const connector = connectorFor(seen.platform as PlatformId);
  if (!connector.refresh || !connector.capabilities.refresh) return seen;
  // The caller's copy may be stale: when the stored refresh token changed since, someone else refreshed.
  const account = await loadAccountById(db, seen.id);
  if (account?.status !== 'connected') {
    throw new PlatformError('reauthorize', 'The account is no longer connected.');
  }
  if (hasNewTokens(account, seen)) return account;
  const credentials = credentialsOf(account, config.appSecret);
  let tokens: TokenSet;
  try {
    // Through the account's proxy, like every other call of the account (docs/proxies.md).
    tokens = await connector.refresh(await accountCallContext(db, config, account), credentials);
  } catch (error) {
    // Another process may have refreshed (and rotated the refresh token) meanwhile: our old token was then
    // refused. The row tells: if it changed, use it rather than declaring the account lost.
    const current = await loadAccountById(db, account.id);
    if (
      current &&
      current.status === 'connected' &&
      current.accessTokenEncrypted !== null &&
      hasNewTokens(current, account)
    ) {
      return current;
    }
    throw error;
  }
  const [updated] = await db
    .update(socialAccounts)
    .set({
      ...tokenColumns(tokens, config.appSecret, credentials),
      lastSyncAt: new Date(),
      lastError: null,
      updatedAt: new Date(),
    })
    .where(and(eq(socialAccounts.id, account.id), eq(socialAccounts.status, 'connected')))
    .returning();
  if (!updated) throw new PlatformError('reauthorize', 'The account was disconnected meanwhile.');
  return updated;
}

/**
 * Refreshes the account's tokens now (one platform call per account per process at a time). A refusal marks
 * the account "needs reconnect" and rethrows.
 */
export async function refreshAccount(db: Db, config: Config, account: SocialAccount): Promise<SocialAccount> {
  let pending = refreshesInFlight.get(account.id);
  if (!pending) {
    pending = refreshOnce(db, config, account).finally(() => refreshesInFlight.delete(account.id));
    refreshesInFlight.set(account.id, pending);
  }
  try {
    return await pending;
  } catch (error) {
    if (error instanceof PlatformError && error.kind === 'reauthorize') {
      await markNeedsReconnect(db, account.id, error.message);
    }
    throw error;
  }
}

/**
 * Runs `call` with the account's decrypted credentials and its call context (its connector settings and, when
 * it has a proxy, the fetch through it: account-call-context.ts), refreshing the credentials first when the
 * access token expires within 5 minutes. A PlatformError 'reauthorize' (from the refresh or the call) marks the
 * account "needs reconnect" and is rethrown; so is an account that is not connected.
 */
export async function withFreshCredentials<T>(
  db: Db,
  config: Config,
  accountId: string,
  call: (credentials: AccountCredentials, ctx: CallContext) => Promise<T>,
): Promise<T> {
  const [row] = await readAccountForCall(db, accountId);
  if (!row) throw new PlatformError('reauthorize', 'The account no longer exists.');
  let account = row.account;
  if (account.status !== 'connected') {
    throw new PlatformError(
      'reauthorize',
      account.status === 'disconnected'
        ? 'The account was disconnected; reconnect it.'
        : `The account needs reconnecting${account.lastError ? `: ${account.lastError}` : '.'}`,
    );
  }
  if (isDueForRefresh(account, REFRESH_BEFORE_EXPIRY_MS)) account = await refreshAccount(db, config, account);
  try {
    return await call(
      credentialsOf(account, config.appSecret),
      callContextWith(db, config, account, row.proxy ?? null),
    );
  } catch (error) {
    if (error instanceof PlatformError && error.kind === 'reauthorize') {
      await markNeedsReconnect(db, account.id, error.message);
    }
    throw error;
  }
}

/**
 * Claims up to `limit` connected accounts whose tokens expire within `withinMs` for this process (so several
 * processes never refresh one account at once), for `claimMs`.
 */
export async function claimAccountsDueForRefresh(
  db: Db,
  withinMs: number,
  claimMs = 2 * 60 * 1000,
  limit = 50,
): Promise<SocialAccount[]> {
  const platforms = refreshablePlatforms();
  if (platforms.length === 0) return [];
  const horizon = new Date(Date.now() + withinMs);
  const claimUntil = new Date(Date.now() + claimMs);
  return db
    .update(socialAccounts)
    .set({ refreshClaimedUntil: claimUntil })
    .where(
      sql`${socialAccounts.id} in (
        select ${socialAccounts.id} from ${socialAccounts}
        where ${socialAccounts.status} = 'connected'
          and ${inArray(socialAccounts.platform, platforms)}
          and ${socialAccounts.expiresAt} <= ${horizon.toISOString()}::timestamptz
          and (${socialAccounts.refreshClaimedUntil} is null or ${socialAccounts.refreshClaimedUntil} < now())
        order by ${socialAccounts.expiresAt}
        limit ${limit}
        for update skip locked
      )`,
    )
    .returning();
}
