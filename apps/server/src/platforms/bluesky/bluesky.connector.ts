import { ENGAGEMENT_CAPABILITIES } from '@relaycast/shared/engagement-capabilities';
import { type DescribeError, platformRequest } from '../http';
import { readMediaBytes } from '../media';
import {
  type AccountCredentials,
  type CallContext,
  type ConnectedIdentity,
  type Connector,
  PlatformError,
  type PublishMedia,
  type RecentPost,
  type TokenSet,
} from '../types';
import { checkUserGivenUrl, withUserGivenHosts } from '../user-given-url';

/**
 * Bluesky (AT Protocol) with a handle and an app password: `com.atproto.server.createSession` on the user's
 * service (https://bsky.social by default), `refreshSession` with the refresh JWT (and a new session from the
 * stored app password when the refresh JWT has expired), posts as `app.bsky.feed.post` records through
 * `com.atproto.repo.createRecord`, images and video as blobs (`com.atproto.repo.uploadBlob`) embedded with
 * `app.bsky.embed.images` / `app.bsky.embed.video`. Video goes through uploadBlob, not the video service
 * (video.bsky.app needs a service-auth token per upload; the PDS route is simpler and within the 50 MB lexicon
 * limit; the docs' "simple method": the video is processed once the post is out). Links and #hashtags get
 * rich-text facets so they are clickable.
 *
 * Over 300 lines on purpose: a connector is one platform's whole API (sign-in, refresh, media upload, publish)
 * behind the Connector interface; split, one publish would have to be read across files.
 */

interface SessionAnswer {
  accessJwt?: string;
  refreshJwt?: string;
  handle?: string;
  did?: string;
}

interface Blob {
  $type: 'blob';
  ref: { $link: string };
  mimeType: string;
  size: number;
}

const TOKEN_ERRORS = new Set([
  'ExpiredToken',
  'InvalidToken',
  'AuthenticationRequired',
  'AccountDeactivated',
]);

export const describeBlueskyError: DescribeError = (status, body) => {
  const record = (body && typeof body === 'object' ? body : {}) as { error?: string; message?: string };
  if (!record.error && !record.message) return undefined;
  const message = record.message ?? record.error;
  if (record.error === 'RateLimitExceeded') return { message, kind: 'retry', platformCode: record.error };
  if ((record.error && TOKEN_ERRORS.has(record.error)) || status === 401) {
    return { message, kind: 'reauthorize', platformCode: record.error };
  }
  return { message, platformCode: record.error };
};

/** The `exp` of a JWT (no signature check: only to know when to refresh). */
export function jwtExpiry(jwt: string): Date | undefined {
  try {
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: number;
    };
    return typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : undefined;
  } catch {
    return undefined;
  }
}

async function serviceOf(ctx: CallContext, stored: string | undefined): Promise<string> {
  const fallback = ctx.settings.urls.service?.replace(/\/+$/, '');
  if (!stored || stored === fallback) {
    if (!fallback) throw new Error('bluesky connector: no service URL');
    return fallback;
  }
  return checkUserGivenUrl(stored, ctx.settings.addressPolicy);
}

function xrpc(service: string, method: string): string {
  return `${service}/xrpc/${method}`;
}

function sessionTokens(answer: SessionAnswer, service: string): TokenSet {
  if (!answer.accessJwt || !answer.did)
    throw new PlatformError('retry', 'Bluesky answered without a session.');
  const tokens: TokenSet = {
    accessToken: answer.accessJwt,
    expiresAt: jwtExpiry(answer.accessJwt),
    meta: { service, handle: answer.handle ?? '' },
  };
  if (answer.refreshJwt) tokens.refreshToken = answer.refreshJwt;
  return tokens;
}

async function createSession(ctx: CallContext, service: string, identifier: string, password: string) {
  const { body } = await platformRequest<SessionAnswer>(
    ctx,
    {
      method: 'POST',
      url: xrpc(service, 'com.atproto.server.createSession'),
      body: { json: { identifier: identifier.trim().replace(/^@/, ''), password } },
    },
    describeBlueskyError,
  );
  return body;
}

async function uploadBlob(
  ctx: CallContext,
  service: string,
  credentials: AccountCredentials,
  media: PublishMedia,
) {
  const bytes = await readMediaBytes(media);
  const { body } = await platformRequest<{ blob?: Blob }>(
    ctx,
    {
      method: 'POST',
      url: xrpc(service, 'com.atproto.repo.uploadBlob'),
      token: credentials.accessToken,
      body: { raw: bytes, contentType: media.mimeType },
      timeoutMs: 300_000,
    },
    describeBlueskyError,
  );
  if (!body.blob) throw new PlatformError('retry', 'Bluesky did not return the uploaded blob.');
  return body.blob;
}

function aspectRatio(media: PublishMedia) {
  return media.width && media.height ? { aspectRatio: { width: media.width, height: media.height } } : {};
}

/** Link and hashtag facets; byte offsets are in UTF-8 as the lexicon requires. */
export function richTextFacets(text: string): Record<string, unknown>[] {
  const facets: Record<string, unknown>[] = [];
  const byteOffset = (index: number) => Buffer.byteLength(text.slice(0, index), 'utf8');
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'’]/g)) {
    const start = match.index ?? 0;
    facets.push({
      index: { byteStart: byteOffset(start), byteEnd: byteOffset(start + match[0].length) },
      features: [{ $type: 'app.bsky.richtext.facet#link', uri: match[0] }],
    });
  }
  for (const match of text.matchAll(/(^|\s)#([\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*)/gu)) {
    const start = (match.index ?? 0) + (match[1]?.length ?? 0);
    const tag = match[2] ?? '';
    facets.push({
      index: { byteStart: byteOffset(start), byteEnd: byteOffset(start + tag.length + 1) },
      features: [{ $type: 'app.bsky.richtext.facet#tag', tag }],
    });
  }
  return facets;
}

function postUrl(handle: string, uri: string): string {
  const rkey = uri.split('/').pop() ?? '';
  return `https://bsky.app/profile/${handle}/post/${rkey}`;
}

async function identity(ctx: CallContext, service: string, answer: SessionAnswer, password: string) {
  const tokens = sessionTokens(answer, service);
  tokens.secrets = { appPassword: password };
  const { body: profile } = await platformRequest<{
    did: string;
    handle: string;
    displayName?: string;
    avatar?: string;
  }>(
    ctx,
    {
      url: xrpc(service, 'app.bsky.actor.getProfile'),
      query: { actor: answer.did },
      token: tokens.accessToken,
    },
    describeBlueskyError,
  );
  return {
    tokens,
    profile: {
      platformAccountId: answer.did ?? profile.did,
      handle: profile.handle ?? answer.handle ?? '',
      displayName: profile.displayName || profile.handle,
      avatarUrl: profile.avatar,
    },
  } satisfies ConnectedIdentity;
}

export const blueskyConnector: Connector = withUserGivenHosts({
  platform: 'bluesky',
  capabilities: {
    auth: 'app-password',
    pkce: false,
    refresh: true,
    publishText: true,
    publishImages: true,
    publishVideo: true,
    mediaByUrl: false,
    listRecentPosts: true,
    engagement: ENGAGEMENT_CAPABILITIES.bluesky,
    maxConcurrency: 4,
  },
  defaultUrls: { service: 'https://bsky.social' },
  scopes: [],
  requiresClientCredentials: false,

  async connectWithPassword(ctx, input) {
    const service = input.service
      ? await checkUserGivenUrl(input.service, ctx.settings.addressPolicy)
      : await serviceOf(ctx, undefined);
    const answer = await createSession(ctx, service, input.identifier, input.password);
    return identity(ctx, service, answer, input.password);
  },

  async refresh(ctx, credentials) {
    const service = await serviceOf(ctx, credentials.meta.service);
    try {
      if (!credentials.refreshToken) throw new PlatformError('reauthorize', 'No Bluesky refresh token.');
      const { body } = await platformRequest<SessionAnswer>(
        ctx,
        {
          method: 'POST',
          url: xrpc(service, 'com.atproto.server.refreshSession'),
          token: credentials.refreshToken,
        },
        describeBlueskyError,
      );
      return sessionTokens(body, service);
    } catch (err) {
      // The refresh JWT expired or was revoked: a new session from the stored app password, if we have it.
      const appPassword = credentials.secrets.appPassword;
      if (!(err instanceof PlatformError) || err.kind !== 'reauthorize' || !appPassword) throw err;
      const identifier = credentials.meta.handle || credentials.platformAccountId;
      const answer = await createSession(ctx, service, identifier, appPassword);
      return sessionTokens(answer, service);
    }
  },

  async publish(ctx, credentials, request) {
    const service = await serviceOf(ctx, credentials.meta.service);
    const record: Record<string, unknown> = {
      $type: 'app.bsky.feed.post',
      text: request.text,
      createdAt: new Date().toISOString(),
    };
    const facets = richTextFacets(request.text);
    if (facets.length > 0) record.facets = facets;
    if (request.replyTo) {
      const { root, parent } = request.replyTo;
      record.reply = {
        root: { uri: root.platformPostId, cid: root.ref ?? '' },
        parent: { uri: parent.platformPostId, cid: parent.ref ?? '' },
      };
    }
    const video = request.media.find((media) => media.kind === 'video');
    if (video) {
      const blob = await uploadBlob(ctx, service, credentials, video);
      record.embed = {
        $type: 'app.bsky.embed.video',
        video: blob,
        ...(video.altText ? { alt: video.altText } : {}),
        ...aspectRatio(video),
      };
    } else if (request.media.length > 0) {
      const images = [];
      for (const media of request.media) {
        const blob = await uploadBlob(ctx, service, credentials, media);
        images.push({ alt: media.altText, image: blob, ...aspectRatio(media) });
      }
      record.embed = { $type: 'app.bsky.embed.images', images };
    }
    const { body } = await platformRequest<{ uri?: string; cid?: string }>(
      ctx,
      {
        method: 'POST',
        url: xrpc(service, 'com.atproto.repo.createRecord'),
        token: credentials.accessToken,
        body: { json: { repo: credentials.platformAccountId, collection: 'app.bsky.feed.post', record } },
        sideEffect: true,
      },
      describeBlueskyError,
    );
    if (!body.uri)
      throw new PlatformError('unknown', 'Bluesky accepted the post but did not return its URI.');
    return {
      platformPostId: body.uri,
      url: postUrl(credentials.meta.handle || credentials.platformAccountId, body.uri),
      ...(body.cid ? { ref: body.cid } : {}),
    };
  },

  async listRecentPosts(ctx, credentials, since) {
    const service = await serviceOf(ctx, credentials.meta.service);
    const { body } = await platformRequest<{
      feed?: {
        post: {
          uri: string;
          author: { did: string; handle: string };
          record: { text?: string; createdAt?: string };
        };
        reason?: unknown;
      }[];
    }>(
      ctx,
      {
        url: xrpc(service, 'app.bsky.feed.getAuthorFeed'),
        query: { actor: credentials.platformAccountId, limit: 50, filter: 'posts_no_replies' },
        token: credentials.accessToken,
      },
      describeBlueskyError,
    );
    return (body.feed ?? [])
      .filter((item) => !item.reason && item.post.author.did === credentials.platformAccountId)
      .map(
        (item): RecentPost => ({
          platformPostId: item.post.uri,
          url: postUrl(item.post.author.handle, item.post.uri),
          text: item.post.record.text ?? '',
          createdAt: new Date(item.post.record.createdAt ?? 0),
        }),
      )
      .filter((post) => post.createdAt >= since);
  },
});
