import { platformRequest } from '../http';
import type { AccountCredentials, CallContext, EngagementOperations, PlatformInboxItem } from '../types';
import { PlatformError } from '../types';
import { checkUserGivenUrl, withUserGivenHosts } from '../user-given-url';
import { describeBlueskyError } from './bluesky.connector';

/**
 * Bluesky engagement over XRPC (docs.bsky.app): the inbox is the account's `reply`, `mention` and `quote`
 * notifications (`app.bsky.notification.listNotifications`); like and reply are records created in the account's
 * repo (`app.bsky.feed.like`, and an `app.bsky.feed.post` with `reply.root` / `reply.parent` strong refs, read
 * with `app.bsky.feed.getPosts`). Direct messages live on a separate chat service that app passwords reach only
 * with chat access, so they are not offered.
 */

const PAGE_SIZE = 50;
const INBOX_REASONS = new Set(['reply', 'mention', 'quote']);

interface Notification {
  uri: string;
  cid: string;
  reason: string;
  indexedAt: string;
  author: { did: string; handle: string; displayName?: string; avatar?: string };
  record?: { text?: string; createdAt?: string; reply?: { parent?: { uri: string } } };
}

interface StrongRef {
  uri: string;
  cid: string;
}

async function serviceOf(ctx: CallContext, credentials: AccountCredentials): Promise<string> {
  const fallback = ctx.settings.urls.service?.replace(/\/+$/, '');
  const stored = credentials.meta.service;
  if (!stored || stored === fallback) {
    if (!fallback) throw new Error('bluesky connector: no service URL');
    return fallback;
  }
  return checkUserGivenUrl(stored, ctx.settings.addressPolicy);
}

const xrpc = (service: string, method: string) => `${service}/xrpc/${method}`;

/** The post's strong ref, and the root of its thread (itself when it is not a reply). */
async function threadRefs(ctx: CallContext, service: string, credentials: AccountCredentials, uri: string) {
  const { body } = await platformRequest<{
    posts?: { uri: string; cid: string; record?: { reply?: { root?: StrongRef } } }[];
  }>(
    ctx,
    { url: xrpc(service, 'app.bsky.feed.getPosts'), query: { uris: uri }, token: credentials.accessToken },
    describeBlueskyError,
  );
  const post = body.posts?.[0];
  if (!post) throw new PlatformError('refuse', 'This post no longer exists on Bluesky.');
  const parent = { uri: post.uri, cid: post.cid };
  return { parent, root: post.record?.reply?.root ?? parent };
}

async function createRecord(
  ctx: CallContext,
  service: string,
  credentials: AccountCredentials,
  collection: string,
  record: Record<string, unknown>,
) {
  const { body } = await platformRequest<{ uri?: string; cid?: string }>(
    ctx,
    {
      method: 'POST',
      url: xrpc(service, 'com.atproto.repo.createRecord'),
      token: credentials.accessToken,
      body: { json: { repo: credentials.platformAccountId, collection, record } },
      sideEffect: true,
    },
    describeBlueskyError,
  );
  if (!body.uri)
    throw new PlatformError('unknown', 'Bluesky accepted the record but did not return its URI.');
  return body.uri;
}

export const blueskyEngagement: EngagementOperations = withUserGivenHosts({
  async listInbox(ctx, credentials, input) {
    const service = await serviceOf(ctx, credentials);
    const { body } = await platformRequest<{ notifications?: Notification[]; cursor?: string }>(
      ctx,
      {
        url: xrpc(service, 'app.bsky.notification.listNotifications'),
        token: credentials.accessToken,
        query: { limit: PAGE_SIZE, cursor: input.cursor },
      },
      describeBlueskyError,
    );
    const notifications = body.notifications ?? [];
    const items: PlatformInboxItem[] = [];
    let reachedKnown = false;
    for (const notification of notifications) {
      const createdAt = new Date(notification.record?.createdAt ?? notification.indexedAt);
      if (input.since && createdAt <= input.since) {
        reachedKnown = true;
        continue;
      }
      if (!INBOX_REASONS.has(notification.reason)) continue;
      const parent = notification.record?.reply?.parent?.uri;
      items.push({
        platformItemId: notification.uri,
        kind: notification.reason === 'reply' ? 'comment' : 'mention',
        text: notification.record?.text ?? '',
        createdAt,
        author: {
          platformUserId: notification.author.did,
          handle: notification.author.handle,
          displayName: notification.author.displayName,
          avatarUrl: notification.author.avatar,
        },
        platformPostId: parent,
        url: `https://bsky.app/profile/${notification.author.handle}/post/${notification.uri.split('/').pop()}`,
      });
    }
    const more = !reachedKnown && notifications.length === PAGE_SIZE && body.cursor;
    return { items, nextCursor: more ? body.cursor : undefined };
  },

  async like(ctx, credentials, target) {
    const service = await serviceOf(ctx, credentials);
    const { parent } = await threadRefs(ctx, service, credentials, target.platformItemId);
    await createRecord(ctx, service, credentials, 'app.bsky.feed.like', {
      $type: 'app.bsky.feed.like',
      subject: parent,
      createdAt: new Date().toISOString(),
    });
  },

  async reply(ctx, credentials, target, text) {
    const service = await serviceOf(ctx, credentials);
    const refs = await threadRefs(ctx, service, credentials, target.platformItemId);
    const uri = await createRecord(ctx, service, credentials, 'app.bsky.feed.post', {
      $type: 'app.bsky.feed.post',
      text,
      createdAt: new Date().toISOString(),
      reply: { root: refs.root, parent: refs.parent },
    });
    return { platformItemId: uri };
  },
});
