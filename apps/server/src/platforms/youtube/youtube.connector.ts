import { ENGAGEMENT_CAPABILITIES } from '@relaycast/shared/engagement-capabilities';
import { youTubeTitleAndDescription } from '@relaycast/shared/youtube';
import { type DescribeError, platformRequest } from '../http';
import { readMediaBytes } from '../media';
import {
  authorizationCodeUrl,
  CLIENT_CHECK_VERIFIER,
  checkClientWithMadeUpCode,
  clientSecretPostToken,
  isTokenError,
} from '../oauth';
import { type CallContext, type Connector, PlatformError, type RecentPost } from '../types';

/**
 * YouTube Data API v3: Google OAuth 2 with PKCE, `access_type=offline` and `prompt=consent` (so a refresh token
 * is issued), the channel from `channels?mine=true`, publishing = one video through the resumable upload
 * (`POST /upload/youtube/v3/videos?uploadType=resumable` → PUT the bytes to the session `Location`). The first
 * line of the text is the title (≤ 100 characters), the rest the description (`youTubeTitleAndDescription` in
 * packages/shared/src/youtube.ts, which the composer's preview reads too). Text-only and image posts are not
 * possible (community posts have no API). Note: Google forces uploads from unaudited API projects to private.
 */

/** Upload and read the channel; force-ssl for the engagement capabilities (comments, replies, ratings). */
const SCOPES = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/youtube.force-ssl',
] as const;

interface Channel {
  id: string;
  snippet?: { title?: string; customUrl?: string; thumbnails?: { default?: { url?: string } } };
  contentDetails?: { relatedPlaylists?: { uploads?: string } };
}

interface GoogleError {
  error?:
    | string
    | { code?: number; message?: string; status?: string; errors?: { reason?: string; message?: string }[] };
  error_description?: string;
}

const RETRY_REASONS = new Set([
  'quotaExceeded',
  'uploadLimitExceeded',
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'backendError',
]);
const REAUTHORIZE_REASONS = new Set(['authError', 'insufficientPermissions']);

export const describeYouTubeError: DescribeError = (status, body) => {
  const record = (body && typeof body === 'object' ? body : {}) as GoogleError;
  if (typeof record.error === 'string') {
    return {
      message: record.error_description ?? record.error,
      kind: isTokenError(record.error) ? 'reauthorize' : undefined,
      platformCode: record.error,
    };
  }
  const reason = record.error?.errors?.[0]?.reason;
  const message = record.error?.message ?? record.error?.errors?.[0]?.message;
  if (reason && RETRY_REASONS.has(reason)) return { message, kind: 'retry', platformCode: reason };
  if (status === 401 || (reason && REAUTHORIZE_REASONS.has(reason))) {
    return { message, kind: 'reauthorize', platformCode: reason };
  }
  return { message, platformCode: reason };
};

function url(ctx: CallContext, name: 'api' | 'token' | 'authorize' | 'upload', path = ''): string {
  const base = ctx.settings.urls[name];
  if (!base) throw new Error(`youtube connector: no ${name} URL`);
  return `${base}${path}`;
}

async function token(ctx: CallContext, form: Record<string, string>) {
  return clientSecretPostToken(ctx, 'YouTube', url(ctx, 'token'), form, describeYouTubeError);
}

export const youtubeConnector: Connector = {
  platform: 'youtube',
  capabilities: {
    auth: 'oauth2',
    pkce: true,
    refresh: true,
    publishText: false,
    publishImages: false,
    publishVideo: true,
    mediaByUrl: false,
    listRecentPosts: true,
    engagement: ENGAGEMENT_CAPABILITIES.youtube,
    maxConcurrency: 2,
  },
  defaultUrls: {
    authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    api: 'https://www.googleapis.com/youtube/v3',
    upload: 'https://www.googleapis.com/upload/youtube/v3/videos',
  },
  scopes: SCOPES,
  requiresClientCredentials: true,

  checkClient(ctx) {
    return checkClientWithMadeUpCode(ctx, 'YouTube', {
      tokenUrl: url(ctx, 'token'),
      clientAuth: 'body',
      form: { code_verifier: CLIENT_CHECK_VERIFIER },
    });
  },

  authorizationUrl(ctx, request) {
    if (!request.codeChallenge) throw new Error('YouTube connects with a PKCE code challenge');
    return authorizationCodeUrl(url(ctx, 'authorize'), {
      clientId: ctx.settings.clientId ?? '',
      redirectUri: request.redirectUri,
      scopes: [...SCOPES, ...(request.scopes ?? [])],
      state: request.state,
      codeChallenge: request.codeChallenge,
      extra: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
    });
  },

  async exchangeCode(ctx, exchange) {
    if (!exchange.codeVerifier) throw new Error('YouTube needs the PKCE code verifier');
    const tokens = await token(ctx, {
      grant_type: 'authorization_code',
      code: exchange.code,
      redirect_uri: exchange.redirectUri,
      code_verifier: exchange.codeVerifier,
    });
    const { body } = await platformRequest<{ items?: Channel[] }>(
      ctx,
      {
        url: url(ctx, 'api', '/channels'),
        query: { mine: true, part: 'snippet,contentDetails' },
        token: tokens.accessToken,
      },
      describeYouTubeError,
    );
    const channel = body.items?.[0];
    if (!channel)
      throw new PlatformError(
        'refuse',
        'This Google account has no YouTube channel. Create one, then connect again.',
      );
    const title = channel.snippet?.title ?? 'YouTube channel';
    const uploads = channel.contentDetails?.relatedPlaylists?.uploads;
    if (uploads) tokens.meta = { ...tokens.meta, uploadsPlaylistId: uploads };
    return {
      tokens,
      profile: {
        platformAccountId: channel.id,
        handle: channel.snippet?.customUrl ?? title,
        displayName: title,
        avatarUrl: channel.snippet?.thumbnails?.default?.url,
      },
    };
  },

  async refresh(ctx, credentials) {
    if (!credentials.refreshToken) {
      throw new PlatformError('reauthorize', 'Google gave no refresh token; connect the channel again.');
    }
    // Google answers a refresh without a new refresh token: the stored one stays.
    return token(ctx, { grant_type: 'refresh_token', refresh_token: credentials.refreshToken });
  },

  async publish(ctx, credentials, request) {
    const video = request.media.find((media) => media.kind === 'video');
    if (!video || request.media.length !== 1) {
      throw new PlatformError('refuse', 'YouTube posts need exactly one video.');
    }
    const bytes = await readMediaBytes(video);
    const { title, description } = youTubeTitleAndDescription(request.text);
    const session = await platformRequest(
      ctx,
      {
        method: 'POST',
        url: url(ctx, 'upload'),
        query: { uploadType: 'resumable', part: 'snippet,status' },
        token: credentials.accessToken,
        headers: { 'x-upload-content-length': String(bytes.length), 'x-upload-content-type': video.mimeType },
        body: {
          json: {
            snippet: { title, description, categoryId: '22' },
            status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
          },
        },
      },
      describeYouTubeError,
    );
    const location = session.headers.get('location');
    if (!location) throw new PlatformError('retry', 'YouTube did not open an upload session.');
    const { body } = await platformRequest<{ id?: string }>(
      ctx,
      {
        method: 'PUT',
        url: location,
        token: credentials.accessToken,
        body: { raw: bytes, contentType: video.mimeType },
        sideEffect: true,
        timeoutMs: 30 * 60_000,
      },
      describeYouTubeError,
    );
    if (!body.id)
      throw new PlatformError('unknown', 'YouTube accepted the upload but did not return the video id.');
    return { platformPostId: body.id, url: `https://www.youtube.com/watch?v=${body.id}` };
  },

  /** The first comment: `commentThreads.insert` (scope youtube.force-ssl), a top-level comment on the video. */
  async comment(ctx, credentials, { platformPostId, text }) {
    const { body } = await platformRequest<{ id?: string }>(
      ctx,
      {
        method: 'POST',
        url: url(ctx, 'api', '/commentThreads'),
        query: { part: 'snippet' },
        token: credentials.accessToken,
        body: {
          json: {
            snippet: { videoId: platformPostId, topLevelComment: { snippet: { textOriginal: text } } },
          },
        },
        sideEffect: true,
      },
      describeYouTubeError,
    );
    if (!body.id)
      throw new PlatformError('unknown', 'YouTube accepted the comment but did not return its id.');
    return { platformCommentId: body.id };
  },

  async listRecentPosts(ctx, credentials, since) {
    // The channel's uploads playlist (1 quota unit a page) rather than search?forMine (its own small daily
    // bucket), newest first.
    let playlistId = credentials.meta.uploadsPlaylistId;
    if (!playlistId) {
      const { body } = await platformRequest<{ items?: Channel[] }>(
        ctx,
        {
          url: url(ctx, 'api', '/channels'),
          query: { id: credentials.platformAccountId, part: 'contentDetails' },
          token: credentials.accessToken,
        },
        describeYouTubeError,
      );
      playlistId = body.items?.[0]?.contentDetails?.relatedPlaylists?.uploads;
      if (!playlistId) return [];
    }
    const { body } = await platformRequest<{
      items?: {
        snippet?: {
          title?: string;
          description?: string;
          publishedAt?: string;
          resourceId?: { videoId?: string };
        };
      }[];
    }>(
      ctx,
      {
        url: url(ctx, 'api', '/playlistItems'),
        query: { playlistId, part: 'snippet', maxResults: 25 },
        token: credentials.accessToken,
      },
      describeYouTubeError,
    );
    return (body.items ?? [])
      .filter((item) => item.snippet?.resourceId?.videoId)
      .map((item): RecentPost => {
        const videoId = item.snippet?.resourceId?.videoId ?? '';
        return {
          platformPostId: videoId,
          url: `https://www.youtube.com/watch?v=${videoId}`,
          text: [item.snippet?.title, item.snippet?.description].filter(Boolean).join('\n'),
          createdAt: new Date(item.snippet?.publishedAt ?? 0),
        };
      })
      .filter((post) => post.createdAt >= since);
  },
};
