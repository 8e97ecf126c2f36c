import { z } from 'zod';
import { PLANS, type PlanId } from './plans';
import { PLATFORM_IDS, PLATFORMS, type PlatformId } from './platforms';
import { timeZoneSchema } from './posts';

/** Connected social accounts (`/api/accounts…`): what the browser sees (never a token), inputs and messages. */

export const ACCOUNT_STATUSES = ['connected', 'needs_reconnect', 'disconnected'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  connected: 'Connected',
  needs_reconnect: 'Needs reconnect',
  disconnected: 'Disconnected',
};

export const socialAccountSchema = z.object({
  id: z.string(),
  platform: z.enum(PLATFORM_IDS),
  handle: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  /** Mastodon: the instance; null elsewhere. */
  instanceUrl: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  lastSyncAt: z.string().nullable(),
  /** Why the account needs reconnecting (the platform's reason). */
  lastError: z.string().nullable(),
  /** The audience's IANA time zone, used for this account's best time; null: the viewer's own zone. */
  timezone: z.string().nullable(),
  createdAt: z.string(),
});
export type SocialAccount = z.infer<typeof socialAccountSchema>;

/** `PATCH /api/accounts/:id`: the account's own settings. */
export const accountSettingsInputSchema = z.object({ timezone: timeZoneSchema.nullable() });
export type AccountSettingsInput = z.infer<typeof accountSettingsInputSchema>;

export const socialAccountListSchema = z.object({ accounts: z.array(socialAccountSchema) });
export type SocialAccountList = z.infer<typeof socialAccountListSchema>;

/** How a platform is connected: OAuth redirect, handle + app password, or per-instance OAuth. */
export const CONNECT_METHODS = ['oauth2', 'app-password', 'instance-oauth2'] as const;
export type ConnectMethod = (typeof CONNECT_METHODS)[number];

export const connectablePlatformSchema = z.object({
  platform: z.enum(PLATFORM_IDS),
  name: z.string(),
  /** null when the server has no connector for it yet. */
  method: z.enum(CONNECT_METHODS).nullable(),
  /** ready: Connect works; not_configured: the operator must set `missing`; unavailable: no connector yet. */
  state: z.enum(['ready', 'not_configured', 'unavailable']),
  missing: z.array(z.string()),
});
export type ConnectablePlatform = z.infer<typeof connectablePlatformSchema>;

export const connectablePlatformListSchema = z.object({
  platforms: z.array(connectablePlatformSchema),
  /** The plan's limits and how many accounts count against them now. */
  limits: z.object({
    planName: z.string(),
    socialAccounts: z.number(),
    accountsPerPlatform: z.number(),
    used: z.number(),
  }),
});
export type ConnectablePlatformList = z.infer<typeof connectablePlatformListSchema>;

export const oauthStartResultSchema = z.object({ url: z.string() });
export type OauthStartResult = z.infer<typeof oauthStartResultSchema>;

export const ACCOUNT_MESSAGES = {
  handleRequired: 'Enter your Bluesky handle, like alice.bsky.social.',
  appPasswordRequired: 'Enter an app password (Settings → App passwords on Bluesky), not your main password.',
  instanceRequired: 'Enter your Mastodon instance, like mastodon.social.',
  serviceInvalid:
    'Enter the address of your Bluesky server, like https://pds.example.com, or leave it empty.',
  notFound: 'This account was not found.',
  unknownPlatform: 'This platform is not supported.',
  unavailable: (name: string) => `Connecting ${name} is not available on this server yet.`,
  notConfigured: (name: string, missing: readonly string[]) =>
    `${name} is not configured on this server. Set ${missing.join(' and ')}.`,
  wrongMethod: (name: string) => `${name} is not connected this way.`,
  totalLimit: (limit: number, planName: string) =>
    `Your ${planName} plan allows ${limit} connected social account${limit === 1 ? '' : 's'}. Disconnect one or upgrade your plan.`,
  perPlatformLimit: (limit: number, planName: string, platformName: string) =>
    `Your ${planName} plan allows ${limit} ${platformName} account${limit === 1 ? '' : 's'}. Disconnect one or upgrade your plan.`,
  stateInvalid: 'This sign-in link is invalid or was already used. Please connect again.',
  stateExpired: 'The sign-in took longer than 10 minutes. Please connect again.',
  stateMismatch: 'This sign-in was started by another user or workspace. Please connect again.',
  denied: 'The platform did not grant access. Please connect again if you want to.',
  proxyFailed:
    'The proxy did not work, so nothing was sent and the account was not connected. Check the proxy and connect again.',
  exchangeFailed: (name: string, reason: string) => `${name} refused the connection: ${reason}`,
  unreachable: (name: string) => `Could not reach ${name}. Please try again in a moment.`,
  connected: (name: string, handle: string) => `Connected ${handle} on ${name}.`,
  disconnected: (handle: string) => `Disconnected ${handle}. Its scheduled posts are flagged for review.`,
  refreshed: (handle: string) => `Refreshed ${handle}.`,
  needsReconnectBanner: (count: number) =>
    `${count} account${count === 1 ? ' needs' : 's need'} reconnecting: posts to ${count === 1 ? 'it' : 'them'} cannot be published until you reconnect.`,
} as const;

/** Result codes the OAuth callback puts in the `/connected-accounts` URL (the page shows the message). */
export const OAUTH_RESULT_CODES = [
  'connected',
  'state_invalid',
  'state_expired',
  'state_mismatch',
  'denied',
  'exchange_failed',
  'total_limit',
  'platform_limit',
  'not_configured',
  'proxy_failed',
] as const;
export type OauthResultCode = (typeof OAUTH_RESULT_CODES)[number];

/**
 * The message for a callback result read from the URL. Only known codes, platforms and plans are turned into
 * text (a crafted link cannot make the page say anything else).
 */
export function oauthResultMessage(params: {
  get(name: string): string | null;
}): { ok: boolean; message: string } | null {
  const code = params.get('result') as OauthResultCode | null;
  if (!code || !(OAUTH_RESULT_CODES as readonly string[]).includes(code)) return null;
  const platformParam = params.get('platform');
  const platform = (PLATFORM_IDS as readonly string[]).includes(platformParam ?? '')
    ? (platformParam as PlatformId)
    : null;
  const platformName = platform ? PLATFORMS[platform].name : 'The platform';
  const plan = PLANS.find((candidate) => candidate.id === (params.get('plan') as PlanId | null));
  switch (code) {
    case 'connected':
      return { ok: true, message: `${platformName} account connected.` };
    case 'state_invalid':
      return { ok: false, message: ACCOUNT_MESSAGES.stateInvalid };
    case 'state_expired':
      return { ok: false, message: ACCOUNT_MESSAGES.stateExpired };
    case 'state_mismatch':
      return { ok: false, message: ACCOUNT_MESSAGES.stateMismatch };
    case 'denied':
      return { ok: false, message: ACCOUNT_MESSAGES.denied };
    case 'exchange_failed':
      return { ok: false, message: `${platformName} refused the connection. Please try again.` };
    case 'not_configured':
      return { ok: false, message: `${platformName} is not configured on this server.` };
    case 'proxy_failed':
      return { ok: false, message: ACCOUNT_MESSAGES.proxyFailed };
    case 'total_limit':
      return {
        ok: false,
        message: plan
          ? ACCOUNT_MESSAGES.totalLimit(plan.socialAccounts, plan.name)
          : 'Your plan’s limit of connected accounts is reached.',
      };
    case 'platform_limit':
      return {
        ok: false,
        message: plan
          ? ACCOUNT_MESSAGES.perPlatformLimit(plan.accountsPerPlatform, plan.name, platformName)
          : `Your plan’s limit of ${platformName} accounts is reached.`,
      };
  }
}

export const blueskyConnectInputSchema = z.object({
  handle: z
    .string({ error: ACCOUNT_MESSAGES.handleRequired })
    .trim()
    .transform((value) => value.replace(/^@/, ''))
    .pipe(z.string().min(3, ACCOUNT_MESSAGES.handleRequired).max(253, ACCOUNT_MESSAGES.handleRequired)),
  appPassword: z
    .string({ error: ACCOUNT_MESSAGES.appPasswordRequired })
    .trim()
    .min(4, ACCOUNT_MESSAGES.appPasswordRequired)
    .max(200, ACCOUNT_MESSAGES.appPasswordRequired),
  /** The user's own server (PDS) when not bsky.social; empty = the default. */
  service: z
    .string()
    .trim()
    .max(300, ACCOUNT_MESSAGES.serviceInvalid)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type BlueskyConnectInput = z.infer<typeof blueskyConnectInputSchema>;

export const mastodonStartInputSchema = z.object({
  instanceUrl: z
    .string({ error: ACCOUNT_MESSAGES.instanceRequired })
    .trim()
    .min(3, ACCOUNT_MESSAGES.instanceRequired)
    .max(300, ACCOUNT_MESSAGES.instanceRequired),
});
export type MastodonStartInput = z.infer<typeof mastodonStartInputSchema>;
