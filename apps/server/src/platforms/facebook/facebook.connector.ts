import { ENGAGEMENT_CAPABILITIES } from '@relaycast/shared/engagement-capabilities';
import {
  checkFacebookApp,
  exchangeForLongLivedUserToken,
  FACEBOOK_LOGIN_URLS,
  facebookGraphApi,
  facebookLoginUrl,
  listManagedPages,
} from '../meta/facebook-login';
import { graphComment, graphRequest, listGraphPosts } from '../meta/graph';
import {
  type AccountCredentials,
  type CallContext,
  type Connector,
  PlatformError,
  type PublishRequest,
} from '../types';

/**
 * Facebook Pages through the Graph API. Facebook Login (authorization code, no PKCE) gives a user token, exchanged
 * for a long-lived one; `/me/accounts` then lists the Pages with a Page token each. The connected account is the
 * first Page; the others are listed in `meta.otherPages` (id and name) so a later picker can switch. The Page token
 * (which does not expire when derived from a long-lived user token) is kept in `secrets.pageToken` and used for
 * every publishing call.
 */

const SCOPES = [
  'pages_show_list',
  'pages_manage_posts',
  'pages_read_engagement',
  'pages_manage_engagement',
  'read_insights',
  'business_management',
  'publish_video',
  // The engagement inbox: comments by others on the Page's posts, and Messenger conversations.
  'pages_read_user_content',
  'pages_messaging',
] as const;

/** The connected Page and the token to call it with (the Page token, else the account token). */
export function facebookPageOf(credentials: AccountCredentials) {
  return {
    pageId: credentials.meta.pageId ?? credentials.platformAccountId,
    token: credentials.secrets.pageToken ?? credentials.accessToken,
  };
}

export function facebookPostUrl(postId: string): string {
  return `https://www.facebook.com/${postId}`;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/i;

async function publish(
  ctx: CallContext,
  credentials: AccountCredentials,
  request: PublishRequest,
): Promise<{ platformPostId: string; url: string }> {
  const { pageId, token } = facebookPageOf(credentials);
  const videos = request.media.filter((m) => m.kind === 'video');
  const images = request.media.filter((m) => m.kind !== 'video');
  if (!request.text.trim() && request.media.length === 0) {
    throw new PlatformError('refuse', 'A Facebook post needs text, images or a video.');
  }
  if (videos.length > 1 || (videos.length === 1 && images.length > 0)) {
    throw new PlatformError('refuse', 'A Facebook post takes either images or a single video.');
  }

  const video = videos[0];
  if (video) {
    // The video is fetched by Facebook from its public URL and published with the description.
    const answer = await graphRequest<{ id: string }>(ctx, {
      method: 'POST',
      url: `${facebookGraphApi(ctx)}/${pageId}/videos`,
      token,
      body: { json: { file_url: video.publicUrl, description: request.text } },
      sideEffect: true,
      timeoutMs: 120_000,
    });
    return { platformPostId: answer.body.id, url: facebookPostUrl(answer.body.id) };
  }

  // Images are uploaded unpublished first (invisible, so a failure here posts nothing), then attached to one post.
  const mediaIds: string[] = [];
  for (const image of images) {
    const photo = await graphRequest<{ id: string }>(ctx, {
      method: 'POST',
      url: `${facebookGraphApi(ctx)}/${pageId}/photos`,
      token,
      body: {
        json: {
          url: image.publicUrl,
          published: false,
          ...(image.altText ? { alt_text_custom: image.altText } : {}),
        },
      },
      timeoutMs: 60_000,
    });
    mediaIds.push(photo.body.id);
  }
  const link = mediaIds.length === 0 ? URL_IN_TEXT.exec(request.text)?.[0] : undefined;
  const feed = await graphRequest<{ id: string }>(ctx, {
    method: 'POST',
    url: `${facebookGraphApi(ctx)}/${pageId}/feed`,
    token,
    body: {
      json: {
        message: request.text,
        ...(link ? { link } : {}),
        ...(mediaIds.length > 0 ? { attached_media: mediaIds.map((id) => ({ media_fbid: id })) } : {}),
      },
    },
    sideEffect: true,
  });
  return { platformPostId: feed.body.id, url: facebookPostUrl(feed.body.id) };
}

interface PagePost {
  id: string;
  message?: string;
  created_time: string;
  permalink_url?: string;
}

export const facebookConnector: Connector = {
  platform: 'facebook',
  capabilities: {
    auth: 'oauth2',
    pkce: false,
    refresh: false,
    publishText: true,
    publishImages: true,
    publishVideo: true,
    mediaByUrl: true,
    listRecentPosts: true,
    engagement: ENGAGEMENT_CAPABILITIES.facebook,
    maxConcurrency: 4,
  },
  defaultUrls: { ...FACEBOOK_LOGIN_URLS },
  scopes: SCOPES,
  requiresClientCredentials: true,

  checkClient(ctx) {
    return checkFacebookApp(ctx, 'Facebook');
  },

  authorizationUrl(ctx, request) {
    return facebookLoginUrl(ctx, request, SCOPES);
  },

  async exchangeCode(ctx, exchange) {
    const user = await exchangeForLongLivedUserToken(ctx, exchange, 'Facebook');
    const pages = await listManagedPages(ctx, user.accessToken, 'id,name,access_token,picture{url}');
    const page = pages.find((p) => p.access_token);
    if (!page?.access_token) {
      throw new PlatformError(
        'refuse',
        'No Facebook Page was shared with Relaycast: choose at least one Page you manage when connecting.',
      );
    }
    const otherPages = pages.filter((p) => p.id !== page.id).map((p) => ({ id: p.id, name: p.name }));
    return {
      tokens: {
        accessToken: user.accessToken,
        // Publishing uses the Page token, which does not expire; the user token is kept only to list Pages again.
        scopes: [...SCOPES],
        secrets: { pageToken: page.access_token },
        meta: {
          pageId: page.id,
          ...(otherPages.length > 0 ? { otherPages: JSON.stringify(otherPages) } : {}),
        },
      },
      profile: {
        platformAccountId: page.id,
        handle: page.name,
        displayName: page.name,
        avatarUrl: page.picture?.data?.url,
      },
    };
  },

  publish,

  async comment(ctx, credentials, { platformPostId, text }) {
    const { token } = facebookPageOf(credentials);
    return graphComment(ctx, `${facebookGraphApi(ctx)}/${encodeURIComponent(platformPostId)}`, token, text);
  },

  async listRecentPosts(ctx, credentials, since) {
    const { pageId, token } = facebookPageOf(credentials);
    return listGraphPosts<PagePost>(
      ctx,
      {
        url: `${facebookGraphApi(ctx)}/${pageId}/posts`,
        token,
        fields: 'id,message,created_time,permalink_url',
      },
      since,
      (post) => ({
        platformPostId: post.id,
        url: post.permalink_url ?? facebookPostUrl(post.id),
        text: post.message ?? '',
        createdAt: new Date(post.created_time),
      }),
    );
  },
};
