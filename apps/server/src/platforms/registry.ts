import { PLATFORM_IDS, type PlatformId } from '@relaycast/shared/platforms';
import type { Config } from '../config/env';
import { addressPolicy } from '../lib/address-policy';
import { blueskyAnalytics } from './bluesky/bluesky.analytics';
import { blueskyConnector } from './bluesky/bluesky.connector';
import { blueskyEngagement } from './bluesky/bluesky.engagement';
import { facebookAnalytics } from './facebook/facebook.analytics';
import { facebookConnector } from './facebook/facebook.connector';
import { facebookEngagement } from './facebook/facebook.engagement';
import { instagramAnalytics } from './instagram/instagram.analytics';
import { instagramConnector } from './instagram/instagram.connector';
import { instagramEngagement } from './instagram/instagram.engagement';
import { linkedinAnalytics } from './linkedin/linkedin.analytics';
import { linkedinConnector } from './linkedin/linkedin.connector';
import { linkedinEngagement } from './linkedin/linkedin.engagement';
import { mastodonAnalytics } from './mastodon/mastodon.analytics';
import { mastodonConnector } from './mastodon/mastodon.connector';
import { mastodonEngagement } from './mastodon/mastodon.engagement';
import { threadsAnalytics } from './threads/threads.analytics';
import { threadsConnector } from './threads/threads.connector';
import { tiktokAnalytics } from './tiktok/tiktok.analytics';
import { tiktokConnector } from './tiktok/tiktok.connector';
import { twitterAnalytics } from './twitter/twitter.analytics';
import { twitterConnector } from './twitter/twitter.connector';
import { twitterEngagement } from './twitter/twitter.engagement';
import type { Connector, ConnectorSettings } from './types';
import { youtubeAnalytics } from './youtube/youtube.analytics';
import { youtubeConnector } from './youtube/youtube.connector';

/**
 * Every connector, by platform. The rest of the server reaches a platform only through `connectorFor` and reads
 * what it can do from `capabilities`: no `if (platform === …)` outside `platforms/`.
 */
const CONNECTORS: Partial<Record<PlatformId, Connector>> = {
  bluesky: { ...blueskyConnector, engagement: blueskyEngagement, analytics: blueskyAnalytics },
  facebook: { ...facebookConnector, engagement: facebookEngagement, analytics: facebookAnalytics },
  instagram: { ...instagramConnector, engagement: instagramEngagement, analytics: instagramAnalytics },
  linkedin: { ...linkedinConnector, engagement: linkedinEngagement, analytics: linkedinAnalytics },
  mastodon: { ...mastodonConnector, engagement: mastodonEngagement, analytics: mastodonAnalytics },
  threads: { ...threadsConnector, analytics: threadsAnalytics },
  tiktok: { ...tiktokConnector, analytics: tiktokAnalytics },
  twitter: { ...twitterConnector, engagement: twitterEngagement, analytics: twitterAnalytics },
  youtube: { ...youtubeConnector, analytics: youtubeAnalytics },
};

export function hasConnector(platform: PlatformId): boolean {
  return CONNECTORS[platform] !== undefined;
}

export function connectorFor(platform: PlatformId): Connector {
  const connector = CONNECTORS[platform];
  if (!connector) throw new Error(`no connector for ${platform}`);
  return connector;
}

/** Registers or replaces a connector (tests use this to install a scripted one). Returns a restore function. */
export function registerConnector(connector: Connector): () => void {
  const previous = CONNECTORS[connector.platform];
  CONNECTORS[connector.platform] = connector;
  return () => {
    if (previous) CONNECTORS[connector.platform] = previous;
    else delete CONNECTORS[connector.platform];
  };
}

/** The environment variable prefix of a platform: `TWITTER`, `FACEBOOK`, … */
export function envPrefixOf(platform: PlatformId): string {
  return platform.toUpperCase();
}

/** Replaces the origin of `url` with `base` (keeping any path prefix of `base`), for local fakes. */
function rebase(url: string, base: string): string {
  const original = new URL(url);
  const target = new URL(base);
  const prefix = target.pathname.replace(/\/+$/, '');
  return `${target.origin}${prefix}${original.pathname}${original.search}`;
}

export function connectorSettings(
  config: Pick<Config, 'platforms' | 'publicUrl'> & Partial<Pick<Config, 'allowPrivateAddresses'>>,
  platform: PlatformId,
): ConnectorSettings {
  const connector = connectorFor(platform);
  const own = config.platforms[platform];
  const urls = Object.fromEntries(
    Object.entries(connector.defaultUrls).map(([name, url]) => [
      name,
      own.baseUrl ? rebase(url, own.baseUrl) : url,
    ]),
  );
  return {
    clientId: own.clientId,
    clientSecret: own.clientSecret,
    urls,
    redirectUri: `${config.publicUrl}/api/accounts/oauth/${platform}/callback`,
    addressPolicy: addressPolicy(config.allowPrivateAddresses ?? false),
  };
}

/** The variables that hold the app's keys at a platform: `TWITTER_CLIENT_ID`, `TWITTER_CLIENT_SECRET`… */
export function clientVariables(platform: PlatformId): { clientId: string; clientSecret: string } {
  const prefix = envPrefixOf(platform);
  return { clientId: `${prefix}_CLIENT_ID`, clientSecret: `${prefix}_CLIENT_SECRET` };
}

/** The variables an operator must set before users can connect this platform (empty = ready). */
export function missingConfiguration(config: Pick<Config, 'platforms'>, platform: PlatformId): string[] {
  const connector = CONNECTORS[platform];
  if (!connector?.requiresClientCredentials) return [];
  const own = config.platforms[platform];
  const names = clientVariables(platform);
  return [own.clientId ? '' : names.clientId, own.clientSecret ? '' : names.clientSecret].filter(Boolean);
}

export const ALL_PLATFORMS: readonly PlatformId[] = PLATFORM_IDS;
