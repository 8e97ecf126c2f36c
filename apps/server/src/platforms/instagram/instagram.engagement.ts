import { facebookGraphApi } from '../meta/facebook-login';
import { graphRequest } from '../meta/graph';
import type { AccountCredentials, EngagementOperations, PlatformInboxItem } from '../types';
import { PlatformError } from '../types';

/**
 * Instagram (professional account through Facebook Login) engagement with the Graph API
 * (developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-media/comments,
 * ig-comment/replies, and Private Replies): comments on the account's recent media, a reply under a comment
 * (`POST /{comment}/replies`), and a private reply to the commenter (`POST /{page}/messages` with
 * `recipient.comment_id`). The API cannot like posts or comments for a business account, and reading Instagram
 * DMs needs the separate Messenger-for-Instagram setup, so those are not offered.
 */

const MEDIA_PER_SYNC = 10;
const COMMENTS_PER_MEDIA = 50;

interface IgComment {
  id: string;
  text?: string;
  timestamp: string;
  username?: string;
  from?: { id: string; username?: string };
}

function accountOf(credentials: AccountCredentials) {
  return {
    igUserId: credentials.meta.igUserId ?? credentials.platformAccountId,
    pageId: credentials.meta.pageId,
    token: credentials.secrets.pageToken ?? credentials.accessToken,
    username: credentials.meta.username,
  };
}

export const instagramEngagement: EngagementOperations = {
  async listInbox(ctx, credentials, input) {
    const { igUserId, token, username } = accountOf(credentials);
    const media = await graphRequest<{ data?: { id: string; permalink?: string }[] }>(ctx, {
      url: `${facebookGraphApi(ctx)}/${igUserId}/media`,
      token,
      query: { fields: 'id,permalink,timestamp', limit: MEDIA_PER_SYNC },
    });
    const items: PlatformInboxItem[] = [];
    for (const post of (media.body.data ?? []).slice(0, MEDIA_PER_SYNC)) {
      const comments = await graphRequest<{ data?: IgComment[] }>(ctx, {
        url: `${facebookGraphApi(ctx)}/${post.id}/comments`,
        token,
        query: { fields: 'id,text,timestamp,username,from', limit: COMMENTS_PER_MEDIA },
      });
      for (const comment of comments.body.data ?? []) {
        const createdAt = new Date(comment.timestamp);
        const author = comment.from?.username ?? comment.username ?? 'instagram user';
        if ((username && author === username) || (input.since && createdAt <= input.since)) continue;
        items.push({
          platformItemId: comment.id,
          kind: 'comment',
          text: comment.text ?? '',
          createdAt,
          author: { platformUserId: comment.from?.id ?? author, handle: author },
          platformPostId: post.id,
          url: post.permalink,
        });
      }
    }
    items.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    return { items };
  },

  async reply(ctx, credentials, target, text) {
    const { token } = accountOf(credentials);
    const { body } = await graphRequest<{ id?: string }>(ctx, {
      method: 'POST',
      url: `${facebookGraphApi(ctx)}/${encodeURIComponent(target.platformItemId)}/replies`,
      token,
      body: { json: { message: text } },
      sideEffect: true,
    });
    if (!body.id) throw new PlatformError('unknown', 'Instagram answered without the reply.');
    return { platformItemId: body.id };
  },

  async message(ctx, credentials, target, text) {
    if (target.kind !== 'comment')
      throw new PlatformError('refuse', 'Instagram messages can only answer a comment here.');
    const { igUserId, pageId, token } = accountOf(credentials);
    const { body } = await graphRequest<{ message_id?: string }>(ctx, {
      method: 'POST',
      url: `${facebookGraphApi(ctx)}/${pageId ?? igUserId}/messages`,
      token,
      body: { json: { recipient: { comment_id: target.platformItemId }, message: { text } } },
      sideEffect: true,
    });
    return { platformItemId: body.message_id };
  },
};
