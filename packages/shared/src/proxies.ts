import { z } from 'zod';

/**
 * An account's proxy (`/api/accounts/:id/proxy…`, docs/proxies.md): what the browser sends and reads. The
 * password goes in only; the browser learns whether one is stored (`hasPassword`), never the password.
 */

export const PROXY_TYPES = ['http', 'https', 'socks5'] as const;
export type ProxyType = (typeof PROXY_TYPES)[number];

export const PROXY_TYPE_LABELS: Record<ProxyType, string> = {
  http: 'HTTP',
  https: 'HTTPS',
  socks5: 'SOCKS5',
};

export const PROXY_STATUSES = ['unchecked', 'working', 'down'] as const;
export type ProxyStatus = (typeof PROXY_STATUSES)[number];

export const PROXY_MESSAGES = {
  hostRequired: 'Enter the proxy’s host name or address, without http:// or a port.',
  hostInvalid: 'Enter only a host name or address, like proxy.example.com or 203.0.113.7.',
  portInvalid: 'Enter a port between 1 and 65535.',
  credentialTooLong: 'The user name and password are at most 255 characters each.',
  confirmChange:
    'This account already has a proxy. Confirm the change: the platform will see a different address.',
  noProxy: 'This account has no proxy.',
  works: 'The proxy works.',
  paused: (reason: string) => `Paused: the proxy is not working, nothing is sent without it. ${reason}`,
  checkFailed: (reason: string) => `The proxy does not work: ${reason}`,
  checkAnswer: (status: number) => `The proxy works, but the address check answered ${status}.`,
  /** Connecting through a proxy (docs/decisions/0098-proxy-at-connection.md) when the proxy does not work. */
  connectFailed: (reason: string) => `${reason} Nothing was sent and nothing was saved.`,
  wrongAccount: 'This account is on another platform. Reconnect it from its own row.',
} as const;

const HOST_PATTERN = /^(\[[0-9a-f:.]+\]|[0-9a-z](?:[0-9a-z.-]{0,251}[0-9a-z])?|[0-9a-f:.]+)$/i;

export const proxyHostSchema = z
  .string()
  .trim()
  .min(1, PROXY_MESSAGES.hostRequired)
  .max(253, PROXY_MESSAGES.hostInvalid)
  .regex(HOST_PATTERN, PROXY_MESSAGES.hostInvalid);

/**
 * `PUT /api/accounts/:id/proxy`. `password` absent keeps the stored one while type, host and port stay the same
 * (a password never goes to another server than the one it was given for); '' removes it. `replace` must be
 * true when the account already has another proxy (the user confirmed that its address changes).
 */
export const accountProxyInputSchema = z.object({
  type: z.enum(PROXY_TYPES),
  host: proxyHostSchema,
  port: z.coerce
    .number({ message: PROXY_MESSAGES.portInvalid })
    .int(PROXY_MESSAGES.portInvalid)
    .min(1, PROXY_MESSAGES.portInvalid)
    .max(65_535, PROXY_MESSAGES.portInvalid),
  username: z.string().trim().max(255, PROXY_MESSAGES.credentialTooLong).default(''),
  password: z.string().max(255, PROXY_MESSAGES.credentialTooLong).optional(),
  replace: z.boolean().optional(),
});
export type AccountProxyInput = z.input<typeof accountProxyInputSchema>;

/** `POST /api/accounts/:id/proxy/check`: the values on screen (unsaved) or, with `{}`, the stored proxy. */
export const proxyCheckInputSchema = accountProxyInputSchema.omit({ replace: true }).partial();
export type ProxyCheckInput = z.input<typeof proxyCheckInputSchema>;

export const accountProxySchema = z.object({
  accountId: z.string(),
  type: z.enum(PROXY_TYPES),
  host: z.string(),
  port: z.number(),
  username: z.string(),
  hasPassword: z.boolean(),
  /** down: the account's calls are paused until the proxy answers again (`lastError` says why). */
  status: z.enum(PROXY_STATUSES),
  lastError: z.string().nullable(),
  checkedAt: z.string().nullable(),
  /** The public address the platform saw at the last check. */
  egressAddress: z.string().nullable(),
});
export type AccountProxy = z.infer<typeof accountProxySchema>;

export const accountProxyListSchema = z.object({ proxies: z.array(accountProxySchema) });
export type AccountProxyList = z.infer<typeof accountProxyListSchema>;

export const proxyCheckResultSchema = z.object({
  ok: z.boolean(),
  /** The public address seen through the proxy (null when the check failed or the echo did not say). */
  egressAddress: z.string().nullable(),
  latencyMs: z.number().nullable(),
  message: z.string(),
});
export type ProxyCheckResult = z.infer<typeof proxyCheckResultSchema>;

/**
 * What a connect flow (`POST /api/accounts/oauth/:platform/start`, `/api/accounts/mastodon/start`,
 * `/api/accounts/bluesky`) may add (docs/decisions/0098-proxy-at-connection.md): `accountId` when it reconnects
 * that account (its stored proxy is used), `proxy` to connect through a proxy given now (checked first, then
 * used for every request of the connection and saved onto the account). A reconnect that changes the account's
 * stored proxy needs `proxy.replace: true`, like `PUT /api/accounts/:id/proxy`.
 */
export const connectThroughSchema = z.object({
  accountId: z.string().min(1).max(64).optional(),
  proxy: accountProxyInputSchema.optional(),
});
export type ConnectThroughInput = z.input<typeof connectThroughSchema>;

/** `POST /api/accounts/connect/proxy/check`: "Check proxy" before connecting (the values, or a reconnected account's). */
export const connectProxyCheckInputSchema = proxyCheckInputSchema.extend({
  accountId: z.string().min(1).max(64).optional(),
});
export type ConnectProxyCheckInput = z.input<typeof connectProxyCheckInputSchema>;
