import { platformRequest } from '../http';
import type { CallContext, EngagementOperations, PlatformInboxItem } from '../types';
import { PlatformError } from '../types';
import { describeTwitterError } from './twitter.connector';

/**
 * X API v2 engagement (docs.x.com/x-api): mentions (`GET /2/users/:id/mentions`, a reply to a tweet is a
 * comment), direct messages (`GET /2/dm_events`), like (`POST /2/users/:id/likes`), reply (`POST /2/tweets` with
 * `reply.in_reply_to_tweet_id`; in a DM conversation, `POST /2/dm_conversations/:id/messages`), and message
 * (`POST /2/dm_conversations/with/:participant_id/messages`). Needs the scopes like.write, dm.read, dm.write.
 * X's per-endpoint 15-minute windows answer 429 with x-rate-limit-reset, which becomes retryAfterMs.
 */

const PAGE_SIZE = 100;

interface XUser {
  id: string;
  username: string;
  name?: string;
  profile_image_url?: string;
}

interface XTweet {
  id: string;
  text: string;
  created_at?: string;
  author_id?: string;
  referenced_tweets?: { type: string; id: string }[];
}

interface XDmEvent {
  id: string;
  text?: string;
  event_type?: string;
  created_at?: string;
  sender_id?: string;
  dm_conversation_id?: string;
}

function api(ctx: CallContext, path: string): string {
  const base = ctx.settings.urls.api;
  if (!base) throw new Error('twitter connector: no api URL');
  return `${base}${path}`;
}

/** X wants RFC 3339 without milliseconds. */
function xTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function authorOf(users: XUser[] | undefined, id: string | undefined) {
  const user = users?.find((candidate) => candidate.id === id);
  return {
    platformUserId: id ?? 'unknown',
    handle: user?.username ?? id ?? 'unknown',
    displayName: user?.name,
    avatarUrl: user?.profile_image_url,
  };
}

export const twitterEngagement: EngagementOperations = {
  async listInbox(ctx, credentials, input) {
    const me = credentials.platformAccountId;
    const since = input.since ? xTime(new Date(input.since.getTime() + 1000)) : undefined;
    const mentions = await platformRequest<{
      data?: XTweet[];
      includes?: { users?: XUser[] };
      meta?: { next_token?: string };
    }>(
      ctx,
      {
        url: api(ctx, `/users/${encodeURIComponent(me)}/mentions`),
        token: credentials.accessToken,
        query: {
          max_results: PAGE_SIZE,
          start_time: since,
          pagination_token: input.cursor,
          'tweet.fields': 'created_at,author_id,conversation_id,referenced_tweets',
          expansions: 'author_id',
          'user.fields': 'username,name,profile_image_url',
        },
      },
      describeTwitterError,
    );
    const items: PlatformInboxItem[] = (mentions.body.data ?? []).map((tweet) => {
      const repliedTo = tweet.referenced_tweets?.find((ref) => ref.type === 'replied_to')?.id;
      const author = authorOf(mentions.body.includes?.users, tweet.author_id);
      return {
        platformItemId: tweet.id,
        kind: repliedTo ? 'comment' : 'mention',
        text: tweet.text,
        createdAt: new Date(tweet.created_at ?? Date.now()),
        author,
        platformPostId: repliedTo,
        url: `https://x.com/${author.handle}/status/${tweet.id}`,
      };
    });
    // Direct messages: one page per sync, read with the first page of mentions.
    if (!input.cursor) {
      const dms = await platformRequest<{ data?: XDmEvent[]; includes?: { users?: XUser[] } }>(
        ctx,
        {
          url: api(ctx, '/dm_events'),
          token: credentials.accessToken,
          query: {
            max_results: PAGE_SIZE,
            event_types: 'MessageCreate',
            'dm_event.fields': 'id,text,event_type,created_at,sender_id,dm_conversation_id',
            expansions: 'sender_id',
            'user.fields': 'username,name,profile_image_url',
          },
        },
        describeTwitterError,
      );
      for (const event of dms.body.data ?? []) {
        if (event.sender_id === me) continue;
        const createdAt = new Date(event.created_at ?? Date.now());
        if (input.since && createdAt <= input.since) continue;
        items.push({
          platformItemId: `dm:${event.id}`,
          kind: 'message',
          text: event.text ?? '',
          createdAt,
          author: authorOf(dms.body.includes?.users, event.sender_id),
          conversationId: event.dm_conversation_id,
        });
      }
    }
    items.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    return { items, nextCursor: mentions.body.meta?.next_token };
  },

  async like(ctx, credentials, target) {
    if (target.kind === 'message') throw new PlatformError('refuse', 'Direct messages cannot be liked on X.');
    await platformRequest(
      ctx,
      {
        method: 'POST',
        url: api(ctx, `/users/${encodeURIComponent(credentials.platformAccountId)}/likes`),
        token: credentials.accessToken,
        body: { json: { tweet_id: target.platformItemId } },
        sideEffect: true,
      },
      describeTwitterError,
    );
  },

  async reply(ctx, credentials, target, text) {
    if (target.kind === 'message' && target.conversationId) {
      const { body } = await platformRequest<{ data?: { dm_event_id?: string } }>(
        ctx,
        {
          method: 'POST',
          url: api(ctx, `/dm_conversations/${encodeURIComponent(target.conversationId)}/messages`),
          token: credentials.accessToken,
          body: { json: { text } },
          sideEffect: true,
        },
        describeTwitterError,
      );
      return { platformItemId: body.data?.dm_event_id ?? '' };
    }
    const { body } = await platformRequest<{ data?: { id: string } }>(
      ctx,
      {
        method: 'POST',
        url: api(ctx, '/tweets'),
        token: credentials.accessToken,
        body: { json: { text, reply: { in_reply_to_tweet_id: target.platformItemId } } },
        sideEffect: true,
      },
      describeTwitterError,
    );
    if (!body.data?.id) throw new PlatformError('unknown', 'X answered without the reply.');
    return { platformItemId: body.data.id, url: `https://x.com/i/web/status/${body.data.id}` };
  },

  async message(ctx, credentials, target, text) {
    if (!target.authorPlatformUserId)
      throw new PlatformError('refuse', 'The author of this item is unknown.');
    const { body } = await platformRequest<{ data?: { dm_event_id?: string } }>(
      ctx,
      {
        method: 'POST',
        url: api(ctx, `/dm_conversations/with/${encodeURIComponent(target.authorPlatformUserId)}/messages`),
        token: credentials.accessToken,
        body: { json: { text } },
        sideEffect: true,
      },
      describeTwitterError,
    );
    return { platformItemId: body.data?.dm_event_id };
  },
};
