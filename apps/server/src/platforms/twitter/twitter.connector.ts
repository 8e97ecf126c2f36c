import { ENGAGEMENT_CAPABILITIES } from '@relaycast/shared/engagement-capabilities';
import type { DescribeError } from '../http';
import { platformRequest } from '../http';
import { readMediaBytes, sleep, splitBytes } from '../media';
import {
  authorizationCodeUrl,
  basicAuth,
  CLIENT_CHECK_VERIFIER,
  checkClientWithMadeUpCode,
  clientCredentials,
  isTokenError,
  type OAuthTokenAnswer,
  tokenSetFromAnswer,
} from '../oauth';
import {
  type AccountCredentials,
  type CallContext,
  type Connector,
  PlatformError,
  type PublishMedia,
  type RecentPost,
} from '../types';

/**
 * X (Twitter) API v2: OAuth 2.0 authorization code with PKCE (S256) and a confidential client (HTTP Basic at the
 * token endpoint), rotating refresh tokens (`offline.access`), media through the v2 chunked upload
 * (initialize → append → finalize → status while processing), posts with `POST /2/tweets`.
 *
 * Over 300 lines on purpose: a connector is one platform's whole API (sign-in, refresh, media upload, publish)
 * behind the Connector interface; split, one publish would have to be read across files.
 */

const SCOPES = [
  'tweet.read',
  'tweet.write',
  'users.read',
  'offline.access',
  'media.write',
  // Engagement (twitter.engagement.ts): like, read and send direct messages.
  'like.write',
  'dm.read',
  'dm.write',
] as const;
/** Append segments: X accepts up to 5 MB per segment; stay below. */
const SEGMENT_BYTES = 4 * 1024 * 1024;
/** How long to wait for X to process a video or GIF before giving up (the publish is retried later). */
const PROCESSING_DEADLINE_MS = 10 * 60_000;

interface XProblem {
  title?: string;
  detail?: string;
  type?: string;
  error?: string;
  error_description?: string;
  errors?: { message?: string; code?: number; title?: string; detail?: string }[];
}

export const describeTwitterError: DescribeError = (status, body) => {
  const problem = (body && typeof body === 'object' ? body : {}) as XProblem;
  if (problem.error) {
    // Token endpoint (RFC 6749 errors).
    return {
      message: problem.error_description ?? problem.error,
      kind: isTokenError(problem.error) ? 'reauthorize' : undefined,
      platformCode: problem.error,
    };
  }
  const first = problem.errors?.[0];
  const message = problem.detail ?? first?.detail ?? first?.message ?? problem.title;
  // 89 / 32 = invalid or expired token (v1.1 codes still returned by some endpoints).
  const tokenCode = first?.code === 89 || first?.code === 32;
  return {
    message,
    kind: status === 401 || tokenCode ? 'reauthorize' : undefined,
    platformCode: problem.type ?? (first?.code !== undefined ? String(first.code) : undefined),
  };
};

function url(ctx: CallContext, name: 'api' | 'token' | 'authorize', path = ''): string {
  const base = ctx.settings.urls[name];
  if (!base) throw new Error(`twitter connector: no ${name} URL`);
  return `${base}${path}`;
}

async function readProfile(ctx: CallContext, accessToken: string) {
  const { body } = await platformRequest<{
    data?: { id: string; name: string; username: string; profile_image_url?: string };
  }>(
    ctx,
    {
      url: url(ctx, 'api', '/users/me'),
      query: { 'user.fields': 'profile_image_url' },
      token: accessToken,
    },
    describeTwitterError,
  );
  if (!body.data?.id) throw new PlatformError('retry', 'X answered without the account.');
  return body.data;
}

async function token(ctx: CallContext, form: Record<string, string>) {
  const client = clientCredentials(ctx.settings, 'X');
  const { body } = await platformRequest<OAuthTokenAnswer>(
    ctx,
    {
      method: 'POST',
      url: url(ctx, 'token'),
      headers: { authorization: basicAuth(client.clientId, client.clientSecret) },
      body: { form: { ...form, client_id: client.clientId } },
    },
    describeTwitterError,
  );
  return tokenSetFromAnswer(body);
}

function mediaCategory(media: PublishMedia): string {
  if (media.kind === 'video') return 'tweet_video';
  if (media.kind === 'gif') return 'tweet_gif';
  return 'tweet_image';
}

interface ProcessingInfo {
  state?: 'pending' | 'in_progress' | 'failed' | 'succeeded';
  check_after_secs?: number;
  error?: { message?: string; name?: string };
}

async function uploadMedia(ctx: CallContext, credentials: AccountCredentials, media: PublishMedia) {
  const bytes = await readMediaBytes(media);
  const init = await platformRequest<{ data?: { id?: string } }>(
    ctx,
    {
      method: 'POST',
      url: url(ctx, 'api', '/media/upload/initialize'),
      token: credentials.accessToken,
      body: {
        json: { media_type: media.mimeType, total_bytes: bytes.length, media_category: mediaCategory(media) },
      },
    },
    describeTwitterError,
  );
  const mediaId = init.body.data?.id;
  if (!mediaId) throw new PlatformError('retry', 'X did not return a media id.');
  const segments = splitBytes(bytes, SEGMENT_BYTES);
  for (const [index, segment] of segments.entries()) {
    const form = new FormData();
    form.set('segment_index', String(index));
    form.set('media', new Blob([segment], { type: 'application/octet-stream' }), 'chunk');
    await platformRequest(
      ctx,
      {
        method: 'POST',
        url: url(ctx, 'api', `/media/upload/${encodeURIComponent(mediaId)}/append`),
        token: credentials.accessToken,
        body: { multipart: form },
        timeoutMs: 120_000,
      },
      describeTwitterError,
    );
  }
  const finalized = await platformRequest<{ data?: { id?: string; processing_info?: ProcessingInfo } }>(
    ctx,
    {
      method: 'POST',
      url: url(ctx, 'api', `/media/upload/${encodeURIComponent(mediaId)}/finalize`),
      token: credentials.accessToken,
    },
    describeTwitterError,
  );
  let processing = finalized.body.data?.processing_info;
  const deadline = Date.now() + PROCESSING_DEADLINE_MS;
  while (processing && processing.state !== 'succeeded') {
    if (processing.state === 'failed') {
      throw new PlatformError('refuse', processing.error?.message ?? 'X could not process the media.');
    }
    if (Date.now() >= deadline) throw new PlatformError('retry', 'X is still processing the media.');
    await sleep(Math.min(Math.max(processing.check_after_secs ?? 1, 0), 30) * 1000, ctx.signal);
    const status = await platformRequest<{
      data?: { processing_info?: ProcessingInfo };
      processing_info?: ProcessingInfo;
    }>(
      ctx,
      {
        url: url(ctx, 'api', '/media/upload'),
        query: { command: 'STATUS', media_id: mediaId },
        token: credentials.accessToken,
      },
      describeTwitterError,
    );
    // v2 wraps the answer in `data`; the v1.1 shape had it at the top level. No processing_info = done.
    processing = status.body.data?.processing_info ?? status.body.processing_info ?? { state: 'succeeded' };
  }
  if (media.altText && media.kind !== 'video') {
    // Alt text is set on the uploaded media, before the post (images and GIFs).
    await platformRequest(
      ctx,
      {
        method: 'POST',
        url: url(ctx, 'api', '/media/metadata'),
        token: credentials.accessToken,
        body: { json: { id: mediaId, metadata: { alt_text: { text: media.altText } } } },
      },
      describeTwitterError,
    );
  }
  return mediaId;
}

function postUrl(credentials: AccountCredentials, id: string): string {
  const handle = credentials.meta.username;
  return handle
    ? `https://x.com/${encodeURIComponent(handle)}/status/${id}`
    : `https://x.com/i/web/status/${id}`;
}

export const twitterConnector: Connector = {
  platform: 'twitter',
  capabilities: {
    auth: 'oauth2',
    pkce: true,
    refresh: true,
    publishText: true,
    publishImages: true,
    publishVideo: true,
    mediaByUrl: false,
    listRecentPosts: true,
    engagement: ENGAGEMENT_CAPABILITIES.twitter,
    maxConcurrency: 4,
    analyticsReadsBilled: true,
  },
  defaultUrls: {
    authorize: 'https://x.com/i/oauth2/authorize',
    token: 'https://api.x.com/2/oauth2/token',
    api: 'https://api.x.com/2',
  },
  scopes: SCOPES,
  requiresClientCredentials: true,

  checkClient(ctx) {
    return checkClientWithMadeUpCode(ctx, 'X', {
      tokenUrl: url(ctx, 'token'),
      clientAuth: 'basic',
      form: { code_verifier: CLIENT_CHECK_VERIFIER },
    });
  },

  authorizationUrl(ctx, request) {
    if (!request.codeChallenge) throw new Error('X requires a PKCE code challenge');
    return authorizationCodeUrl(url(ctx, 'authorize'), {
      clientId: ctx.settings.clientId ?? '',
      redirectUri: request.redirectUri,
      scopes: [...SCOPES, ...(request.scopes ?? [])],
      state: request.state,
      codeChallenge: request.codeChallenge,
    });
  },

  async exchangeCode(ctx, exchange) {
    if (!exchange.codeVerifier) throw new Error('X requires the PKCE code verifier');
    const tokens = await token(ctx, {
      grant_type: 'authorization_code',
      code: exchange.code,
      redirect_uri: exchange.redirectUri,
      code_verifier: exchange.codeVerifier,
    });
    const user = await readProfile(ctx, tokens.accessToken);
    tokens.meta = { ...tokens.meta, username: user.username };
    return {
      tokens,
      profile: {
        platformAccountId: user.id,
        handle: user.username,
        displayName: user.name,
        avatarUrl: user.profile_image_url,
      },
    };
  },

  async refresh(ctx, credentials) {
    if (!credentials.refreshToken) {
      throw new PlatformError('reauthorize', 'X gave no refresh token; connect the account again.');
    }
    return token(ctx, { grant_type: 'refresh_token', refresh_token: credentials.refreshToken });
  },

  async publish(ctx, credentials, request) {
    const mediaIds: string[] = [];
    for (const media of request.media) mediaIds.push(await uploadMedia(ctx, credentials, media));
    const payload: Record<string, unknown> = {};
    if (request.text) payload.text = request.text;
    if (mediaIds.length > 0) payload.media = { media_ids: mediaIds };
    if (request.replyTo) payload.reply = { in_reply_to_tweet_id: request.replyTo.parent.platformPostId };
    const { body } = await platformRequest<{ data?: { id?: string } }>(
      ctx,
      {
        method: 'POST',
        url: url(ctx, 'api', '/tweets'),
        token: credentials.accessToken,
        body: { json: payload },
        sideEffect: true,
      },
      describeTwitterError,
    );
    const id = body.data?.id;
    if (!id) throw new PlatformError('unknown', 'X accepted the post but did not return its id.');
    return { platformPostId: id, url: postUrl(credentials, id) };
  },

  async listRecentPosts(ctx, credentials, since) {
    const { body } = await platformRequest<{ data?: { id: string; text: string; created_at?: string }[] }>(
      ctx,
      {
        url: url(ctx, 'api', `/users/${encodeURIComponent(credentials.platformAccountId)}/tweets`),
        query: {
          start_time: since.toISOString(),
          max_results: 100,
          'tweet.fields': 'created_at',
          exclude: 'retweets,replies',
        },
        token: credentials.accessToken,
      },
      describeTwitterError,
    );
    return (body.data ?? []).map(
      (tweet): RecentPost => ({
        platformPostId: tweet.id,
        url: postUrl(credentials, tweet.id),
        text: tweet.text,
        createdAt: new Date(tweet.created_at ?? Date.now()),
      }),
    );
  },
};
