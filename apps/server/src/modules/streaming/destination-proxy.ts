import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { STREAMING_MESSAGES, type StreamPlatformId } from '@relaycast/shared/streaming';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountProxies, socialAccounts } from '../../db/schema/index';
import type { AccountProxyRow } from '../accounts/account-call-context';

/**
 * Which account's proxy a live destination's RTMP push goes through
 * (docs/decisions/0099-live-streams-through-proxies.md). A destination is an RTMP address and a key, not an
 * account (docs/streaming.md §8): it belongs to the workspace's account of the same platform. With one account
 * of that platform, its proxy (if any) is used. With several and at least one behind a proxy, which one the key
 * is for cannot be told: the destination is refused rather than streamed without that proxy. Custom RTMP and
 * Twitch have no accounts here, so they always go out directly.
 */
export type DestinationRoute =
  | { kind: 'direct' }
  | { kind: 'proxy'; proxy: AccountProxyRow }
  | { kind: 'refused'; reason: string };

export async function destinationRouteOf(
  db: Db,
  workspaceId: string,
  platform: StreamPlatformId,
): Promise<DestinationRoute> {
  if (!(platform in PLATFORMS)) return { kind: 'direct' };
  const accounts = await db
    .select({ id: socialAccounts.id, proxy: accountProxies })
    .from(socialAccounts)
    .leftJoin(accountProxies, eq(accountProxies.accountId, socialAccounts.id))
    .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.platform, platform)));
  const proxied = accounts.flatMap((account) => (account.proxy ? [account.proxy] : []));
  const [only] = proxied;
  if (!only) return { kind: 'direct' };
  if (accounts.length === 1) return { kind: 'proxy', proxy: only };
  const name = PLATFORMS[platform as PlatformId].name;
  return { kind: 'refused', reason: STREAMING_MESSAGES.proxyAccountUnknown(name) };
}
