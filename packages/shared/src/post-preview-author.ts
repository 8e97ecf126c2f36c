import type { SocialAccount } from './accounts';
import type { PlatformId } from './platforms';

/** Who a post's preview shows as its author, as each network prints it (docs/post-previews.md). */

export type PreviewAccount = Pick<SocialAccount, 'handle' | 'displayName' | 'avatarUrl' | 'instanceUrl'>;

/**
 * The handle as the network prints it: `@name` on X, TikTok and YouTube, `@name.bsky.social` on Bluesky,
 * `@user@instance` on Mastodon, the bare username on Instagram and Threads; null where the network names the
 * author only (a Facebook Page, a LinkedIn member).
 */
export function displayHandle(platform: PlatformId, account: PreviewAccount): string | null {
  const handle = account.handle.trim().replace(/^@/, '');
  if (!handle) return null;
  switch (platform) {
    case 'facebook':
    case 'linkedin':
      return null;
    case 'instagram':
    case 'threads':
      return handle;
    case 'bluesky':
      return `@${handle.includes('.') ? handle : `${handle}.bsky.social`}`;
    case 'mastodon': {
      if (handle.includes('@')) return `@${handle}`;
      const host = account.instanceUrl ? hostOf(account.instanceUrl) : null;
      return host ? `@${handle}@${host}` : `@${handle}`;
    }
    default:
      return `@${handle}`;
  }
}

/** Networks whose post header names the username alone (no display name). */
const USERNAME_FIRST: ReadonlySet<PlatformId> = new Set(['instagram', 'threads', 'tiktok']);

export interface PreviewAuthor {
  /** The bold name in the post's header. */
  name: string;
  /** The line under (or next to) it; null when the network prints none. */
  handle: string | null;
  avatarUrl: string | null;
  /** False: no account of this network is picked, so the header shows the author's own name. */
  isConnected: boolean;
}

/** The post's header: the picked account as the network names it, or the author when none is connected. */
export function previewAuthor(
  platform: PlatformId,
  account: PreviewAccount | null,
  authorName: string,
): PreviewAuthor {
  if (!account) return { name: authorName, handle: null, avatarUrl: null, isConnected: false };
  const handle = displayHandle(platform, account);
  if (USERNAME_FIRST.has(platform) && handle) {
    return { name: handle, handle: null, avatarUrl: account.avatarUrl, isConnected: true };
  }
  return {
    name: account.displayName || account.handle,
    handle,
    avatarUrl: account.avatarUrl,
    isConnected: true,
  };
}

/** The host of a link (`https://user@Www.Example.com:8080/a` → `www.example.com`), or null when it has none. */
export function hostOf(url: string): string | null {
  const host = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/?#]*@)?([^/?#:]+)/i.exec(url.trim())?.[1];
  return host && /^[a-z0-9.-]+$/i.test(host) && host.includes('.') ? host.toLowerCase() : null;
}
