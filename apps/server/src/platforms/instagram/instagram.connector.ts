import { ENGAGEMENT_CAPABILITIES } from '@relaycast/shared/engagement-capabilities';
import {
  checkFacebookApp,
  exchangeForLongLivedUserToken,
  FACEBOOK_LOGIN_URLS,
  facebookGraphApi,
  facebookLoginUrl,
  listManagedPages,
} from '../meta/facebook-login';
import {
  createGraphContainer,
  DEFAULT_POLL,
  graphComment,
  graphPermalink,
  graphRequest,
  listGraphPosts,
  type PollOptions,
  pollUntil,
  publishGraphContainer,
} from '../meta/graph';
import {
  type AccountCredentials,
  type CallContext,
  type Connector,
  PlatformError,
  type PublishedPost,
  type PublishMedia,
  type PublishRequest,
  type RecentPost,
} from '../types';

/**
 * Instagram professional accounts through Facebook Login and graph.facebook.com. The account is the Instagram
 * business/creator account linked to one of the user's Pages (`/me/accounts?fields=instagram_business_account{…}`);
 * calls use that Page's token (kept in `secrets.pageToken`; it does not expire). Media is fetched by Instagram
 * from its public URL: create a container, poll `status_code` until FINISHED, then `media_publish`.
 */

const SCOPES = [
  'instagram_basic',
  'instagram_content_publish',
  'instagram_manage_comments',
  'instagram_manage_insights',
  'pages_show_list',
  'pages_read_engagement',
] as const;

type ContainerStatus = 'FINISHED' | 'IN_PROGRESS' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

/** The Instagram account and the token to call it with (also used by instagram.analytics.ts). */
export function accountOf(credentials: AccountCredentials) {
  return {
    igUserId: credentials.meta.igUserId ?? credentials.platformAccountId,
    token: credentials.secrets.pageToken ?? credentials.accessToken,
    username: credentials.meta.username,
  };
}

// function-budget: one connector: its methods share the platform's client, settings and error mapping
export function createInstagramConnector(options: { poll?: PollOptions } = {}): Connector {
  const poll = options.poll ?? DEFAULT_POLL;

  /** Creates a container. Nothing is visible until `media_publish`, so a lost answer here is safe to retry. */
  async function createContainer(
    ctx: CallContext,
    igUserId: string,
    token: string,
    fields: Record<string, unknown>,
  ): Promise<string> {
    return createGraphContainer(ctx, `${facebookGraphApi(ctx)}/${igUserId}/media`, token, fields);
  }

  async function waitUntilReady(ctx: CallContext, containerId: string, token: string) {
    await pollUntil(
      ctx,
      poll,
      async () => {
        const answer = await graphRequest<{ status_code?: ContainerStatus; status?: string }>(ctx, {
          url: `${facebookGraphApi(ctx)}/${containerId}`,
          token,
          query: { fields: 'status_code,status' },
        });
        const status = answer.body.status_code;
        if (status === 'FINISHED') return { state: 'done' };
        if (status === 'ERROR' || status === 'EXPIRED') {
          return {
            state: 'failed',
            reason: `Instagram could not process the media${answer.body.status ? `: ${answer.body.status}` : '.'}`,
          };
        }
        if (status === 'PUBLISHED') {
          return { state: 'failed', reason: 'This Instagram media container was already published.' };
        }
        return { state: 'pending' };
      },
      'media',
    );
  }

  function mediaFields(media: PublishMedia, inCarousel: boolean): Record<string, unknown> {
    if (media.kind === 'video') {
      return inCarousel
        ? { media_type: 'VIDEO', video_url: media.publicUrl, is_carousel_item: true }
        : { media_type: 'REELS', video_url: media.publicUrl };
    }
    // Alt text: image containers only (feed and carousel images; not Reels or Stories).
    const alt = media.altText ? { alt_text: media.altText } : {};
    return inCarousel
      ? { image_url: media.publicUrl, is_carousel_item: true, ...alt }
      : { image_url: media.publicUrl, ...alt };
  }

  /** A Reel's cover: `cover_url` (an image) or `thumb_offset` (a moment, in ms); none: the first frame. */
  function reelCoverFields(cover: PublishRequest['reelCover']): Record<string, unknown> {
    if (!cover) return {};
    return 'imageUrl' in cover ? { cover_url: cover.imageUrl } : { thumb_offset: cover.offsetMs };
  }

  async function permalinkOf(
    ctx: CallContext,
    mediaId: string,
    token: string,
    username?: string,
  ): Promise<string> {
    const permalink = await graphPermalink(ctx, `${facebookGraphApi(ctx)}/${mediaId}`, token);
    if (permalink) return permalink;
    return username ? `https://www.instagram.com/${username}/` : 'https://www.instagram.com/';
  }

  async function publish(
    ctx: CallContext,
    credentials: AccountCredentials,
    request: PublishRequest,
  ): Promise<PublishedPost> {
    const { igUserId, token, username } = accountOf(credentials);
    if (request.media.length === 0) {
      throw new PlatformError('refuse', 'Instagram posts need at least one image or video.');
    }
    let containerId: string;
    const [single] = request.media;
    if (request.media.length === 1 && single) {
      containerId = await createContainer(ctx, igUserId, token, {
        ...mediaFields(single, false),
        caption: request.text,
        ...(single.kind === 'video' ? reelCoverFields(request.reelCover) : {}),
      });
    } else {
      const children: string[] = [];
      for (const media of request.media) {
        children.push(await createContainer(ctx, igUserId, token, mediaFields(media, true)));
      }
      for (const child of children) await waitUntilReady(ctx, child, token);
      containerId = await createContainer(ctx, igUserId, token, {
        media_type: 'CAROUSEL',
        children: children.join(','),
        caption: request.text,
      });
    }
    await waitUntilReady(ctx, containerId, token);
    const postId = await publishGraphContainer(
      ctx,
      `${facebookGraphApi(ctx)}/${igUserId}/media_publish`,
      token,
      containerId,
    );
    return { platformPostId: postId, url: await permalinkOf(ctx, postId, token, username) };
  }

  return {
    platform: 'instagram',
    capabilities: {
      auth: 'oauth2',
      pkce: false,
      refresh: false,
      publishText: false,
      publishImages: true,
      publishVideo: true,
      mediaByUrl: true,
      listRecentPosts: true,
      engagement: ENGAGEMENT_CAPABILITIES.instagram,
      maxConcurrency: 4,
    },
    defaultUrls: { ...FACEBOOK_LOGIN_URLS },
    scopes: SCOPES,
    requiresClientCredentials: true,

    checkClient(ctx) {
      return checkFacebookApp(ctx, 'Instagram');
    },

    authorizationUrl(ctx, request) {
      return facebookLoginUrl(ctx, request, SCOPES);
    },

    async exchangeCode(ctx, exchange) {
      const user = await exchangeForLongLivedUserToken(ctx, exchange, 'Instagram');
      const pages = await listManagedPages(
        ctx,
        user.accessToken,
        'id,name,access_token,instagram_business_account{id,username,name,profile_picture_url}',
      );
      const linked = pages.filter((p) => p.instagram_business_account && p.access_token);
      const page = linked[0];
      const account = page?.instagram_business_account;
      if (!page?.access_token || !account) {
        throw new PlatformError(
          'refuse',
          'No Instagram professional account is linked to the Facebook Pages you shared. Link one to a Page, then connect again.',
        );
      }
      const others = linked.slice(1).map((p) => ({
        id: p.instagram_business_account?.id,
        username: p.instagram_business_account?.username,
      }));
      const handle = account.username ?? account.id;
      return {
        tokens: {
          accessToken: user.accessToken,
          scopes: [...SCOPES],
          secrets: { pageToken: page.access_token },
          meta: {
            igUserId: account.id,
            pageId: page.id,
            username: handle,
            ...(others.length > 0 ? { otherAccounts: JSON.stringify(others) } : {}),
          },
        },
        profile: {
          platformAccountId: account.id,
          handle,
          displayName: account.name || handle,
          avatarUrl: account.profile_picture_url,
        },
      };
    },

    publish,

    async comment(ctx, credentials, { platformPostId, text }) {
      const { token } = accountOf(credentials);
      return graphComment(ctx, `${facebookGraphApi(ctx)}/${encodeURIComponent(platformPostId)}`, token, text);
    },

    async listRecentPosts(ctx, credentials, since): Promise<RecentPost[]> {
      const { igUserId, token } = accountOf(credentials);
      return listGraphPosts<{ id: string; caption?: string; timestamp: string; permalink?: string }>(
        ctx,
        {
          url: `${facebookGraphApi(ctx)}/${igUserId}/media`,
          token,
          fields: 'id,caption,timestamp,permalink',
        },
        since,
        (media) => ({
          platformPostId: media.id,
          url: media.permalink ?? 'https://www.instagram.com/',
          text: media.caption ?? '',
          createdAt: new Date(media.timestamp),
        }),
      );
    },
  };
}

export const instagramConnector = createInstagramConnector();
