import { z } from 'zod';
import { CONNECT_METHODS } from './accounts';
import { PLATFORM_IDS, type PlatformId } from './platforms';

/**
 * Setting up a platform's keys (`/api/accounts/platform-setup…`): what an administrator registers at each
 * platform, and whether the keys this server has work (docs/platform-setup.md,
 * docs/decisions/0075-platform-setup-and-key-check.md). The server builds the description from its connectors;
 * these are the shapes the browser reads and the sentences it translates.
 */

/** One variable the server reads for a platform, and whether this server has it. */
export const setupVariableSchema = z.object({
  /** `TWITTER_CLIENT_ID`… */
  name: z.string(),
  /** What the platform's portal calls the value ("Client ID", "App ID", "Client key"…). */
  portalName: z.string(),
  isSet: z.boolean(),
});
export type SetupVariable = z.infer<typeof setupVariableSchema>;

export const platformSetupSchema = z.object({
  platform: z.enum(PLATFORM_IDS),
  name: z.string(),
  method: z.enum(CONNECT_METHODS),
  /** Whether an administrator registers an app at the platform (false: Mastodon, Bluesky). */
  needsKeys: z.boolean(),
  /** Every variable is set (always true when no keys are needed). */
  isConfigured: z.boolean(),
  /** The address to register at the platform; null when nothing is registered there. */
  redirectUri: z.string().nullable(),
  /** The scopes Relaycast asks for when someone connects (what the connector requests). */
  scopes: z.array(z.string()),
  variables: z.array(setupVariableSchema),
  /** Where the app is registered; null when there is nothing to register. */
  portalUrl: z.string().nullable(),
  /** What the platform asks before everyone can connect (reviews, audits, plans), in the seed's English. */
  caveats: z.array(z.string()),
  /** Whether "Check keys" can ask the platform about the configured keys. */
  canCheck: z.boolean(),
});
export type PlatformSetup = z.infer<typeof platformSetupSchema>;

export const platformSetupListSchema = z.object({
  /** The address redirect addresses start with (PUBLIC_URL, or the address this page was opened at). */
  publicUrl: z.string(),
  /** False when PUBLIC_URL is unset: the redirect addresses follow the address Relaycast is opened at. */
  isPublicUrlSet: z.boolean(),
  /** The redirect addresses are plain http on a host other than localhost: platforms refuse them. */
  isPlainHttp: z.boolean(),
  platforms: z.array(platformSetupSchema),
});
export type PlatformSetupList = z.infer<typeof platformSetupListSchema>;

export const KEY_CHECK_OUTCOMES = ['ok', 'refused', 'unreachable', 'not_configured', 'no_keys'] as const;
export type KeyCheckOutcome = (typeof KEY_CHECK_OUTCOMES)[number];

/** `POST /api/accounts/platform-setup/:platform/check`: what the platform said about the keys. */
export const keyCheckSchema = z.object({
  platform: z.enum(PLATFORM_IDS),
  outcome: z.enum(KEY_CHECK_OUTCOMES),
  /** One of ACCOUNT_SETUP_MESSAGES' outcome sentences. */
  message: z.string(),
  /** The platform's own words (not translated), when it refused or failed. */
  detail: z.string().nullable(),
  /** What the check established, and what it cannot (ACCOUNT_SETUP_MESSAGES' sentences). */
  checked: z.array(z.string()),
  notChecked: z.array(z.string()),
  /** When the platform was asked: a repeated check within a minute answers the same result. */
  checkedAt: z.string(),
});
export type KeyCheck = z.infer<typeof keyCheckSchema>;

export const ACCOUNT_SETUP_MESSAGES = {
  outcome: {
    ok: 'The keys work.',
    refused: 'The platform refused these keys.',
    unreachable: 'Could not reach the platform. Try again in a minute.',
    notConfigured: 'The keys are not set on this server yet.',
    noKeys: 'This platform needs no keys.',
  },
  checked: {
    appToken: 'The platform issued an app token for this client ID and secret.',
    clientAuthentication:
      'The platform’s token endpoint accepted this client ID and secret (it refused only the made-up sign-in code sent to test them).',
    https: 'The redirect address uses https.',
  },
  notChecked: {
    redirect:
      'Whether the redirect address is registered at the platform: the platform says so only when someone connects.',
    scopes:
      'Whether the app may ask for every scope: the platform shows that only when someone connects, and some need its review first.',
    notHttps:
      'The redirect address is not https: most platforms refuse plain http outside local development. Set PUBLIC_URL to an https address.',
  },
  /** What each platform asks before everyone can connect, and what trips people up (sources: docs/platform-setup.md). */
  caveats: {
    twitter: [
      'X charges for API use: posting and reading spend credits bought in the X Developer Console.',
      'Under User authentication settings, choose OAuth 2.0 with the type Web App and read, write and direct-message permissions. Use the OAuth 2.0 Client ID and Client Secret, not the API Key.',
    ],
    facebook: [
      'Until Meta’s App Review grants these permissions advanced access, only people with a role on the app can connect.',
      'Advanced access to Page permissions needs Business Verification of the business that owns the app.',
      'Relaycast connects the first Facebook Page the person manages.',
    ],
    instagram: [
      'Only Instagram professional accounts (Business or Creator) linked to a Facebook Page can connect.',
      'Until Meta’s App Review grants these permissions advanced access, only people with a role on the app can connect; advanced access needs Business Verification.',
      'Instagram fetches media from this server’s public address: PUBLIC_URL must be reachable from the internet.',
      'One Meta app can serve Facebook and Instagram: set its App ID and App Secret in both pairs of variables and register both redirect addresses.',
    ],
    threads: [
      'Use the Threads App ID and Threads App Secret of the Threads use case, not the Facebook App ID.',
      'Until Meta’s App Review, only Threads testers who accepted the invitation in their Threads settings can connect.',
      'Threads fetches media from this server’s public address: PUBLIC_URL must be reachable from the internet.',
    ],
    linkedin: [
      'Add the products Share on LinkedIn and Sign In with LinkedIn using OpenID Connect (both self-serve); an administrator of the LinkedIn Page the app belongs to must verify the app.',
      'Relaycast posts as the member. Posting as a company Page needs the Community Management API, which LinkedIn grants only on application.',
    ],
    tiktok: [
      'Add Login Kit and the Content Posting API with Direct Post. TikTok accepts only https redirect addresses.',
      'Until TikTok audits the app, every post is private (only its author sees it) and few users can post each day.',
      'TikTok pulls photos from this server’s address: verify PUBLIC_URL’s domain in the TikTok developer portal.',
    ],
    youtube: [
      'Enable the YouTube Data API v3 in the Google Cloud project and create an OAuth client of the type Web application.',
      'While the consent screen is in Testing, only its test users (up to 100) can connect and Google ends their access after 7 days; in production, these scopes need Google’s verification.',
      'Until Google audits the API project, uploaded videos are private. The default quota is 10,000 units a day.',
    ],
    bluesky: [
      'Nothing to register: each person connects with their handle and an app password made in Bluesky’s settings under App passwords.',
    ],
    mastodon: [
      'Nothing to register: Relaycast registers itself on each Mastodon server the first time someone from it connects.',
    ],
  } satisfies Record<PlatformId, readonly string[]>,
} as const;
