import { ENGAGEMENT_CAPABILITIES } from '@relaycast/shared/engagement-capabilities';
import { type DescribeError, platformRequest } from '../http';
import { readMediaBytes, sleep } from '../media';
import { checkClientWithMadeUpCode, clientSecretPostToken, isTokenError } from '../oauth';
import {
  type AccountCredentials,
  type CallContext,
  type Connector,
  PlatformError,
  type PublishMedia,
} from '../types';

/**
 * LinkedIn (member posts): OAuth 2 three-legged (no PKCE) with `openid profile w_member_social`, the member from
 * `/v2/userinfo`, posts through the versioned REST API (`POST /rest/posts`, `LinkedIn-Version` header), images via
 * `/rest/images?action=initializeUpload` + PUT, video via `/rest/videos` initializeUpload → PUT each part →
 * finalizeUpload (then waits until the video is AVAILABLE). The post URN comes back in `x-restli-id`.
 * Reading a member's own posts needs `r_member_social`, which LinkedIn grants to few apps: no listRecentPosts.
 *
 * Over 300 lines on purpose: a connector is one platform's whole API (sign-in, refresh, media upload, publish)
 * behind the Connector interface; split, one publish would have to be read across files.
 */

export const LINKEDIN_VERSION = '202601';
const SCOPES = ['openid', 'profile', 'w_member_social'] as const;
const VIDEO_POLL_MS = [200, 500, 1000, 2000, 5000];
const MAX_VIDEO_POLLS = 120;

export const describeLinkedInError: DescribeError = (status, body) => {
  const record = (body && typeof body === 'object' ? body : {}) as {
    error?: string;
    error_description?: string;
    message?: string;
    code?: string;
    serviceErrorCode?: number;
  };
  if (record.error) {
    return {
      message: record.error_description ?? record.error,
      kind: isTokenError(record.error) ? 'reauthorize' : undefined,
      platformCode: record.error,
    };
  }
  const tokenProblem =
    status === 401 ||
    record.code === 'INVALID_ACCESS_TOKEN' ||
    record.code === 'REVOKED_ACCESS_TOKEN' ||
    record.code === 'EXPIRED_ACCESS_TOKEN';
  return {
    message: record.message,
    kind: tokenProblem ? 'reauthorize' : undefined,
    platformCode:
      record.code ?? (record.serviceErrorCode !== undefined ? String(record.serviceErrorCode) : undefined),
  };
};

function url(ctx: CallContext, name: 'api' | 'token' | 'authorize', path = ''): string {
  const base = ctx.settings.urls[name];
  if (!base) throw new Error(`linkedin connector: no ${name} URL`);
  return `${base.replace(/\/+$/, '')}${path}`;
}

const REST_HEADERS = { 'linkedin-version': LINKEDIN_VERSION, 'x-restli-protocol-version': '2.0.0' };

/**
 * LinkedIn's "little text" format: reserved characters are escaped with a backslash; #hashtags become hashtag
 * templates so they stay links.
 */
export function littleText(text: string): string {
  const escaped = (part: string) => part.replace(/[\\|{}@[\]()<>#*_~]/g, (char) => `\\${char}`);
  let out = '';
  let last = 0;
  for (const match of text.matchAll(/(^|\s)#([\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*)/gu)) {
    const start = (match.index ?? 0) + (match[1]?.length ?? 0);
    out += `${escaped(text.slice(last, start))}{hashtag|\\#|${match[2]}}`;
    last = start + 1 + (match[2]?.length ?? 0);
  }
  return out + escaped(text.slice(last));
}

async function token(ctx: CallContext, form: Record<string, string>) {
  return clientSecretPostToken(ctx, 'LinkedIn', url(ctx, 'token'), form, describeLinkedInError);
}

function author(credentials: AccountCredentials): string {
  return `urn:li:person:${credentials.platformAccountId}`;
}

async function uploadImage(
  ctx: CallContext,
  credentials: AccountCredentials,
  media: PublishMedia,
): Promise<string> {
  const { body } = await platformRequest<{ value?: { uploadUrl?: string; image?: string } }>(
    ctx,
    {
      method: 'POST',
      url: url(ctx, 'api', '/rest/images'),
      query: { action: 'initializeUpload' },
      headers: REST_HEADERS,
      token: credentials.accessToken,
      body: { json: { initializeUploadRequest: { owner: author(credentials) } } },
    },
    describeLinkedInError,
  );
  if (!body.value?.uploadUrl || !body.value.image)
    throw new PlatformError('retry', 'LinkedIn did not return an upload URL.');
  await platformRequest(
    ctx,
    {
      method: 'PUT',
      url: body.value.uploadUrl,
      token: credentials.accessToken,
      body: { raw: await readMediaBytes(media), contentType: 'application/octet-stream' },
      timeoutMs: 300_000,
    },
    describeLinkedInError,
  );
  return body.value.image;
}

async function uploadVideo(
  ctx: CallContext,
  credentials: AccountCredentials,
  media: PublishMedia,
): Promise<string> {
  const bytes = await readMediaBytes(media);
  const { body } = await platformRequest<{
    value?: {
      video?: string;
      uploadToken?: string;
      uploadInstructions?: { uploadUrl: string; firstByte: number; lastByte: number }[];
    };
  }>(
    ctx,
    {
      method: 'POST',
      url: url(ctx, 'api', '/rest/videos'),
      query: { action: 'initializeUpload' },
      headers: REST_HEADERS,
      token: credentials.accessToken,
      body: {
        json: {
          initializeUploadRequest: {
            owner: author(credentials),
            fileSizeBytes: bytes.length,
            uploadCaptions: false,
            uploadThumbnail: false,
          },
        },
      },
    },
    describeLinkedInError,
  );
  const video = body.value?.video;
  if (!video || !body.value?.uploadInstructions?.length) {
    throw new PlatformError('retry', 'LinkedIn did not return upload instructions.');
  }
  const partIds: string[] = [];
  for (const part of body.value.uploadInstructions) {
    const uploaded = await platformRequest(
      ctx,
      {
        method: 'PUT',
        url: part.uploadUrl,
        token: credentials.accessToken,
        body: {
          raw: bytes.subarray(part.firstByte, part.lastByte + 1),
          contentType: 'application/octet-stream',
        },
        timeoutMs: 300_000,
      },
      describeLinkedInError,
    );
    const etag = uploaded.headers.get('etag');
    if (!etag) throw new PlatformError('retry', 'LinkedIn did not confirm an uploaded part.');
    partIds.push(etag);
  }
  await platformRequest(
    ctx,
    {
      method: 'POST',
      url: url(ctx, 'api', '/rest/videos'),
      query: { action: 'finalizeUpload' },
      headers: REST_HEADERS,
      token: credentials.accessToken,
      body: {
        json: {
          finalizeUploadRequest: {
            video,
            uploadToken: body.value.uploadToken ?? '',
            uploadedPartIds: partIds,
          },
        },
      },
    },
    describeLinkedInError,
  );
  for (let poll = 0; ; poll += 1) {
    const status = await platformRequest<{ status?: string; processingFailureReason?: string }>(
      ctx,
      {
        url: url(ctx, 'api', `/rest/videos/${encodeURIComponent(video)}`),
        headers: REST_HEADERS,
        token: credentials.accessToken,
      },
      describeLinkedInError,
    );
    if (status.body.status === 'AVAILABLE') return video;
    if (status.body.status === 'PROCESSING_FAILED') {
      throw new PlatformError(
        'refuse',
        status.body.processingFailureReason ?? 'LinkedIn could not process the video.',
      );
    }
    if (poll >= MAX_VIDEO_POLLS) throw new PlatformError('retry', 'LinkedIn is still processing the video.');
    await sleep(VIDEO_POLL_MS[Math.min(poll, VIDEO_POLL_MS.length - 1)] ?? 5000, ctx.signal);
  }
}

export const linkedinConnector: Connector = {
  platform: 'linkedin',
  capabilities: {
    auth: 'oauth2',
    pkce: false,
    refresh: true,
    publishText: true,
    publishImages: true,
    publishVideo: true,
    mediaByUrl: false,
    listRecentPosts: false,
    engagement: ENGAGEMENT_CAPABILITIES.linkedin,
    maxConcurrency: 2,
  },
  defaultUrls: {
    authorize: 'https://www.linkedin.com/oauth/v2/authorization',
    token: 'https://www.linkedin.com/oauth/v2/accessToken',
    api: 'https://api.linkedin.com',
  },
  scopes: SCOPES,
  requiresClientCredentials: true,

  checkClient(ctx) {
    return checkClientWithMadeUpCode(ctx, 'LinkedIn', { tokenUrl: url(ctx, 'token'), clientAuth: 'body' });
  },

  authorizationUrl(ctx, request) {
    const target = new URL(url(ctx, 'authorize'));
    target.searchParams.set('response_type', 'code');
    target.searchParams.set('client_id', ctx.settings.clientId ?? '');
    target.searchParams.set('redirect_uri', request.redirectUri);
    target.searchParams.set('state', request.state);
    target.searchParams.set('scope', [...SCOPES, ...(request.scopes ?? [])].join(' '));
    return target.toString();
  },

  async exchangeCode(ctx, exchange) {
    const tokens = await token(ctx, {
      grant_type: 'authorization_code',
      code: exchange.code,
      redirect_uri: exchange.redirectUri,
    });
    const { body: member } = await platformRequest<{ sub?: string; name?: string; picture?: string }>(
      ctx,
      { url: url(ctx, 'api', '/v2/userinfo'), token: tokens.accessToken },
      describeLinkedInError,
    );
    if (!member.sub) throw new PlatformError('retry', 'LinkedIn answered without the member.');
    const name = member.name ?? 'LinkedIn member';
    return {
      tokens,
      profile: { platformAccountId: member.sub, handle: name, displayName: name, avatarUrl: member.picture },
    };
  },

  async refresh(ctx, credentials) {
    // LinkedIn issues refresh tokens only to some apps; without one the member must sign in again (60 days).
    if (!credentials.refreshToken) {
      throw new PlatformError('reauthorize', 'LinkedIn access has expired; connect the account again.');
    }
    return token(ctx, { grant_type: 'refresh_token', refresh_token: credentials.refreshToken });
  },

  async publish(ctx, credentials, request) {
    let content: Record<string, unknown> | undefined;
    const video = request.media.find((media) => media.kind === 'video');
    if (video) {
      content = { media: { id: await uploadVideo(ctx, credentials, video) } };
    } else if (request.media.length === 1 && request.media[0]) {
      content = {
        media: {
          id: await uploadImage(ctx, credentials, request.media[0]),
          altText: request.media[0].altText,
        },
      };
    } else if (request.media.length > 1) {
      const images = [];
      for (const media of request.media)
        images.push({ id: await uploadImage(ctx, credentials, media), altText: media.altText });
      content = { multiImage: { images } };
    }
    const response = await platformRequest(
      ctx,
      {
        method: 'POST',
        url: url(ctx, 'api', '/rest/posts'),
        headers: REST_HEADERS,
        token: credentials.accessToken,
        body: {
          json: {
            author: author(credentials),
            commentary: littleText(request.text),
            visibility: 'PUBLIC',
            distribution: {
              feedDistribution: 'MAIN_FEED',
              targetEntities: [],
              thirdPartyDistributionChannels: [],
            },
            ...(content ? { content } : {}),
            lifecycleState: 'PUBLISHED',
            isReshareDisabledByAuthor: false,
          },
        },
        sideEffect: true,
      },
      describeLinkedInError,
    );
    const urn = response.headers.get('x-restli-id');
    if (!urn) throw new PlatformError('unknown', 'LinkedIn accepted the post but did not return its id.');
    return { platformPostId: urn, url: `https://www.linkedin.com/feed/update/${urn}` };
  },

  /** The first comment: `POST /rest/socialActions/{postUrn}/comments` as the member. */
  async comment(ctx, credentials, { platformPostId, text }) {
    const response = await platformRequest<{ commentUrn?: string; id?: string }>(
      ctx,
      {
        method: 'POST',
        url: url(ctx, 'api', `/rest/socialActions/${encodeURIComponent(platformPostId)}/comments`),
        headers: REST_HEADERS,
        token: credentials.accessToken,
        body: { json: { actor: author(credentials), object: platformPostId, message: { text } } },
        sideEffect: true,
      },
      describeLinkedInError,
    );
    const id = response.headers.get('x-restli-id') ?? response.body.commentUrn ?? response.body.id;
    if (!id) throw new PlatformError('unknown', 'LinkedIn accepted the comment but did not return its id.');
    return { platformCommentId: id };
  },
};
