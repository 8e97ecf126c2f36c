import { ENGAGEMENT_CAPABILITIES } from '@relaycast/shared/engagement-capabilities';
import { clientCredentials } from '../oauth';
import { type Connector, PlatformError, type RecentPost } from '../types';
import { checkTikTokClient, DEFAULT_URLS, tiktokApi, tokenCall, urlsOf } from './tiktok-api';
import { createTikTokPublishing, type TikTokOptions, tiktokPostUrl } from './tiktok-publish';

/**
 * TikTok: Login Kit v2 (authorization code with PKCE S256, `client_key`), tokens from open.tiktokapis.com with a
 * refresh token, and the Content Posting API (direct post). Video: creator_info → video/init with FILE_UPLOAD →
 * PUT the bytes in Content-Range chunks to the upload URL → poll status until PUBLISH_COMPLETE. Photos:
 * content/init with PULL_FROM_URL (TikTok fetches the public URLs) → poll. No text-only posts. Recent posts come
 * from `/v2/video/list/`, which needs the `video.list` scope. Publishing lives in tiktok-publish.ts.
 */

/** `user.info.stats`: follower_count for analytics (docs/analytics.md, tiktok.analytics.ts). */
const SCOPES = ['user.info.basic', 'user.info.stats', 'video.publish', 'video.upload', 'video.list'] as const;

// function-budget: one connector: its methods share the platform's client, settings and error mapping
export function createTikTokConnector(options: TikTokOptions = {}): Connector {
  const { creatorInfo, publish } = createTikTokPublishing(options);

  return {
    platform: 'tiktok',
    capabilities: {
      auth: 'oauth2',
      pkce: true,
      refresh: true,
      publishText: false,
      publishImages: true,
      publishVideo: true,
      // Photos are pulled by TikTok from their public URL; videos are uploaded as bytes.
      mediaByUrl: true,
      listRecentPosts: true,
      engagement: ENGAGEMENT_CAPABILITIES.tiktok,
      // video/init allows 6 requests a minute per user.
      maxConcurrency: 2,
    },
    defaultUrls: { ...DEFAULT_URLS },
    scopes: SCOPES,
    requiresClientCredentials: true,

    checkClient: checkTikTokClient,

    authorizationUrl(ctx, request) {
      if (!request.codeChallenge) throw new Error('TikTok authorization needs a PKCE code challenge');
      const url = new URL(urlsOf(ctx).authorize);
      url.searchParams.set('client_key', ctx.settings.clientId ?? '');
      url.searchParams.set('scope', [...SCOPES, ...(request.scopes ?? [])].join(','));
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('redirect_uri', request.redirectUri);
      url.searchParams.set('state', request.state);
      url.searchParams.set('code_challenge', request.codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },

    async exchangeCode(ctx, exchange) {
      const { clientId, clientSecret } = clientCredentials(ctx.settings, 'TikTok');
      const { tokens, openId } = await tokenCall(
        ctx,
        {
          client_key: clientId,
          client_secret: clientSecret,
          code: exchange.code,
          grant_type: 'authorization_code',
          redirect_uri: exchange.redirectUri,
          ...(exchange.codeVerifier ? { code_verifier: exchange.codeVerifier } : {}),
        },
        'refuse',
      );
      const info = await tiktokApi<{
        user?: { open_id?: string; union_id?: string; avatar_url?: string; display_name?: string };
      }>(ctx, {
        url: `${urlsOf(ctx).api}/user/info/`,
        token: tokens.accessToken,
        query: { fields: 'open_id,union_id,avatar_url,display_name' },
      });
      // The handle (for post URLs) needs user.info.profile on /v2/user/info/; creator_info gives it with video.publish.
      const creator = await creatorInfo(ctx, tokens.accessToken).catch((err: unknown) => {
        if (err instanceof PlatformError && (err.kind === 'reauthorize' || err.kind === 'refuse')) {
          throw new PlatformError(
            'refuse',
            'TikTok did not allow Relaycast to post: connect again and allow posting content.',
            err.details,
          );
        }
        throw err;
      });
      const accountId = info.user?.open_id ?? openId;
      if (!accountId) throw new PlatformError('retry', 'TikTok did not say which account was connected.');
      const handle = creator.creator_username ?? accountId;
      return {
        tokens: { ...tokens, meta: { username: handle } },
        profile: {
          platformAccountId: accountId,
          handle,
          displayName: info.user?.display_name || creator.creator_nickname || handle,
          avatarUrl: info.user?.avatar_url ?? creator.creator_avatar_url,
        },
      };
    },

    async refresh(ctx, credentials) {
      const { clientId, clientSecret } = clientCredentials(ctx.settings, 'TikTok');
      if (!credentials.refreshToken)
        throw new PlatformError('reauthorize', 'TikTok needs to be connected again.');
      const { tokens } = await tokenCall(
        ctx,
        {
          client_key: clientId,
          client_secret: clientSecret,
          grant_type: 'refresh_token',
          refresh_token: credentials.refreshToken,
        },
        'reauthorize',
      );
      return tokens;
    },

    publish,

    async listRecentPosts(ctx, credentials, since): Promise<RecentPost[]> {
      const list = await tiktokApi<{
        videos?: {
          id: string;
          title?: string;
          video_description?: string;
          create_time: number;
          share_url?: string;
        }[];
      }>(ctx, {
        method: 'POST',
        url: `${urlsOf(ctx).api}/video/list/`,
        token: credentials.accessToken,
        query: { fields: 'id,title,video_description,create_time,share_url' },
        body: { json: { max_count: 20 } },
      });
      const sinceSecond = Math.floor(since.getTime() / 1000);
      return (list.videos ?? [])
        .filter((video) => video.create_time >= sinceSecond)
        .map((video) => ({
          platformPostId: String(video.id),
          url: video.share_url ?? tiktokPostUrl(credentials.meta.username, String(video.id), 'video'),
          text: video.video_description ?? video.title ?? '',
          createdAt: new Date(video.create_time * 1000),
        }))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    },
  };
}

export const tiktokConnector = createTikTokConnector();
