import {
  type AccountProxy,
  type accountProxyInputSchema,
  type connectProxyCheckInputSchema,
  PROXY_MESSAGES,
  type ProxyCheckResult,
  type proxyCheckInputSchema,
} from '@relaycast/shared/proxies';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { accountProxies } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { ProxyEndpoint } from '../../lib/proxy-connect';
import { encryptSecret } from '../../lib/secrets';
import {
  type AccountProxyRow,
  endpointOf,
  forgetProxyAgent,
  loadProxyRow,
  markProxyDown,
  markProxyWorking,
} from '../accounts/account-call-context';
import { requireAccount } from '../accounts/accounts.service';
import { assertAllowedHost, checkEndpoint, isSameProxy, keepsStoredPassword } from '../accounts/proxy-check';

/** An account's proxy: set, replace (confirmed), remove, check (docs/proxies.md, decision 0084). */

type ProxyInput = z.output<typeof accountProxyInputSchema>;
type ProxyCheckInput = z.output<typeof proxyCheckInputSchema>;

/** What the browser sees of a stored proxy: never the password, only whether one is stored. */
export function toProxyDto(row: AccountProxyRow): AccountProxy {
  return {
    accountId: row.accountId,
    type: row.type,
    host: row.host,
    port: row.port,
    username: row.username,
    hasPassword: row.passwordEncrypted !== null,
    status: row.status,
    lastError: row.lastError,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    egressAddress: row.egressAddress,
  };
}

export async function listProxies(db: Db, workspaceId: string): Promise<AccountProxy[]> {
  const rows = await db.select().from(accountProxies).where(eq(accountProxies.workspaceId, workspaceId));
  return rows.map(toProxyDto);
}

function passwordColumn(
  input: ProxyInput,
  existing: AccountProxyRow | null,
  appSecret: string,
): string | null {
  if (keepsStoredPassword(existing, input)) return existing.passwordEncrypted;
  return input.password ? encryptSecret(input.password, appSecret) : null;
}

/**
 * Sets the account's proxy. Replacing another one needs `replace: true` (the user confirmed that the address
 * the platform sees changes). Another workspace's account is a 404.
 */
export async function saveProxy(
  db: Db,
  config: Config,
  workspaceId: string,
  accountId: string,
  input: ProxyInput,
): Promise<AccountProxy> {
  await requireAccount(db, workspaceId, accountId);
  const existing = await loadProxyRow(db, accountId);
  if (existing && isSameProxy(existing, input)) return toProxyDto(existing);
  if (existing && !input.replace) {
    throw new AppError('CONFLICT', { message: PROXY_MESSAGES.confirmChange });
  }
  await assertAllowedHost(config, input.host, input.port);
  const now = new Date();
  const columns = {
    type: input.type,
    host: input.host,
    port: input.port,
    username: input.username,
    passwordEncrypted: passwordColumn(input, existing, config.appSecret),
    status: 'unchecked' as const,
    lastError: null,
    failedAt: null,
    checkedAt: null,
    egressAddress: null,
    updatedAt: now,
  };
  const [row] = await db
    .insert(accountProxies)
    .values({ accountId, workspaceId, ...columns })
    .onConflictDoUpdate({ target: accountProxies.accountId, set: columns })
    .returning();
  if (!row) throw new AppError('INTERNAL_ERROR');
  return toProxyDto(row);
}

/** Removes the account's proxy: its calls go out directly again. */
export async function removeProxy(db: Db, workspaceId: string, accountId: string): Promise<void> {
  await requireAccount(db, workspaceId, accountId);
  const removed = await db
    .delete(accountProxies)
    .where(and(eq(accountProxies.accountId, accountId), eq(accountProxies.workspaceId, workspaceId)))
    .returning({ accountId: accountProxies.accountId });
  if (removed.length === 0) throw new AppError('NOT_FOUND', { message: PROXY_MESSAGES.noProxy });
  forgetProxyAgent(accountId);
}

/** The values to check: those on screen over the stored ones (the stored password when none is typed). */
function endpointToCheck(
  input: ProxyCheckInput,
  stored: AccountProxyRow | null,
  appSecret: string,
): { endpoint: ProxyEndpoint; isStored: boolean } {
  const storedEndpoint = stored ? endpointOf(stored, appSecret) : null;
  if (!input.type && !input.host && !input.port) {
    if (!storedEndpoint) throw new AppError('NOT_FOUND', { message: PROXY_MESSAGES.noProxy });
    return { endpoint: storedEndpoint, isStored: true };
  }
  if (!input.type || !input.host || !input.port) {
    throw new AppError('VALIDATION_ERROR', { message: PROXY_MESSAGES.hostRequired });
  }
  const endpoint: ProxyEndpoint = {
    type: input.type,
    host: input.host,
    port: input.port,
    username: input.username ?? '',
    password: keepsStoredPassword(stored, input) ? storedEndpoint?.password : input.password || undefined,
  };
  const isStored =
    stored !== null &&
    stored.type === endpoint.type &&
    stored.host === endpoint.host &&
    stored.port === endpoint.port &&
    stored.username === endpoint.username &&
    input.password === undefined;
  return { endpoint, isStored };
}

/**
 * "Check proxy": the stored proxy, or the values on screen before they are saved. A check of the stored proxy
 * also records its state (a passing check ends the account's pause; a failing one starts it).
 */
export async function checkAccountProxy(
  db: Db,
  config: Config,
  workspaceId: string,
  accountId: string,
  input: ProxyCheckInput,
): Promise<ProxyCheckResult> {
  await requireAccount(db, workspaceId, accountId);
  const stored = await loadProxyRow(db, accountId);
  const { endpoint, isStored } = endpointToCheck(input, stored, config.appSecret);
  await assertAllowedHost(config, endpoint.host, endpoint.port);
  const result = await checkEndpoint(config, endpoint);
  if (isStored) {
    if (result.ok) await markProxyWorking(db, accountId, result.egressAddress);
    else await markProxyDown(db, accountId, result.message);
  }
  return result;
}

/**
 * "Check proxy" in the connect flow (docs/decisions/0098-proxy-at-connection.md): the values on screen, or with
 * `{ accountId }` alone the stored proxy of the account being reconnected. Records nothing.
 */
export async function checkProxyBeforeConnect(
  db: Db,
  config: Config,
  workspaceId: string,
  input: z.output<typeof connectProxyCheckInputSchema>,
): Promise<ProxyCheckResult> {
  const { accountId, ...values } = input;
  if (accountId) await requireAccount(db, workspaceId, accountId);
  const stored = accountId ? await loadProxyRow(db, accountId) : null;
  const { endpoint } = endpointToCheck(values, stored, config.appSecret);
  await assertAllowedHost(config, endpoint.host, endpoint.port);
  return checkEndpoint(config, endpoint);
}
