import type { PlatformId } from '@relaycast/shared/platforms';
import { type connectThroughSchema, PROXY_MESSAGES } from '@relaycast/shared/proxies';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { accountProxies } from '../../db/schema/index';
import { addressPolicy } from '../../lib/address-policy';
import { AppError } from '../../lib/app-error';
import {
  createProxyAgent,
  type ProxyEndpoint,
  type ProxyFailure,
  proxyFailureOf,
} from '../../lib/proxy-connect';
import { decryptSecret, encryptSecret } from '../../lib/secrets';
import { connectorSettings } from '../../platforms/registry';
import type { CallContext } from '../../platforms/types';
import { endpointOf, loadProxyRow } from './account-call-context';
import { requireAccount } from './accounts.service';
import { assertAllowedHost, checkEndpoint, isSameProxy, keepsStoredPassword } from './proxy-check';

/**
 * Connecting an account through a proxy (docs/decisions/0098-proxy-at-connection.md, docs/proxies.md): the proxy
 * given in the connect flow, or the stored proxy of the account being reconnected, is checked first, then every
 * request of the connection (OAuth code exchange and profile, Bluesky sign-in, Mastodon app registration and
 * token exchange) goes through it with the same connector as an account's calls (lib/proxy-connect.ts), and it
 * is saved onto the account that results. A proxy that fails refuses the connection: nothing goes out directly.
 */

export type ConnectThrough = z.output<typeof connectThroughSchema>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The proxy a pending connection goes through, kept server-side only (encrypted in its OAuth state row). */
export interface PendingProxy {
  endpoint: ProxyEndpoint;
  /** The account being reconnected, if any. */
  accountId: string | null;
  /** The user confirmed that this proxy replaces the reconnected account's stored one. */
  replace: boolean;
}

/**
 * Which proxy a connection goes through: the one given now, else the reconnected account's stored one, else none
 * (direct). Another workspace's account is a 404; changing a reconnected account's proxy needs `replace`.
 */
export async function connectProxyOf(
  db: Db,
  config: Config,
  workspaceId: string,
  platform: PlatformId,
  through: ConnectThrough = {},
): Promise<PendingProxy | null> {
  const accountId = through.accountId ?? null;
  if (accountId) {
    const account = await requireAccount(db, workspaceId, accountId);
    if (account.platform !== platform) {
      throw new AppError('VALIDATION_ERROR', { message: PROXY_MESSAGES.wrongAccount });
    }
  }
  const stored = accountId ? await loadProxyRow(db, accountId) : null;
  const given = through.proxy;
  if (!given)
    return stored ? { endpoint: endpointOf(stored, config.appSecret), accountId, replace: false } : null;
  if (stored && !isSameProxy(stored, given) && !given.replace) {
    throw new AppError('CONFLICT', { message: PROXY_MESSAGES.confirmChange });
  }
  await assertAllowedHost(config, given.host, given.port);
  const password = keepsStoredPassword(stored, given)
    ? endpointOf(stored, config.appSecret).password
    : given.password || undefined;
  return {
    endpoint: { type: given.type, host: given.host, port: given.port, username: given.username, password },
    accountId,
    replace: Boolean(given.replace),
  };
}

/** "Check proxy" before anything of the connection goes out: a proxy that does not work refuses it. */
export async function checkBeforeConnect(config: Config, pending: PendingProxy | null): Promise<void> {
  if (!pending) return;
  const result = await checkEndpoint(config, pending.endpoint);
  if (!result.ok) throw new AppError('PROXY_FAILED', { values: [result.message] });
}

export function sealPendingProxy(pending: PendingProxy | null, appSecret: string): string | null {
  return pending ? encryptSecret(JSON.stringify(pending), appSecret) : null;
}

export function openPendingProxy(sealed: string | null, appSecret: string): PendingProxy | null {
  return sealed ? (JSON.parse(decryptSecret(sealed, appSecret)) as PendingProxy) : null;
}

/**
 * Runs connect-time platform calls with a context whose fetch goes through the pending proxy (none: the plain
 * context). A failure of the proxy, whatever the connector made of it, is a PROXY_FAILED: nothing was sent.
 */
export async function withConnectContext<T>(
  config: Config,
  platform: PlatformId,
  pending: PendingProxy | null,
  run: (ctx: CallContext) => Promise<T>,
): Promise<T> {
  const settings = connectorSettings(config, platform);
  if (!pending) return run({ settings });
  const agent = createProxyAgent(pending.endpoint, addressPolicy(config.allowPrivateAddresses));
  let failure: ProxyFailure | undefined;
  const proxied: typeof fetch = async (input, init) => {
    try {
      return await fetch(input, { ...init, dispatcher: await agent } as RequestInit);
    } catch (error) {
      failure ??= proxyFailureOf(error);
      throw error;
    }
  };
  try {
    return await run({ settings, fetch: proxied, viaProxy: true });
  } catch (error) {
    if (failure) {
      throw new AppError('PROXY_FAILED', { values: [PROXY_MESSAGES.checkFailed(failure.message)] });
    }
    throw error;
  } finally {
    void agent.then((opened) => opened.close()).catch(() => undefined);
  }
}

/**
 * Saves the connection's proxy onto the account it made, in the transaction that stores the account: the
 * account's stored proxy is kept unless it is this one (now known working) or the user confirmed the change.
 */
export async function saveConnectProxy(
  tx: Tx,
  config: Config,
  account: { id: string; workspaceId: string },
  pending: PendingProxy,
): Promise<void> {
  const [existing] = await tx
    .select()
    .from(accountProxies)
    .where(eq(accountProxies.accountId, account.id))
    .limit(1);
  const { endpoint } = pending;
  const now = new Date();
  const working = {
    status: 'working' as const,
    lastError: null,
    failedAt: null,
    checkedAt: now,
    updatedAt: now,
  };
  const isSame =
    existing !== undefined &&
    existing.type === endpoint.type &&
    existing.host === endpoint.host &&
    existing.port === endpoint.port &&
    existing.username === (endpoint.username ?? '') &&
    endpointOf(existing, config.appSecret).password === endpoint.password;
  if (existing && !isSame && !(pending.replace && pending.accountId === account.id)) return;
  const columns = {
    type: endpoint.type,
    host: endpoint.host,
    port: endpoint.port,
    username: endpoint.username ?? '',
    passwordEncrypted: endpoint.password ? encryptSecret(endpoint.password, config.appSecret) : null,
    ...working,
    ...(isSame ? {} : { egressAddress: null }),
  };
  if (isSame) {
    await tx.update(accountProxies).set(working).where(eq(accountProxies.accountId, account.id));
    return;
  }
  await tx
    .insert(accountProxies)
    .values({ accountId: account.id, workspaceId: account.workspaceId, ...columns })
    .onConflictDoUpdate({ target: accountProxies.accountId, set: columns });
}
