import { randomUUID } from 'node:crypto';
import { platformRequest } from '../http';
import type {
  AccountCredentials,
  CallContext,
  EngagementOperations,
  EngagementTarget,
  PlatformInboxItem,
} from '../types';
import { PlatformError } from '../types';
import { checkUserGivenUrl, withUserGivenHosts } from '../user-given-url';
import { describeMastodonError, mastodonPlainText } from './mastodon.connector';

/**
 * Mastodon engagement (docs.joinmastodon.org/methods/notifications, /methods/statuses): the inbox is the
 * account's `mention` notifications (a reply to one of our statuses is a comment, a `direct` status a message,
 * anything else a mention); like = favourite; reply = a status `in_reply_to_id` that @-mentions the author;
 * message = a `direct` status that @-mentions the author. Mastodon's rate limit (300 requests / 5 minutes per
 * account) answers 429 with X-RateLimit-Reset, which platformRequest turns into retryAfterMs.
 */

const PAGE_SIZE = 40;

interface MastodonAccount {
  id: string;
  acct: string;
  display_name?: string;
  avatar?: string;
}

interface MastodonNotification {
  id: string;
  type: string;
  created_at: string;
  account: MastodonAccount;
  status?: {
    id: string;
    content: string;
    url?: string | null;
    in_reply_to_id?: string | null;
    visibility?: string;
  } | null;
}

async function instanceOf(ctx: CallContext, credentials: AccountCredentials): Promise<string> {
  const raw = credentials.meta.instanceUrl;
  if (!raw) throw new PlatformError('reauthorize', 'The account has no Mastodon instance; connect it again.');
  return checkUserGivenUrl(raw, ctx.settings.addressPolicy);
}

function toInboxItem(notification: MastodonNotification): PlatformInboxItem | undefined {
  const status = notification.status;
  if (notification.type !== 'mention' || !status) return undefined;
  const kind = status.visibility === 'direct' ? 'message' : status.in_reply_to_id ? 'comment' : 'mention';
  return {
    platformItemId: status.id,
    kind,
    text: mastodonPlainText(status.content),
    createdAt: new Date(notification.created_at),
    author: {
      platformUserId: notification.account.id,
      handle: notification.account.acct,
      displayName: notification.account.display_name || undefined,
      avatarUrl: notification.account.avatar || undefined,
    },
    platformPostId: status.in_reply_to_id ?? undefined,
    conversationId: kind === 'message' ? status.id : undefined,
    url: status.url ?? undefined,
  };
}

function mention(target: EngagementTarget, text: string): string {
  if (!target.authorHandle) return text;
  const handle = `@${target.authorHandle.replace(/^@/, '')}`;
  return text.includes(handle) ? text : `${handle} ${text}`;
}

async function postStatus(
  ctx: CallContext,
  credentials: AccountCredentials,
  body: Record<string, string>,
): Promise<{ platformItemId: string; url?: string }> {
  const instance = await instanceOf(ctx, credentials);
  const { body: status } = await platformRequest<{ id: string; url?: string | null }>(
    ctx,
    {
      method: 'POST',
      url: `${instance}/api/v1/statuses`,
      token: credentials.accessToken,
      headers: { 'idempotency-key': randomUUID() },
      body: { json: body },
      sideEffect: true,
    },
    describeMastodonError,
  );
  return { platformItemId: status.id, url: status.url ?? undefined };
}

export const mastodonEngagement: EngagementOperations = withUserGivenHosts({
  async listInbox(ctx, credentials, input) {
    const instance = await instanceOf(ctx, credentials);
    const { body } = await platformRequest<MastodonNotification[]>(
      ctx,
      {
        url: `${instance}/api/v1/notifications`,
        token: credentials.accessToken,
        query: { 'types[]': 'mention', limit: PAGE_SIZE, max_id: input.cursor },
      },
      describeMastodonError,
    );
    const notifications = Array.isArray(body) ? body : [];
    const items = notifications
      .map(toInboxItem)
      .filter((item): item is PlatformInboxItem => item !== undefined)
      .filter((item) => !input.since || item.createdAt > input.since);
    // Newest first: once a page reaches what we already have, there is nothing older to read.
    const reachedKnown =
      input.since !== undefined && notifications.some((n) => new Date(n.created_at) <= input.since!);
    const last = notifications.at(-1);
    return {
      items,
      nextCursor: !reachedKnown && notifications.length === PAGE_SIZE && last ? last.id : undefined,
    };
  },

  async like(ctx, credentials, target) {
    const instance = await instanceOf(ctx, credentials);
    await platformRequest(
      ctx,
      {
        method: 'POST',
        url: `${instance}/api/v1/statuses/${encodeURIComponent(target.platformItemId)}/favourite`,
        token: credentials.accessToken,
        sideEffect: true,
      },
      describeMastodonError,
    );
  },

  async reply(ctx, credentials, target, text) {
    return postStatus(ctx, credentials, {
      status: mention(target, text),
      in_reply_to_id: target.platformItemId,
      // A reply to a direct message stays direct.
      visibility: target.kind === 'message' ? 'direct' : 'public',
    });
  },

  async message(ctx, credentials, target, text) {
    if (!target.authorHandle) throw new PlatformError('refuse', 'The author of this item is unknown.');
    const sent = await postStatus(ctx, credentials, {
      status: mention(target, text),
      visibility: 'direct',
      ...(target.kind === 'message' ? { in_reply_to_id: target.platformItemId } : {}),
    });
    return { platformItemId: sent.platformItemId };
  },
});
