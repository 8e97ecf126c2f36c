import { createHash, randomBytes } from 'node:crypto';
import {
  type FakeRequest,
  type FakeResponse,
  type PlatformFake,
  type PlatformFakeOptions,
  type PublishedOnFake,
  startFakeServer,
} from '../testing/server.fake';

/**
 * A local TikTok API: Login Kit v2 authorize page (consents at once; PKCE S256 required), the v2 token endpoint
 * (`client_key`, code, redirect URI, verifier; refresh with rotation; client access tokens), `/v2/user/info/`, the Content Posting API
 * (creator_info, video/init with FILE_UPLOAD and chunked PUTs checked against Content-Range, content/init with
 * PULL_FROM_URL photos, status/fetch that reports processing for `processingPolls` reads) and `/v2/video/list/`.
 */
export interface TikTokFakeOptions extends PlatformFakeOptions {
  /** Status reads answered PROCESSING_* before PUBLISH_COMPLETE (default 1). */
  processingPolls?: number;
  /** Privacy options creator_info offers (default: public, friends, self). Unaudited apps get only SELF_ONLY. */
  privacyLevelOptions?: string[];
}

interface PublishTask {
  publishId: string;
  openId: string;
  kind: 'video' | 'photo';
  text: string;
  privacy: string;
  videoSize: number;
  chunkSize: number;
  totalChunks: number;
  receivedBytes: number;
  receivedChunks: number;
  uploadComplete: boolean;
  remainingPolls: number;
  status: 'PROCESSING_UPLOAD' | 'PROCESSING_DOWNLOAD' | 'PUBLISH_COMPLETE' | 'FAILED';
  failReason?: string;
  postId?: string;
  mediaIds: string[];
}

export interface TikTokFake extends PlatformFake {
  tasks: Map<string, PublishTask>;
  users: Map<string, { username: string; displayName: string }>;
  /** Followers per open_id (`follower_count` of /v2/user/info/; 0 when unset). */
  followers: Map<string, number>;
  /** Makes the next publish task end FAILED with this fail_reason. */
  failNextPublish(reason: string): void;
}

function apiError(status: number, code: string, message: string): FakeResponse {
  return { status, body: { data: {}, error: { code, message, log_id: randomBytes(8).toString('hex') } } };
}

function ok(data: unknown): FakeResponse {
  return { body: { data, error: { code: 'ok', message: '', log_id: randomBytes(8).toString('hex') } } };
}

function oauthError(status: number, error: string, description: string): FakeResponse {
  return { status, body: { error, error_description: description, log_id: randomBytes(8).toString('hex') } };
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

// function-budget: a fake platform for tests: one server whose short routes imitate its API and share its state
export async function startTikTokFake(options: TikTokFakeOptions = {}): Promise<TikTokFake> {
  const clientKey = options.clientId ?? 'test-client-id';
  const clientSecret = options.clientSecret ?? 'test-client-secret';
  const ttl = options.accessTokenTtlSeconds ?? 86_400;
  const server = await startFakeServer({ latencyMs: options.latencyMs });
  const codes = new Map<string, { openId: string; redirectUri: string; challenge: string; scope: string }>();
  const accessTokens = new Map<string, { openId: string; expiresAt: number }>();
  const refreshTokens = new Map<string, string>();
  const users = new Map<string, { username: string; displayName: string }>();
  const followers = new Map<string, number>();
  const creatorInfoQueried = new Set<string>();
  const tasks = new Map<string, PublishTask>();
  const published: PublishedOnFake[] = [];
  const failures: string[] = [];
  let counter = 0;

  function issue(openId: string, scope: string) {
    const accessToken = `act.${randomBytes(16).toString('hex')}`;
    const refreshToken = `rft.${randomBytes(16).toString('hex')}`;
    accessTokens.set(accessToken, { openId, expiresAt: Date.now() + ttl * 1000 });
    refreshTokens.set(refreshToken, openId);
    return {
      body: {
        access_token: accessToken,
        expires_in: ttl,
        open_id: openId,
        refresh_token: refreshToken,
        refresh_expires_in: 31_536_000,
        scope,
        token_type: 'Bearer',
      },
    };
  }

  /** The user a request's bearer token belongs to, or the error TikTok answers. */
  function authenticate(request: FakeRequest): { openId: string } | { response: FakeResponse } {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new Error('missing Authorization: Bearer');
    const token = accessTokens.get(header.slice(7));
    if (!token || token.expiresAt < Date.now()) {
      return {
        response: apiError(
          401,
          'access_token_invalid',
          'The access token is invalid or not found in the request.',
        ),
      };
    }
    return { openId: token.openId };
  }

  server.route('GET', '/v2/auth/authorize/', (request) => {
    const q = request.query;
    if (q.get('client_key') !== clientKey) throw new Error(`unknown client_key ${q.get('client_key')}`);
    if (q.get('response_type') !== 'code') throw new Error('response_type must be code');
    const redirectUri = q.get('redirect_uri');
    if (!redirectUri) throw new Error('missing redirect_uri');
    if (!q.get('state')) throw new Error('missing state');
    const scope = q.get('scope') ?? '';
    for (const needed of ['user.info.basic', 'video.publish']) {
      if (!scope.split(',').includes(needed)) throw new Error(`scope must include ${needed}`);
    }
    const challenge = q.get('code_challenge');
    if (!challenge) throw new Error('missing code_challenge');
    if (q.get('code_challenge_method') !== 'S256') throw new Error('code_challenge_method must be S256');
    counter += 1;
    const hint = q.get('login_hint');
    const openId = hint ? `open-${hint}` : `open-${counter}`;
    if (!users.has(openId)) {
      users.set(openId, {
        username: `fake.tiktok.${hint ?? counter}`,
        displayName: `TikTok ${hint ?? counter}`,
      });
    }
    const code = randomBytes(12).toString('hex');
    codes.set(code, { openId, redirectUri, challenge, scope });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', q.get('state') ?? '');
    return { redirect: target.toString() };
  });

  server.route('POST', '/v2/oauth/token/', (request) => {
    const body = request.body ?? {};
    if (!request.headers['content-type']?.includes('application/x-www-form-urlencoded')) {
      throw new Error('the token endpoint takes a form body');
    }
    if (body.client_key !== clientKey || body.client_secret !== clientSecret) {
      return oauthError(401, 'invalid_client', 'Client key or secret is incorrect.');
    }
    if (body.grant_type === 'client_credentials') {
      // A client access token: what the key check asks for (docs/platform-setup.md).
      return { body: { access_token: 'clt.app-token', expires_in: 7200, token_type: 'Bearer' } };
    }
    if (body.grant_type === 'authorization_code') {
      const code = codes.get(String(body.code ?? ''));
      if (!code)
        return oauthError(400, 'invalid_grant', 'Authorization code is expired or was already used.');
      codes.delete(String(body.code));
      if (code.redirectUri !== body.redirect_uri) {
        return oauthError(
          400,
          'invalid_request',
          'The redirect_uri does not match the authorization request.',
        );
      }
      if (typeof body.code_verifier !== 'string' || s256(body.code_verifier) !== code.challenge) {
        return oauthError(400, 'invalid_grant', 'Code verifier or code challenge is invalid.');
      }
      return issue(code.openId, code.scope);
    }
    if (body.grant_type === 'refresh_token') {
      const openId = refreshTokens.get(String(body.refresh_token ?? ''));
      if (!openId) return oauthError(400, 'invalid_grant', 'Refresh token is invalid or expired.');
      refreshTokens.delete(String(body.refresh_token));
      return issue(openId, 'user.info.basic,user.info.stats,video.publish,video.upload,video.list');
    }
    return oauthError(
      400,
      'unsupported_grant_type',
      `grant_type ${String(body.grant_type)} is not supported`,
    );
  });

  server.route('GET', '/v2/user/info/', (request) => {
    const auth = authenticate(request);
    if ('response' in auth) return auth.response;
    const fields = (request.query.get('fields') ?? '').split(',').filter(Boolean);
    if (fields.length === 0) throw new Error('missing fields');
    const user = users.get(auth.openId);
    const all: Record<string, string | number> = {
      open_id: auth.openId,
      follower_count: followers.get(auth.openId) ?? 0,
      union_id: `union-${auth.openId}`,
      avatar_url: `${server.url}/avatars/${auth.openId}.jpg`,
      display_name: user?.displayName ?? auth.openId,
    };
    for (const field of fields)
      if (!(field in all)) return apiError(400, 'scope_not_authorized', `No access to ${field}.`);
    return ok({ user: Object.fromEntries(fields.map((f) => [f, all[f]])) });
  });

  server.route('POST', '/v2/post/publish/creator_info/query/', (request) => {
    const auth = authenticate(request);
    if ('response' in auth) return auth.response;
    creatorInfoQueried.add(auth.openId);
    const user = users.get(auth.openId);
    return ok({
      creator_avatar_url: `${server.url}/avatars/${auth.openId}.jpg`,
      creator_username: user?.username,
      creator_nickname: user?.displayName,
      privacy_level_options: options.privacyLevelOptions ?? [
        'PUBLIC_TO_EVERYONE',
        'MUTUAL_FOLLOW_FRIENDS',
        'SELF_ONLY',
      ],
      comment_disabled: false,
      duet_disabled: false,
      stitch_disabled: false,
      max_video_post_duration_sec: 600,
    });
  });

  function newTask(
    openId: string,
    kind: PublishTask['kind'],
    postInfo: Record<string, unknown>,
  ): PublishTask {
    if (!creatorInfoQueried.has(openId)) throw new Error('publishing without querying creator_info first');
    const privacy = String(postInfo.privacy_level ?? '');
    const allowed = options.privacyLevelOptions ?? [
      'PUBLIC_TO_EVERYONE',
      'MUTUAL_FOLLOW_FRIENDS',
      'SELF_ONLY',
    ];
    if (!allowed.includes(privacy))
      throw new Error(`privacy_level ${privacy} is not one of creator_info's options`);
    const failReason = failures.shift();
    const task: PublishTask = {
      publishId: `v_pub_file~v2-1.${randomBytes(8).toString('hex')}`,
      openId,
      kind,
      text: String((kind === 'photo' ? postInfo.description : postInfo.title) ?? ''),
      privacy,
      videoSize: 0,
      chunkSize: 0,
      totalChunks: 0,
      receivedBytes: 0,
      receivedChunks: 0,
      uploadComplete: false,
      remainingPolls: options.processingPolls ?? 1,
      status: kind === 'video' ? 'PROCESSING_UPLOAD' : 'PROCESSING_DOWNLOAD',
      failReason,
      mediaIds: [],
    };
    tasks.set(task.publishId, task);
    return task;
  }

  server.route('POST', '/v2/post/publish/video/init/', (request) => {
    const auth = authenticate(request);
    if ('response' in auth) return auth.response;
    const body = request.body ?? {};
    const postInfo = (body.post_info ?? {}) as Record<string, unknown>;
    const source = (body.source_info ?? {}) as Record<string, number | string>;
    if (source.source !== 'FILE_UPLOAD') throw new Error('this fake accepts FILE_UPLOAD videos');
    const size = Number(source.video_size);
    const chunk = Number(source.chunk_size);
    const count = Number(source.total_chunk_count);
    if (!(size > 0 && chunk > 0 && count > 0))
      return apiError(400, 'invalid_params', 'video_size, chunk_size and total_chunk_count are required.');
    const expectedCount = chunk >= size ? 1 : Math.floor(size / chunk);
    if (count !== expectedCount) throw new Error(`total_chunk_count ${count} should be ${expectedCount}`);
    const task = newTask(auth.openId, 'video', postInfo);
    Object.assign(task, { videoSize: size, chunkSize: chunk, totalChunks: count });
    return ok({
      publish_id: task.publishId,
      upload_url: `${server.url}/upload/?upload_id=${encodeURIComponent(task.publishId)}`,
    });
  });

  server.route('PUT', '/upload/', (request) => {
    const task = tasks.get(request.query.get('upload_id') ?? '');
    if (!task) throw new Error('unknown upload_id');
    if (task.uploadComplete) throw new Error('upload already complete');
    if (!request.headers['content-type']?.startsWith('video/'))
      throw new Error('Content-Type must be video/*');
    const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(request.headers['content-range'] ?? '');
    if (!match) throw new Error(`bad Content-Range ${request.headers['content-range']}`);
    const [start, end, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (total !== task.videoSize)
      throw new Error(`Content-Range total ${total} is not video_size ${task.videoSize}`);
    if (start !== task.receivedBytes)
      throw new Error(`chunk starts at ${start}, expected ${task.receivedBytes}`);
    if (request.raw.length !== end - start + 1)
      throw new Error(`chunk has ${request.raw.length} bytes, range says ${end - start + 1}`);
    const isLast = task.receivedChunks === task.totalChunks - 1;
    if (!isLast && request.raw.length !== task.chunkSize)
      throw new Error(`chunk ${task.receivedChunks} is not chunk_size long`);
    task.receivedBytes = end + 1;
    task.receivedChunks += 1;
    if (isLast) {
      if (task.receivedBytes !== task.videoSize) throw new Error('the last chunk does not end the file');
      task.uploadComplete = true;
      task.mediaIds = [`video-${task.publishId}`];
      return { status: 201 };
    }
    return { status: 206 };
  });

  server.route('POST', '/v2/post/publish/content/init/', (request) => {
    const auth = authenticate(request);
    if ('response' in auth) return auth.response;
    const body = request.body ?? {};
    if (body.media_type !== 'PHOTO') throw new Error('media_type must be PHOTO');
    if (body.post_mode !== 'DIRECT_POST') throw new Error('post_mode must be DIRECT_POST');
    const source = (body.source_info ?? {}) as {
      source?: string;
      photo_images?: string[];
      photo_cover_index?: number;
    };
    if (source.source !== 'PULL_FROM_URL') throw new Error('photos must be PULL_FROM_URL');
    if (!Array.isArray(source.photo_images) || source.photo_images.length === 0) {
      return apiError(400, 'invalid_params', 'photo_images is required.');
    }
    if (source.photo_cover_index === undefined) throw new Error('missing photo_cover_index');
    const task = newTask(auth.openId, 'photo', (body.post_info ?? {}) as Record<string, unknown>);
    task.uploadComplete = true;
    task.mediaIds = source.photo_images;
    return ok({ publish_id: task.publishId });
  });

  server.route('POST', '/v2/post/publish/status/fetch/', (request) => {
    const auth = authenticate(request);
    if ('response' in auth) return auth.response;
    const task = tasks.get(String(request.body?.publish_id ?? ''));
    if (!task || task.openId !== auth.openId)
      return apiError(400, 'invalid_publish_id', 'The publish_id is unknown.');
    if (task.uploadComplete && task.status !== 'PUBLISH_COMPLETE' && task.status !== 'FAILED') {
      if (task.remainingPolls > 0) task.remainingPolls -= 1;
      else if (task.failReason) task.status = 'FAILED';
      else {
        task.status = 'PUBLISH_COMPLETE';
        task.postId = `7${Date.now()}${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
        published.push({
          id: task.postId,
          accountId: task.openId,
          text: task.text,
          mediaIds: task.mediaIds,
          createdAt: new Date(),
        });
      }
    }
    const answer = ok({
      status: task.status,
      ...(task.status === 'FAILED' ? { fail_reason: task.failReason } : {}),
      // Posts only the owner can see get no public id.
      publicaly_available_post_id: task.postId && task.privacy !== 'SELF_ONLY' ? ['POST_ID'] : [],
      uploaded_bytes: task.receivedBytes,
    });
    // TikTok sends the id as a 19-digit JSON number, beyond a double's precision.
    return {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(answer.body).replace('"POST_ID"', task.postId ?? ''),
    };
  });

  server.route('POST', '/v2/video/list/', (request) => {
    const auth = authenticate(request);
    if ('response' in auth) return auth.response;
    const fields = (request.query.get('fields') ?? '').split(',').filter(Boolean);
    if (fields.length === 0) throw new Error('missing fields');
    const max = Number(request.body?.max_count ?? 10);
    if (max > 20) return apiError(400, 'invalid_params', 'max_count must be at most 20.');
    const username = users.get(auth.openId)?.username;
    const videos = published
      .filter((p) => p.accountId === auth.openId)
      .reverse()
      .slice(0, max)
      .map((p) => {
        const all: Record<string, unknown> = {
          id: p.id,
          title: p.text.slice(0, 150),
          video_description: p.text,
          create_time: Math.floor(p.createdAt.getTime() / 1000),
          share_url: `https://www.tiktok.com/@${username}/video/${p.id}`,
        };
        return Object.fromEntries(fields.map((f) => [f, all[f]]));
      });
    return ok({ videos, cursor: Date.now(), has_more: false });
  });

  return {
    server,
    url: server.url,
    published,
    tasks,
    users,
    followers,
    failNextPublish(reason) {
      failures.push(reason);
    },
    close: () => server.close(),
  };
}
