import { ENGAGEMENT_CAPABILITIES } from '@relaycast/shared/engagement-capabilities';
import {
  createGraphContainer,
  DEFAULT_POLL,
  graphPermalink,
  graphRequest,
  listGraphPosts,
  type PollOptions,
  pollUntil,
  publishGraphContainer,
} from '../meta/graph';
import { appTokenCheck, CLIENT_CHECK_TIMEOUT_MS, clientCredentials } from '../oauth';
import {
  type AccountCredentials,
  type CallContext,
  type Connector,
  PlatformError,
  type PublishedPost,
  type PublishMedia,
  type PublishRequest,
  type RecentPost,
  type TokenSet,
} from '../types';

/**
 * Threads (graph.threads.net). OAuth at threads.net (authorization code, no PKCE), code → short-lived token →
 * long-lived 60-day token (`th_exchange_token`), refreshed with `th_refresh_token` (the long-lived token refreshes
 * itself: there is no separate refresh token, so the token is stored as its own refresh token). Publishing: create a container (TEXT, IMAGE, VIDEO or CAROUSEL with
 * public media URLs), poll its status until FINISHED, then `threads_publish`.
 */

const SCOPES = [
  'threads_basic',
  'threads_content_publish',
  'threads_manage_replies',
  'threads_read_replies',
  'threads_manage_insights',
] as const;

const DEFAULT_URLS = {
  authorize: 'https://threads.net/oauth/authorize',
  token: 'https://graph.threads.net/oauth/access_token',
  exchange: 'https://graph.threads.net/access_token',
  refresh: 'https://graph.threads.net/refresh_access_token',
  api: 'https://graph.threads.net/v1.0',
} as const;

type Urls = Record<keyof typeof DEFAULT_URLS, string>;

export function urlsOf(ctx: CallContext): Urls {
  return { ...DEFAULT_URLS, ...ctx.settings.urls } as Urls;
}

interface TokenAnswer {
  access_token?: string;
  user_id?: string | number;
  token_type?: string;
  expires_in?: number;
}

function tokenSet(answer: TokenAnswer): TokenSet {
  if (!answer.access_token) throw new PlatformError('retry', 'Threads answered without an access token.');
  return {
    accessToken: answer.access_token,
    expiresAt: answer.expires_in ? new Date(Date.now() + answer.expires_in * 1000) : undefined,
  };
}

/**
 * The long-lived token refreshes itself, so it is also returned as the refresh token: the accounts module refreshes
 * (and sweeps) only accounts that have one, and this keeps it never empty.
 */
function longLivedTokenSet(answer: TokenAnswer): TokenSet {
  const tokens = tokenSet(answer);
  return { ...tokens, refreshToken: tokens.accessToken };
}

// function-budget: one connector: its methods share the platform's client, settings and error mapping
export function createThreadsConnector(options: { poll?: PollOptions } = {}): Connector {
  const poll = options.poll ?? DEFAULT_POLL;

  async function createContainer(
    ctx: CallContext,
    credentials: AccountCredentials,
    fields: Record<string, unknown>,
  ) {
    return createGraphContainer(
      ctx,
      `${urlsOf(ctx).api}/${credentials.platformAccountId}/threads`,
      credentials.accessToken,
      fields,
    );
  }

  async function waitUntilReady(ctx: CallContext, credentials: AccountCredentials, containerId: string) {
    await pollUntil(
      ctx,
      poll,
      async () => {
        const answer = await graphRequest<{ status?: string; error_message?: string }>(ctx, {
          url: `${urlsOf(ctx).api}/${containerId}`,
          token: credentials.accessToken,
          query: { fields: 'status,error_message' },
        });
        const { status, error_message: reason } = answer.body;
        if (status === 'FINISHED') return { state: 'done' };
        if (status === 'ERROR' || status === 'EXPIRED' || status === 'PUBLISHED') {
          return {
            state: 'failed',
            reason: `Threads could not process the post${reason ? `: ${reason}` : ` (${status.toLowerCase()}).`}`,
          };
        }
        return { state: 'pending' };
      },
      'post',
    );
  }

  function mediaFields(media: PublishMedia): Record<string, unknown> {
    const alt = media.altText ? { alt_text: media.altText } : {};
    return media.kind === 'video'
      ? { media_type: 'VIDEO', video_url: media.publicUrl, ...alt }
      : { media_type: 'IMAGE', image_url: media.publicUrl, ...alt };
  }

  async function permalinkOf(ctx: CallContext, credentials: AccountCredentials, id: string): Promise<string> {
    const permalink = await graphPermalink(ctx, `${urlsOf(ctx).api}/${id}`, credentials.accessToken);
    if (permalink) return permalink;
    const username = credentials.meta.username;
    return username ? `https://www.threads.net/@${username}` : 'https://www.threads.net/';
  }

  async function publish(
    ctx: CallContext,
    credentials: AccountCredentials,
    request: PublishRequest,
  ): Promise<PublishedPost> {
    if (!request.text.trim() && request.media.length === 0) {
      throw new PlatformError('refuse', 'A Threads post needs text, images or a video.');
    }
    const [single] = request.media;
    // A thread's next part replies to the part before it (docs/threads.md).
    const reply = request.replyTo ? { reply_to_id: request.replyTo.parent.platformPostId } : {};
    let containerId: string;
    if (!single) {
      containerId = await createContainer(ctx, credentials, {
        media_type: 'TEXT',
        text: request.text,
        ...reply,
      });
    } else if (request.media.length === 1) {
      containerId = await createContainer(ctx, credentials, {
        ...mediaFields(single),
        text: request.text,
        ...reply,
      });
    } else {
      const children: string[] = [];
      for (const media of request.media) {
        children.push(
          await createContainer(ctx, credentials, { ...mediaFields(media), is_carousel_item: true }),
        );
      }
      for (const child of children) await waitUntilReady(ctx, credentials, child);
      containerId = await createContainer(ctx, credentials, {
        media_type: 'CAROUSEL',
        children: children.join(','),
        text: request.text,
        ...reply,
      });
    }
    await waitUntilReady(ctx, credentials, containerId);
    const postId = await publishGraphContainer(
      ctx,
      `${urlsOf(ctx).api}/${credentials.platformAccountId}/threads_publish`,
      credentials.accessToken,
      containerId,
    );
    return { platformPostId: postId, url: await permalinkOf(ctx, credentials, postId) };
  }

  return {
    platform: 'threads',
    capabilities: {
      auth: 'oauth2',
      pkce: false,
      refresh: true,
      publishText: true,
      publishImages: true,
      publishVideo: true,
      mediaByUrl: true,
      listRecentPosts: true,
      engagement: ENGAGEMENT_CAPABILITIES.threads,
      maxConcurrency: 4,
    },
    defaultUrls: { ...DEFAULT_URLS },
    scopes: SCOPES,
    requiresClientCredentials: true,

    async checkClient(ctx) {
      const { clientId, clientSecret } = clientCredentials(ctx.settings, 'Threads');
      const { body } = await graphRequest<unknown>(ctx, {
        url: urlsOf(ctx).token,
        query: { client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials' },
        timeoutMs: CLIENT_CHECK_TIMEOUT_MS,
      });
      return appTokenCheck(body, 'Threads');
    },

    authorizationUrl(ctx, request) {
      const url = new URL(urlsOf(ctx).authorize);
      url.searchParams.set('client_id', ctx.settings.clientId ?? '');
      url.searchParams.set('redirect_uri', request.redirectUri);
      url.searchParams.set('scope', [...SCOPES, ...(request.scopes ?? [])].join(','));
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('state', request.state);
      return url.toString();
    },

    async exchangeCode(ctx, exchange) {
      const { clientId, clientSecret } = clientCredentials(ctx.settings, 'Threads');
      const urls = urlsOf(ctx);
      const short = await graphRequest<TokenAnswer>(ctx, {
        method: 'POST',
        url: urls.token,
        body: {
          form: {
            client_id: clientId,
            client_secret: clientSecret,
            grant_type: 'authorization_code',
            redirect_uri: exchange.redirectUri,
            code: exchange.code,
          },
        },
      });
      const shortToken = tokenSet(short.body).accessToken;
      const long = await graphRequest<TokenAnswer>(ctx, {
        url: urls.exchange,
        query: { grant_type: 'th_exchange_token', client_secret: clientSecret, access_token: shortToken },
      });
      const tokens = longLivedTokenSet(long.body);
      const me = await graphRequest<{
        id: string;
        username?: string;
        name?: string;
        threads_profile_picture_url?: string;
      }>(ctx, {
        url: `${urls.api}/me`,
        token: tokens.accessToken,
        query: { fields: 'id,username,name,threads_profile_picture_url' },
      });
      const handle = me.body.username ?? me.body.id;
      return {
        tokens: { ...tokens, scopes: [...SCOPES], meta: { username: handle } },
        profile: {
          platformAccountId: String(me.body.id),
          handle,
          displayName: me.body.name || handle,
          avatarUrl: me.body.threads_profile_picture_url,
        },
      };
    },

    async refresh(ctx, credentials) {
      const answer = await graphRequest<TokenAnswer>(ctx, {
        url: urlsOf(ctx).refresh,
        query: { grant_type: 'th_refresh_token', access_token: credentials.accessToken },
      });
      return longLivedTokenSet(answer.body);
    },

    publish,

    async listRecentPosts(ctx, credentials, since): Promise<RecentPost[]> {
      return listGraphPosts<{ id: string; text?: string; timestamp: string; permalink?: string }>(
        ctx,
        {
          url: `${urlsOf(ctx).api}/${credentials.platformAccountId}/threads`,
          token: credentials.accessToken,
          fields: 'id,text,timestamp,permalink',
        },
        since,
        (thread) => ({
          platformPostId: thread.id,
          url: thread.permalink ?? 'https://www.threads.net/',
          text: thread.text ?? '',
          createdAt: new Date(thread.timestamp),
        }),
      );
    },
  };
}

export const threadsConnector = createThreadsConnector();
