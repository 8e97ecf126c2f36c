import type { Socket } from 'node:net';
import type { PlatformId } from '@relaycast/shared/platforms';
import { PROXY_MESSAGES } from '@relaycast/shared/proxies';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Agent } from 'undici';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { accountProxies, socialAccounts } from '../../db/schema/index';
import { type AddressPolicy, addressPolicy } from '../../lib/address-policy';
import {
  createProxyAgent,
  openTunnel,
  type ProxyEndpoint,
  ProxyFailure,
  proxyFailureOf,
} from '../../lib/proxy-connect';
import { decryptSecret } from '../../lib/secrets';
import { connectorSettings } from '../../platforms/registry';
import type { CallContext } from '../../platforms/types';

/**
 * The one place an account's call context is built (docs/proxies.md): its connector settings and, when the
 * account has a proxy, a fetch whose every connection goes through it. Publishing, analytics, engagement,
 * stream viewers and token refresh all get their context here, through withFreshCredentials
 * (modules/accounts/account-credentials.ts). A failure of the proxy pauses the account: its calls are refused
 * at once, without a connection, for PROXY_PAUSE_MS after the last failure, then one call tries again; a call
 * that gets through (or a passing "Check proxy") ends the pause. Nothing of the account is sent without it.
 */

export type AccountProxyRow = typeof accountProxies.$inferSelect;
type AccountRow = Pick<typeof socialAccounts.$inferSelect, 'id' | 'platform'>;

/** How long a paused account waits after a failure of its proxy before one call tries it again. */
export const PROXY_PAUSE_MS = 5 * 60 * 1000;

/** The endpoint (with the decrypted password) of a stored proxy. */
export function endpointOf(row: AccountProxyRow, appSecret: string): ProxyEndpoint {
  return {
    type: row.type,
    host: row.host,
    port: row.port,
    username: row.username,
    password: row.passwordEncrypted ? decryptSecret(row.passwordEncrypted, appSecret) : undefined,
  };
}

/** One connection pool per stored proxy version (a changed proxy gets a new one; the old one is closed). */
const agents = new Map<string, { version: string; agent: Promise<Agent> }>();

function agentFor(row: AccountProxyRow, config: Config): Promise<Agent> {
  const version = `${row.type}|${row.host}|${row.port}|${row.username}|${row.passwordEncrypted ?? ''}`;
  const cached = agents.get(row.accountId);
  if (cached?.version === version) return cached.agent;
  if (cached) void cached.agent.then((agent) => agent.close()).catch(() => undefined);
  const agent = createProxyAgent(
    endpointOf(row, config.appSecret),
    addressPolicy(config.allowPrivateAddresses),
  );
  agents.set(row.accountId, { version, agent });
  return agent;
}

export async function loadProxyRow(db: Db, accountId: string): Promise<AccountProxyRow | null> {
  const [row] = await db
    .select()
    .from(accountProxies)
    .where(eq(accountProxies.accountId, accountId))
    .limit(1);
  return row ?? null;
}

/** Marks the proxy down (the account paused) with the reason. */
export async function markProxyDown(db: Db, accountId: string, reason: string): Promise<void> {
  const now = new Date();
  await db
    .update(accountProxies)
    .set({ status: 'down', lastError: reason, failedAt: now, checkedAt: now, updatedAt: now })
    .where(eq(accountProxies.accountId, accountId));
}

/** Marks the proxy working (ends a pause); `egressAddress` when a check learned it. */
export async function markProxyWorking(
  db: Db,
  accountId: string,
  egressAddress?: string | null,
): Promise<void> {
  const now = new Date();
  await db
    .update(accountProxies)
    .set({
      status: 'working',
      lastError: null,
      failedAt: null,
      checkedAt: now,
      updatedAt: now,
      ...(egressAddress !== undefined ? { egressAddress } : {}),
    })
    .where(eq(accountProxies.accountId, accountId));
}

export function isProxyPaused(row: AccountProxyRow, now = Date.now()): boolean {
  return row.status === 'down' && row.failedAt !== null && now - row.failedAt.getTime() < PROXY_PAUSE_MS;
}

/** Forgets the connection pool of an account whose proxy was removed. */
export function forgetProxyAgent(accountId: string): void {
  const cached = agents.get(accountId);
  agents.delete(accountId);
  if (cached) void cached.agent.then((agent) => agent.close()).catch(() => undefined);
}

/** Records that a connection got through the proxy (ends a pause), unless it is already known to work. */
async function noteProxyWorks(db: Db, accountId: string): Promise<void> {
  await db
    .update(accountProxies)
    .set({ status: 'working', lastError: null, failedAt: null, checkedAt: new Date() })
    .where(and(eq(accountProxies.accountId, accountId), ne(accountProxies.status, 'working')));
}

function proxiedFetch(db: Db, config: Config, stored: AccountProxyRow): typeof fetch {
  // The state as this context knows it: the later calls of one operation see what the earlier ones learned.
  let row = stored;
  return async (input, init) => {
    if (isProxyPaused(row)) throw new ProxyFailure(PROXY_MESSAGES.paused(row.lastError ?? ''));
    const dispatcher = await agentFor(row, config);
    try {
      const response = await fetch(input, { ...init, dispatcher } as RequestInit);
      if (row.status !== 'working') {
        row = { ...row, status: 'working', lastError: null, failedAt: null };
        await noteProxyWorks(db, row.accountId);
      }
      return response;
    } catch (error) {
      const failure = proxyFailureOf(error);
      if (failure) {
        row = { ...row, status: 'down', lastError: failure.message, failedAt: new Date() };
        await markProxyDown(db, row.accountId, failure.message);
      }
      throw error;
    }
  };
}

/** The call context of one account's platform calls (see the top of this file). */
export async function accountCallContext(db: Db, config: Config, account: AccountRow): Promise<CallContext> {
  return callContextWith(db, config, account, await loadProxyRow(db, account.id));
}

/** `accountCallContext` with the account's proxy row already read (null: it has none). */
export function callContextWith(
  db: Db,
  config: Config,
  account: AccountRow,
  row: AccountProxyRow | null,
): CallContext {
  const settings = connectorSettings(config, account.platform as PlatformId);
  if (!row) return { settings };
  return { settings, fetch: proxiedFetch(db, config, row), viaProxy: true };
}

/**
 * A socket to `target` through the account's proxy, for what is not HTTP (a live stream's RTMP push,
 * docs/decisions/0099-live-streams-through-proxies.md). Paused, down and working exactly as the account's
 * fetch: refused at once while paused, a ProxyFailure marks the proxy down, a tunnel that stands ends a pause.
 * `policy` is the server's address policy (tests pass one trusting their certificate).
 */
export async function accountTunnel(
  db: Db,
  config: Config,
  row: AccountProxyRow,
  target: { host: string; port: number },
  policy: AddressPolicy = addressPolicy(config.allowPrivateAddresses),
): Promise<Socket> {
  if (isProxyPaused(row)) throw new ProxyFailure(PROXY_MESSAGES.paused(row.lastError ?? ''));
  let socket: Socket;
  try {
    socket = await openTunnel(endpointOf(row, config.appSecret), policy, target);
  } catch (error) {
    const failure = proxyFailureOf(error);
    if (failure) await markProxyDown(db, row.accountId, failure.message);
    throw error;
  }
  // An error before the caller listens (the tunnel drops during the update below) closes the socket, which
  // the caller then sees; without a listener it would be thrown at the process.
  socket.on('error', () => socket.destroy());
  if (row.status !== 'working') {
    await noteProxyWorks(db, row.accountId).catch((error: unknown) => {
      socket.destroy();
      throw error;
    });
  }
  return socket;
}

/** The account with its proxy (null when it has none) in one round trip: what a platform call reads first. */
const accountForCallStatement = perDatabase((db) =>
  db
    .select({ account: socialAccounts, proxy: accountProxies })
    .from(socialAccounts)
    .leftJoin(accountProxies, eq(accountProxies.accountId, socialAccounts.id))
    .where(eq(socialAccounts.id, sql.placeholder('accountId')))
    .limit(1)
    .prepare('relaycast_account_for_call'),
);

type AccountForCall = Awaited<ReturnType<ReturnType<typeof accountForCallStatement>['execute']>>;

/** Per database: the reads of an account for a call now in flight, by account id (`readAccountForCall`). */
const readsInFlight = new WeakMap<Db, Map<string, Promise<AccountForCall>>>();

/**
 * The account with its proxy, read for a call. Calls that start while a read of the same account is in flight share
 * it (a burst of one account's posts reads it once, not once per post): the row is as fresh as a read of its own
 * would have been, give or take that read's round trip.
 */
export function readAccountForCall(db: Db, accountId: string): Promise<AccountForCall> {
  let reads = readsInFlight.get(db);
  if (!reads) {
    reads = new Map();
    readsInFlight.set(db, reads);
  }
  const pending = reads.get(accountId);
  if (pending) return pending;
  const read = accountForCallStatement(db)
    .execute({ accountId })
    .finally(() => reads.delete(accountId));
  reads.set(accountId, read);
  return read;
}
