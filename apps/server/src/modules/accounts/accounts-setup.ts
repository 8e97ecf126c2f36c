import {
  ACCOUNT_SETUP_MESSAGES,
  type KeyCheck,
  type PlatformSetup,
  type PlatformSetupList,
} from '@relaycast/shared/accounts-setup';
import { PLATFORM_IDS, PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import type { Config } from '../../config/env';
import {
  clientVariables,
  connectorFor,
  connectorSettings,
  hasConnector,
  missingConfiguration,
} from '../../platforms/registry';
import { type ClientCheck, PlatformError } from '../../platforms/types';

/**
 * Setting up a platform's keys (docs/platform-setup.md, docs/decisions/0075-platform-setup-and-key-check.md):
 * what an administrator registers at each platform, built from the connectors (the scopes they ask for, the
 * callback they are sent back to, whether they need keys), and "Check keys", which asks the platform about the
 * configured keys without a user.
 */

interface Portal {
  /** Where the app is registered. */
  url: string;
  /** What the portal calls the client id and the secret. */
  clientId: string;
  clientSecret: string;
}

/** Each platform's developer portal and its names for the keys (sources in docs/platform-setup.md). */
const PORTALS: Partial<Record<PlatformId, Portal>> = {
  twitter: {
    url: 'https://console.x.com',
    clientId: 'OAuth 2.0 Client ID',
    clientSecret: 'OAuth 2.0 Client Secret',
  },
  facebook: { url: 'https://developers.facebook.com/apps', clientId: 'App ID', clientSecret: 'App Secret' },
  instagram: { url: 'https://developers.facebook.com/apps', clientId: 'App ID', clientSecret: 'App Secret' },
  threads: {
    url: 'https://developers.facebook.com/apps',
    clientId: 'Threads App ID',
    clientSecret: 'Threads App Secret',
  },
  linkedin: {
    url: 'https://www.linkedin.com/developers/apps',
    clientId: 'Client ID',
    clientSecret: 'Primary Client Secret',
  },
  tiktok: {
    url: 'https://developers.tiktok.com/apps',
    clientId: 'Client key',
    clientSecret: 'Client secret',
  },
  youtube: {
    url: 'https://console.cloud.google.com/apis/credentials',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
  },
};

/** Plain http on a host other than this machine: the platforms refuse such a redirect address. */
export function isPlainHttp(address: string): boolean {
  const url = new URL(address);
  return url.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** What an administrator registers at one platform. `config.publicUrl` is the base of the redirect address. */
export function platformSetup(config: Config, platform: PlatformId): PlatformSetup {
  const connector = connectorFor(platform);
  const needsKeys = connector.requiresClientCredentials;
  const portal = needsKeys ? PORTALS[platform] : undefined;
  const own = config.platforms[platform];
  const names = clientVariables(platform);
  return {
    platform,
    name: PLATFORMS[platform].name,
    method: connector.capabilities.auth,
    needsKeys,
    isConfigured: missingConfiguration(config, platform).length === 0,
    redirectUri: needsKeys ? connectorSettings(config, platform).redirectUri : null,
    scopes: [...connector.scopes],
    variables: portal
      ? [
          { name: names.clientId, portalName: portal.clientId, isSet: Boolean(own.clientId) },
          { name: names.clientSecret, portalName: portal.clientSecret, isSet: Boolean(own.clientSecret) },
        ]
      : [],
    portalUrl: portal?.url ?? null,
    caveats: [...ACCOUNT_SETUP_MESSAGES.caveats[platform]],
    canCheck: needsKeys && connector.checkClient !== undefined,
  };
}

/** `GET /api/accounts/platform-setup`: every platform this server has a connector for. */
export function listPlatformSetup(config: Config): PlatformSetupList {
  return {
    publicUrl: config.publicUrl,
    isPublicUrlSet: config.publicUrlConfigured,
    isPlainHttp: isPlainHttp(config.publicUrl),
    platforms: PLATFORM_IDS.filter(hasConnector).map((platform) => platformSetup(config, platform)),
  };
}

const M = ACCOUNT_SETUP_MESSAGES;

const CHECKED_BY: Record<ClientCheck, string> = {
  'app-token': M.checked.appToken,
  'client-authentication': M.checked.clientAuthentication,
};

interface CheckLog {
  warn(details: object, message: string): void;
}

/**
 * Asks the platform whether the configured keys work (the connector's `checkClient`: one request, 10 s at most).
 * Never throws: a refusal, a platform out of reach or anything unexpected is an outcome with the platform's words.
 */
export async function checkPlatformKeys(
  config: Config,
  platform: PlatformId,
  log?: CheckLog,
): Promise<KeyCheck> {
  const connector = connectorFor(platform);
  const answer = (outcome: KeyCheck['outcome'], message: string, rest: Partial<KeyCheck> = {}): KeyCheck => ({
    platform,
    outcome,
    message,
    detail: null,
    checked: [],
    notChecked: [],
    checkedAt: new Date().toISOString(),
    ...rest,
  });
  if (!connector.requiresClientCredentials) return answer('no_keys', M.outcome.noKeys);
  const missing = missingConfiguration(config, platform);
  if (missing.length > 0)
    return answer('not_configured', M.outcome.notConfigured, { detail: missing.join(', ') });

  const settings = connectorSettings(config, platform);
  const plainHttp = isPlainHttp(settings.redirectUri);
  const https = new URL(settings.redirectUri).protocol === 'https:';
  const notChecked = [
    ...(plainHttp ? [M.notChecked.notHttps] : []),
    M.notChecked.redirect,
    M.notChecked.scopes,
  ];
  try {
    if (!connector.checkClient) throw new Error(`${platform} connector has no checkClient`);
    const how = await connector.checkClient({ settings });
    return answer('ok', M.outcome.ok, {
      checked: [CHECKED_BY[how], ...(https ? [M.checked.https] : [])],
      notChecked,
    });
  } catch (error) {
    if (error instanceof PlatformError && (error.kind === 'refuse' || error.kind === 'reauthorize')) {
      return answer('refused', M.outcome.refused, { detail: error.message, notChecked });
    }
    log?.warn({ err: error, platform }, 'Checking the platform keys failed');
    return answer('unreachable', M.outcome.unreachable, {
      detail: error instanceof PlatformError ? error.message : null,
      notChecked,
    });
  }
}

/** How long a check's answer is reused: a platform is asked about its keys at most once a minute per process. */
export const KEY_CHECK_REUSE_MS = 60_000;

/**
 * "Check keys", capped: a repeated check of the same platform (and redirect address) within KEY_CHECK_REUSE_MS
 * answers the first one's result, in flight or done, so no number of clicks or members makes more than one request
 * a minute to the platform.
 */
export function createKeyChecker(options: { reuseMs?: number; now?: () => number } = {}) {
  const reuseMs = options.reuseMs ?? KEY_CHECK_REUSE_MS;
  const now = options.now ?? Date.now;
  const recent = new Map<string, { at: number; result: Promise<KeyCheck> }>();
  return (config: Config, platform: PlatformId, log?: CheckLog): Promise<KeyCheck> => {
    const at = now();
    for (const [key, entry] of recent) if (at - entry.at >= reuseMs) recent.delete(key);
    const key = `${platform} ${config.publicUrl}`;
    const reused = recent.get(key);
    if (reused) return reused.result;
    const result = checkPlatformKeys(config, platform, log);
    recent.set(key, { at, result });
    return result;
  };
}
