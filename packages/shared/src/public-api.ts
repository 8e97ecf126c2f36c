import { z } from 'zod';

/**
 * Settings → Security → API keys (docs/public-api.md): personal keys for the public API `/api/v1`, one workspace each,
 * scoped read or read + write. A key is shown once (`rc_` + 43 base64url characters); the server keeps its
 * SHA-256 and the first characters to tell keys apart.
 */

export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_PREFIX = 'rc_';
/** How many characters of a key (prefix included) are kept in clear and shown in the list. */
export const API_KEY_SHOWN_CHARS = 11;
export const API_KEY_NAME_MAX = 60;
/** Active keys a user may hold in one workspace. */
export const API_KEY_MAX_PER_WORKSPACE = 20;
/** Requests one user may make per window with all their keys together (the answer's `RateLimit-*` headers count them down). */
export const API_KEY_RATE_LIMIT = { requests: 120, windowSeconds: 60 } as const;

export const API_KEY_MESSAGES = {
  nameRequired: 'Give the key a name.',
  nameTooLong: `Keep the name to ${API_KEY_NAME_MAX} characters.`,
  scopeRequired: 'Choose what the key may do: read, or read and write.',
  tooMany: `You have ${API_KEY_MAX_PER_WORKSPACE} API keys in this workspace. Revoke one before creating another.`,
  notFound: 'That API key does not exist or was already revoked.',
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked. Requests with it now fail.',
  missing: 'This API needs an API key: send it as "Authorization: Bearer <key>" or in an "x-api-key" header.',
  invalid: 'This API key is not valid or has been revoked.',
  disabled: 'API key access is off for this key’s owner. Turn it on in Settings → Security.',
  readOnly: 'This API key may only read. Create a key with the write scope to make changes.',
  readOnlyBodyTooLarge:
    'This request is too large for a read-only API key (at most 64 KB). Uploads need a key with the write scope.',
  mcpBodyTooLarge:
    'This request is larger than the largest file your plan lets you upload through MCP. Upload it with POST /api/v1/media.',
  rateLimited: (seconds: number) =>
    `Too many requests with your API keys. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
} as const;

/** `POST /api/api-keys`. A read + write key is `['read', 'write']`; write alone implies read. */
export const createApiKeySchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.scopeRequired }), {
      error: API_KEY_MESSAGES.scopeRequired,
    })
    .min(1, API_KEY_MESSAGES.scopeRequired)
    .max(API_KEY_SCOPES.length, API_KEY_MESSAGES.scopeRequired)
    .transform((scopes): ApiKeyScope[] => (scopes.includes('write') ? ['read', 'write'] : ['read'])),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, e.g. `rc_Xy3kP9aq`, to tell keys apart. */
  start: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({
  keys: z.array(apiKeySchema),
  /** The owner's Security toggle: when off, every key of theirs is refused. */
  enabled: z.boolean(),
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The answer to a creation: the key in full, this one time. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** Whether a key with `scopes` may make a request with `method` (reads need read, everything else write). */
export function scopeAllows(scopes: readonly string[], method: string): boolean {
  const needed: ApiKeyScope = method === 'GET' || method === 'HEAD' ? 'read' : 'write';
  return scopes.includes(needed);
}

/** A string shaped like one of our keys (the lookup hashes only these). */
export function looksLikeApiKey(value: string): boolean {
  return /^rc_[A-Za-z0-9_-]{43}$/.test(value);
}
