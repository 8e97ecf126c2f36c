import { facebookGraphApi } from '../meta/facebook-login';
import { graphRequest } from '../meta/graph';
import type { AccountCredentials, CallContext, EngagementOperations, PlatformInboxItem } from '../types';
import { PlatformError } from '../types';
import { facebookPageOf } from './facebook.connector';

/**
 * Facebook Pages engagement through the Graph API, always with the Page token
 * (developers.facebook.com/docs/graph-api/reference/page/feed, /object/comments, /object/likes,
 * /docs/messenger-platform/send-messages): comments on the Page's posts (`GET /{page}/feed` with their comments),
 * Messenger conversations (`GET /{page}/conversations`), like (`POST /{object}/likes`), reply to a comment
 * (`POST /{comment}/comments`) or in a conversation (Send API), and message a commenter with a private reply
 * (`POST /{page}/messages`, `recipient.comment_id`). Throttling (codes 4, 17, 32, 613) becomes a retry with
 * the wait from Meta's usage headers (meta/graph.ts).
 */

const POSTS_PER_PAGE = 25;
const COMMENTS_PER_POST = 50;

interface GraphFrom {
  id: string;
  name?: string;
}

interface GraphComment {
  id: string;
  message?: string;
  created_time: string;
  from?: GraphFrom;
  permalink_url?: string;
}

interface FeedPost {
  id: string;
  comments?: { data?: GraphComment[] };
}

interface Conversation {
  id: string;
  messages?: { data?: { id: string; message?: string; created_time: string; from?: GraphFrom }[] };
}

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

async function send(
  ctx: CallContext,
  credentials: AccountCredentials,
  recipient: Record<string, string>,
  text: string,
) {
  const { pageId, token } = facebookPageOf(credentials);
  const { body } = await graphRequest<{ message_id?: string }>(ctx, {
    method: 'POST',
    url: `${facebookGraphApi(ctx)}/${pageId}/messages`,
    token,
    body: { json: { recipient, messaging_type: 'RESPONSE', message: { text } } },
    sideEffect: true,
  });
  return { platformItemId: body.message_id ?? '' };
}

export const facebookEngagement: EngagementOperations = {
  async listInbox(ctx, credentials, input) {
    const { pageId, token } = facebookPageOf(credentials);
    const feed = await graphRequest<{
      data?: FeedPost[];
      paging?: { cursors?: { after?: string }; next?: string };
    }>(ctx, {
      url: `${facebookGraphApi(ctx)}/${pageId}/feed`,
      token,
      query: {
        fields: `id,comments.limit(${COMMENTS_PER_POST}).order(reverse_chronological){id,message,created_time,from,permalink_url}`,
        limit: POSTS_PER_PAGE,
        after: input.cursor,
      },
    });
    const items: PlatformInboxItem[] = [];
    for (const post of feed.body.data ?? []) {
      for (const comment of post.comments?.data ?? []) {
        const createdAt = new Date(comment.created_time);
        if (comment.from?.id === pageId || (input.since && createdAt <= input.since)) continue;
        items.push({
          platformItemId: comment.id,
          kind: 'comment',
          text: comment.message ?? '',
          createdAt,
          author: {
            platformUserId: comment.from?.id ?? 'unknown',
            handle: comment.from?.name ?? 'Facebook user',
            displayName: comment.from?.name,
          },
          platformPostId: post.id,
          url: comment.permalink_url,
        });
      }
    }
    if (!input.cursor) {
      const conversations = await graphRequest<{ data?: Conversation[] }>(ctx, {
        url: `${facebookGraphApi(ctx)}/${pageId}/conversations`,
        token,
        query: {
          platform: 'messenger',
          fields: 'id,messages.limit(5){id,message,created_time,from}',
          ...(input.since ? { since: unixSeconds(input.since) } : {}),
        },
      });
      for (const conversation of conversations.body.data ?? []) {
        for (const message of conversation.messages?.data ?? []) {
          const createdAt = new Date(message.created_time);
          if (message.from?.id === pageId || (input.since && createdAt <= input.since)) continue;
          items.push({
            platformItemId: message.id,
            kind: 'message',
            text: message.message ?? '',
            createdAt,
            author: {
              platformUserId: message.from?.id ?? 'unknown',
              handle: message.from?.name ?? 'Facebook user',
              displayName: message.from?.name,
            },
            conversationId: conversation.id,
          });
        }
      }
    }
    items.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const after = feed.body.paging?.next ? feed.body.paging.cursors?.after : undefined;
    // Stop paging once a page held nothing newer than what we have.
    return { items, nextCursor: items.length > 0 ? after : undefined };
  },

  async like(ctx, credentials, target) {
    if (target.kind === 'message') throw new PlatformError('refuse', 'Messenger messages cannot be liked.');
    const { token } = facebookPageOf(credentials);
    await graphRequest(ctx, {
      method: 'POST',
      url: `${facebookGraphApi(ctx)}/${encodeURIComponent(target.platformItemId)}/likes`,
      token,
      sideEffect: true,
    });
  },

  async reply(ctx, credentials, target, text) {
    if (target.kind === 'message') {
      if (!target.authorPlatformUserId)
        throw new PlatformError('refuse', 'The sender of this message is unknown.');
      return send(ctx, credentials, { id: target.authorPlatformUserId }, text);
    }
    const { token } = facebookPageOf(credentials);
    const { body } = await graphRequest<{ id?: string }>(ctx, {
      method: 'POST',
      url: `${facebookGraphApi(ctx)}/${encodeURIComponent(target.platformItemId)}/comments`,
      token,
      body: { json: { message: text } },
      sideEffect: true,
    });
    if (!body.id) throw new PlatformError('unknown', 'Facebook answered without the reply.');
    return { platformItemId: body.id };
  },

  async message(ctx, credentials, target, text) {
    // A commenter is reached with a private reply to the comment; a Messenger sender by their page-scoped id.
    if (target.kind === 'comment') return send(ctx, credentials, { comment_id: target.platformItemId }, text);
    if (!target.authorPlatformUserId)
      throw new PlatformError('refuse', 'The author of this item is unknown.');
    return send(ctx, credentials, { id: target.authorPlatformUserId }, text);
  },
};
