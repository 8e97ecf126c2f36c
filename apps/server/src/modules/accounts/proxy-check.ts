import { PROXY_MESSAGES, type ProxyCheckResult } from '@relaycast/shared/proxies';
import type { Config } from '../../config/env';
import {
  addressPolicy,
  checkHost,
  PrivateAddressError,
  UnresolvableHostError,
} from '../../lib/address-policy';
import { AppError } from '../../lib/app-error';
import { createProxyAgent, type ProxyEndpoint, proxyFailureOf } from '../../lib/proxy-connect';
import type { AccountProxyRow } from './account-call-context';

/**
 * "Check proxy" and the rules of a proxy's values (docs/proxies.md), shared by an account's proxy form
 * (modules/proxies) and connecting through a proxy (connect-proxy.ts, docs/decisions/0098-proxy-at-connection.md).
 */

/** The friendly early refusal of a proxy inside the server's network; connections check it again. */
export async function assertAllowedHost(config: Config, host: string, port: number): Promise<void> {
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

/**
 * Whether a stored password may go with these values: only to the same proxy server (type, host and port).
 * A password is never sent to another server than the one the user gave it for.
 */
export function keepsStoredPassword(
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

/** Whether the values are the stored proxy itself (nothing typed changes it). */
export function isSameProxy(
  row: AccountProxyRow,
  input: { type: string; host: string; port: number; username: string; password?: string },
): boolean {
  return (
    row.type === input.type &&
    row.host === input.host &&
    row.port === input.port &&
    row.username === input.username &&
    input.password === undefined
  );
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
