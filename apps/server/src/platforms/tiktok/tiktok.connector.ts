import { type DescribeError, type PlatformRequest, type PlatformResponse, platformRequest } from '../http';
import { sleep } from '../media';
import { clientCredentials } from '../oauth';
import {
  type AccountCredentials,
  type CallContext,
  type Connector,
  PlatformError,
  type PlatformErrorKind,
  type PublishedPost,
  type PublishMedia,
  type PublishRequest,
  type RecentPost,
  type TokenSet,
} from '../types';

/**
 * TikTok: Login Kit v2 (authorization code with PKCE S256, `client_key`), tokens from open.tiktokapis.com with a
 * refresh token, and the Content Posting API (direct post). Video: creator_info → video/init with FILE_UPLOAD →
 * PUT the bytes in Content-Range chunks to the upload URL → poll status until PUBLISH_COMPLETE. Photos:
 * content/init with PULL_FROM_URL (TikTok fetches the public URLs) → poll. No text-only posts. Recent posts come
 * from `/v2/video/list/`, which needs the `video.list` scope.
 */

const SCOPES = ['user.info.basic', 'video.publish', 'video.upload', 'video.list'] as const;

const DEFAULT_URLS = {
  authorize: 'https://www.tiktok.com/v2/auth/authorize/',
  token: 'https://open.tiktokapis.com/v2/oauth/token/',
  api: 'https://open.tiktokapis.com/v2',
} as const;

type Urls = Record<keyof typeof DEFAULT_URLS, string>;

const urlsOf = (ctx: CallContext): Urls => ({ ...DEFAULT_URLS, ...ctx.settings.urls }) as Urls;

/** Content Posting / Display API error codes (`error.code`) that need something other than the status default. */
const REAUTHORIZE_CODES = new Set([
  'access_token_invalid',
  'scope_not_authorized',
  'scope_permission_missed',
]);
const RETRY_CODES = new Set(['rate_limit_exceeded']);

function kindOfCode(code: string): PlatformErrorKind | undefined {
  if (REAUTHORIZE_CODES.has(code)) return 'reauthorize';
  if (RETRY_CODES.has(code)) return 'retry';
  return undefined;
}

interface TikTokEnvelope<T> {
  data?: T;
  error?: { code?: string; message?: string; log_id?: string };
}

/** Reads `{ error: { code, message } }` (API) or `{ error, error_description }` (OAuth). */
export const describeTikTokError: DescribeError = (_status, body) => {
  const record = body as { error?: unknown; error_description?: string } | null;
  const error = record?.error;
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: string; message?: string };
    if (!code) return undefined;
    return {
      kind: kindOfCode(code),
      message: message?.trim() || `TikTok refused the request (${code}).`,
      platformCode: code,
    };
  }
  if (typeof error === 'string') {
    return { message: record?.error_description?.trim() || error, platformCode: error };
  }
  return undefined;
};

/** A TikTok API call: maps errors, and treats a 2xx answer whose `error.code` is not `ok` as a failure too. */
async function tiktokApi<T>(ctx: CallContext, request: PlatformRequest): Promise<T> {
  const answer: PlatformResponse<TikTokEnvelope<T>> = await platformRequest(
    ctx,
    request,
    describeTikTokError,
  );
  const code = answer.body?.error?.code;
  if (code && code !== 'ok') {
    throw new PlatformError(
      // TikTok answered and said no: it did not act.
      kindOfCode(code) ?? 'refuse',
      answer.body.error?.message || `TikTok refused the request (${code}).`,
      { status: answer.status, platformCode: code },
    );
  }
  return (answer.body?.data ?? {}) as T;
}

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  open_id?: string;
  refresh_token?: string;
  refresh_expires_in?: number;
  scope?: string;
  error?: string;
  error_description?: string;
}

/** The token endpoint can answer 200 with `{ error, error_description }`. */
async function tokenCall(ctx: CallContext, form: Record<string, string>, failure: PlatformErrorKind) {
  const describe: DescribeError = (status, body) => {
    const described = describeTikTokError(status, body);
    return described && !described.kind && status < 500 && status !== 429
      ? { ...described, kind: failure }
      : described;
  };
  const answer = await platformRequest<TokenAnswer>(
    ctx,
    { method: 'POST', url: urlsOf(ctx).token, body: { form } },
    describe,
  );
  if (answer.body?.error || !answer.body?.access_token) {
    throw new PlatformError(
      failure,
      answer.body?.error_description || 'TikTok did not issue an access token.',
      {
        status: answer.status,
        platformCode: answer.body?.error,
      },
    );
  }
  const body = answer.body;
  const tokens: TokenSet = { accessToken: body.access_token as string };
  if (body.refresh_token) tokens.refreshToken = body.refresh_token;
  if (body.expires_in) tokens.expiresAt = new Date(Date.now() + body.expires_in * 1000);
  if (body.scope) tokens.scopes = body.scope.split(/[\s,]+/).filter(Boolean);
  return { tokens, openId: body.open_id };
}

interface CreatorInfo {
  creator_username?: string;
  creator_nickname?: string;
  creator_avatar_url?: string;
  privacy_level_options?: string[];
  comment_disabled?: boolean;
  duet_disabled?: boolean;
  stitch_disabled?: boolean;
  max_video_post_duration_sec?: number;
}

interface PublishStatus {
  status?: 'PROCESSING_UPLOAD' | 'PROCESSING_DOWNLOAD' | 'SEND_TO_USER_INBOX' | 'PUBLISH_COMPLETE' | 'FAILED';
  fail_reason?: string;
  /** Spelled this way by TikTok. */
  publicaly_available_post_id?: (string | number)[];
}

export interface TikTokOptions {
  poll?: { intervalMs: number; maxIntervalMs: number; timeoutMs: number };
  /** Chunk size for uploads above `singleChunkMaxBytes` (TikTok: 5–64 MB; default 10 MB). */
  chunkBytes?: number;
  /** Files up to this size go in one chunk (TikTok allows a single chunk up to 64 MB). */
  singleChunkMaxBytes?: number;
}

/** Byte ranges of the upload: equal chunks, the last one taking the remainder (TikTok's rule). */
export function uploadPlan(size: number, chunkBytes: number, singleChunkMaxBytes: number) {
  if (size <= singleChunkMaxBytes) return { chunkSize: size, ranges: [{ start: 0, end: size - 1 }] };
  const count = Math.floor(size / chunkBytes);
  const ranges = Array.from({ length: count }, (_, i) => ({
    start: i * chunkBytes,
    end: i === count - 1 ? size - 1 : (i + 1) * chunkBytes - 1,
  }));
  return { chunkSize: chunkBytes, ranges };
}

/** Reads a stream as consecutive buffers of the given lengths. */
async function* readChunks(stream: NodeJS.ReadableStream, lengths: number[]): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;
  for await (const piece of stream) {
    const buffer = typeof piece === 'string' ? Buffer.from(piece) : (piece as Buffer);
    pending.push(buffer);
    pendingBytes += buffer.length;
    while (index < lengths.length && pendingBytes >= (lengths[index] ?? 0)) {
      const all = Buffer.concat(pending);
      const length = lengths[index] ?? 0;
      yield all.subarray(0, length);
      pending = [all.subarray(length)];
      pendingBytes = all.length - length;
      index += 1;
    }
  }
  if (index < lengths.length)
    throw new PlatformError('retry', 'The video file is shorter than its recorded size.');
}

/**
 * TikTok sends `publicaly_available_post_id` as 19-digit JSON numbers, which JSON.parse rounds. This fetch quotes
 * them in the answer's text before it is parsed, so the ids stay exact.
 */
function fetchWithExactPostIds(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (!response.ok) return response;
    const text = await response.text();
    const quoted = text.replace(
      /("publicaly_available_post_id"\s*:\s*\[)([^\]]*)\]/,
      (_all, head: string, list: string) => {
        const ids = list
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
          .map((id) => (id.startsWith('"') ? id : `"${id}"`));
        return `${head}${ids.join(',')}]`;
      },
    );
    return new Response(quoted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

export function tiktokPostUrl(username: string | undefined, id: string, kind: 'video' | 'photo'): string {
  return username
    ? `https://www.tiktok.com/@${username}/${kind}/${id}`
    : `https://www.tiktok.com/${kind}/${id}`;
}

export function createTikTokConnector(options: TikTokOptions = {}): Connector {
  const poll = options.poll ?? { intervalMs: 2_000, maxIntervalMs: 15_000, timeoutMs: 15 * 60_000 };
  const chunkBytes = options.chunkBytes ?? 10 * 1024 * 1024;
  const singleChunkMaxBytes = options.singleChunkMaxBytes ?? 64 * 1024 * 1024;

  async function creatorInfo(ctx: CallContext, token: string): Promise<CreatorInfo> {
    return tiktokApi<CreatorInfo>(ctx, {
      method: 'POST',
      url: `${urlsOf(ctx).api}/post/publish/creator_info/query/`,
      token,
      body: { json: {} },
    });
  }

  function postInfo(creator: CreatorInfo, text: string) {
    const options = creator.privacy_level_options ?? [];
    const privacy = options.includes('PUBLIC_TO_EVERYONE')
      ? 'PUBLIC_TO_EVERYONE'
      : (options[0] ?? 'SELF_ONLY');
    return {
      privacy_level: privacy,
      disable_comment: creator.comment_disabled ?? false,
      disable_duet: creator.duet_disabled ?? false,
      disable_stitch: creator.stitch_disabled ?? false,
      title: text,
    };
  }

  async function uploadVideo(
    ctx: CallContext,
    token: string,
    video: PublishMedia,
    text: string,
    creator: CreatorInfo,
  ) {
    const max = creator.max_video_post_duration_sec;
    if (max && video.durationSeconds && video.durationSeconds > max) {
      throw new PlatformError(
        'refuse',
        `This video is longer than the ${max} seconds TikTok allows for this account.`,
      );
    }
    const plan = uploadPlan(video.sizeBytes, chunkBytes, singleChunkMaxBytes);
    // Nothing is posted until the last chunk arrives, so a lost answer to init is safe to retry.
    const init = await tiktokApi<{ publish_id?: string; upload_url?: string }>(ctx, {
      method: 'POST',
      url: `${urlsOf(ctx).api}/post/publish/video/init/`,
      token,
      body: {
        json: {
          post_info: postInfo(creator, text),
          source_info: {
            source: 'FILE_UPLOAD',
            video_size: video.sizeBytes,
            chunk_size: plan.chunkSize,
            total_chunk_count: plan.ranges.length,
          },
        },
      },
    });
    if (!init.publish_id || !init.upload_url) throw new PlatformError('retry', 'TikTok gave no upload URL.');
    const stream = await video.open();
    let index = 0;
    for await (const chunk of readChunks(
      stream,
      plan.ranges.map((r) => r.end - r.start + 1),
    )) {
      const range = plan.ranges[index] as { start: number; end: number };
      const isLast = index === plan.ranges.length - 1;
      await platformRequest(
        ctx,
        {
          method: 'PUT',
          url: init.upload_url,
          headers: { 'content-range': `bytes ${range.start}-${range.end}/${video.sizeBytes}` },
          body: { raw: chunk, contentType: video.mimeType || 'video/mp4' },
          // The last chunk completes the upload, which publishes the post.
          sideEffect: isLast,
          timeoutMs: 300_000,
        },
        describeTikTokError,
      );
      index += 1;
    }
    return init.publish_id;
  }

  async function pullPhotos(
    ctx: CallContext,
    token: string,
    photos: PublishMedia[],
    text: string,
    creator: CreatorInfo,
  ) {
    const info = postInfo(creator, text);
    const init = await tiktokApi<{ publish_id?: string }>(ctx, {
      method: 'POST',
      url: `${urlsOf(ctx).api}/post/publish/content/init/`,
      token,
      body: {
        json: {
          post_info: {
            ...info,
            title: text.split('\n')[0]?.slice(0, 90) ?? '',
            description: text,
            auto_add_music: true,
          },
          source_info: {
            source: 'PULL_FROM_URL',
            photo_cover_index: 0,
            photo_images: photos.map((p) => p.publicUrl),
          },
          post_mode: 'DIRECT_POST',
          media_type: 'PHOTO',
        },
      },
      sideEffect: true,
    });
    if (!init.publish_id)
      throw new PlatformError('unknown', 'TikTok accepted the photos but gave no publish id.');
    return init.publish_id;
  }

  /**
   * Polls until PUBLISH_COMPLETE. TikTok already has the media here, so anything other than its own FAILED verdict
   * (timeouts, network errors, an expired token) leaves the outcome unknown: never a blind retry.
   */
  async function waitForPublish(ctx: CallContext, token: string, publishId: string): Promise<PublishStatus> {
    const exactIds = { ...ctx, fetch: fetchWithExactPostIds(ctx.fetch ?? fetch) };
    const deadline = Date.now() + poll.timeoutMs;
    let interval = poll.intervalMs;
    try {
      for (;;) {
        const status = await tiktokApi<PublishStatus>(exactIds, {
          method: 'POST',
          url: `${urlsOf(ctx).api}/post/publish/status/fetch/`,
          token,
          body: { json: { publish_id: publishId } },
        });
        if (status.status === 'PUBLISH_COMPLETE' || status.status === 'SEND_TO_USER_INBOX') return status;
        if (status.status === 'FAILED') {
          throw new PlatformError(
            'refuse',
            `TikTok did not publish the post: ${status.fail_reason ?? 'unknown reason'}.`,
            {
              platformCode: status.fail_reason,
            },
          );
        }
        if (Date.now() + interval > deadline) {
          throw new PlatformError(
            'unknown',
            'TikTok was still processing the post when Relaycast stopped waiting.',
          );
        }
        await sleep(interval, ctx.signal);
        interval = Math.min(interval * 2, poll.maxIntervalMs);
      }
    } catch (err) {
      if (err instanceof PlatformError && (err.kind === 'refuse' || err.kind === 'unknown')) throw err;
      throw new PlatformError(
        'unknown',
        `TikTok received the post but its status could not be read: ${(err as Error).message}`,
        err instanceof PlatformError ? err.details : {},
      );
    }
  }

  async function publish(
    ctx: CallContext,
    credentials: AccountCredentials,
    request: PublishRequest,
  ): Promise<PublishedPost> {
    const videos = request.media.filter((m) => m.kind === 'video');
    const photos = request.media.filter((m) => m.kind !== 'video');
    if (request.media.length === 0) throw new PlatformError('refuse', 'TikTok posts need a video or photos.');
    if (videos.length > 1 || (videos.length === 1 && photos.length > 0)) {
      throw new PlatformError('refuse', 'A TikTok post takes either one video or photos, not both.');
    }
    const token = credentials.accessToken;
    const creator = await creatorInfo(ctx, token);
    const username = creator.creator_username ?? credentials.meta.username;
    const video = videos[0];
    const publishId = video
      ? await uploadVideo(ctx, token, video, request.text, creator)
      : await pullPhotos(ctx, token, photos, request.text, creator);
    const status = await waitForPublish(ctx, token, publishId);
    const postId = status.publicaly_available_post_id?.[0];
    if (postId === undefined) {
      // Private (SELF_ONLY) and inbox posts get no public id: link to the profile instead.
      return {
        platformPostId: publishId,
        url: username ? `https://www.tiktok.com/@${username}` : 'https://www.tiktok.com/',
      };
    }
    return {
      platformPostId: String(postId),
      url: tiktokPostUrl(username, String(postId), video ? 'video' : 'photo'),
    };
  }

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
      engagement: {
        readComments: false,
        readMentions: false,
        readMessages: false,
        like: false,
        reply: false,
        message: false,
      },
      // video/init allows 6 requests a minute per user.
      maxConcurrency: 2,
    },
    defaultUrls: { ...DEFAULT_URLS },
    scopes: SCOPES,
    requiresClientCredentials: true,

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
