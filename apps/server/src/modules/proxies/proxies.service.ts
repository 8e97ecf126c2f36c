import {
  type AccountProxy,
  type accountProxyInputSchema,
  PROXY_MESSAGES,
  type ProxyCheckResult,
  type proxyCheckInputSchema,
} from '@relaycast/shared/proxies';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { accountProxies } from '../../db/schema/index';
import {
  addressPolicy,
  checkHost,
  PrivateAddressError,
  UnresolvableHostError,
} from '../../lib/address-policy';
import { AppError } from '../../lib/app-error';
import { createProxyAgent, type ProxyEndpoint, proxyFailureOf } from '../../lib/proxy-connect';
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

/** The friendly early refusal of a proxy inside the server's network; connections check it again. */
async function assertAllowedHost(config: Config, host: string, port: number): Promise<void> {
  try {
    await checkHost(host, port, addressPolicy(config.allowPrivateAddresses));
  } catch (error) {
    if (error instanceof PrivateAddressError)
      throw new AppError('PRIVATE_ADDRESS', { values: [error.address] });
    if (error instanceof UnresolvableHostError) {
      throw new AppError('VALIDATION_ERROR', { message: error.message });
    }
    throw error;
  }
}

function isSameProxy(row: AccountProxyRow, input: ProxyInput): boolean {
  return (
    row.type === input.type &&
    row.host === input.host &&
    row.port === input.port &&
    row.username === input.username &&
    input.password === undefined
  );
}

/**
 * Whether a stored password may go with these values: only to the same proxy server (type, host and port).
 * A password is never sent to another server than the one the user gave it for.
 */
function keepsStoredPassword(
  stored: AccountProxyRow | null,
  input: { type?: string; host?: string; port?: number; password?: string },
): stored is AccountProxyRow {
  return (
    stored !== null &&
    input.password === undefined &&
    stored.type === input.type &&
    stored.host === input.host &&
    stored.port === input.port
  );
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

/** The address an echo answered: JSON `ip` / `origin` / `address`, or a plain-text address. */
export function egressAddressOf(body: string): string | null {
  const text = body.trim();
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    for (const key of ['ip', 'origin', 'address']) {
      const value = parsed?.[key];
      if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 100);
    }
    return null;
  } catch {
    return /^[0-9a-f:.]{2,45}$/i.test(text) ? text : null;
  }
}

const CHECK_TIMEOUT_MS = 15_000;

/** Requests the address echo (config.proxyCheckUrl) through the proxy: whether it works, and the address seen. */
export async function checkEndpoint(config: Config, endpoint: ProxyEndpoint): Promise<ProxyCheckResult> {
  const agent = await createProxyAgent(endpoint, addressPolicy(config.allowPrivateAddresses));
  const started = performance.now();
  try {
    const response = await fetch(config.proxyCheckUrl, {
      dispatcher: agent,
      headers: { accept: 'application/json, text/plain;q=0.9' },
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    } as RequestInit);
    const body = (await response.text()).slice(0, 10_000);
    const latencyMs = Math.round(performance.now() - started);
    if (!response.ok) {
      return {
        ok: false,
        egressAddress: null,
        latencyMs,
        message: PROXY_MESSAGES.checkAnswer(response.status),
      };
    }
    return { ok: true, egressAddress: egressAddressOf(body), latencyMs, message: PROXY_MESSAGES.works };
  } catch (error) {
    const failure = proxyFailureOf(error);
    const cause = (error as { cause?: { message?: string } }).cause;
    const reason = failure?.message ?? cause?.message ?? (error as Error).message;
    return { ok: false, egressAddress: null, latencyMs: null, message: PROXY_MESSAGES.checkFailed(reason) };
  } finally {
    void agent.close().catch(() => undefined);
  }
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
