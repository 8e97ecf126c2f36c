import { ENGAGEMENT_CAPABILITIES } from '@relaycast/shared/engagement-capabilities';
import { type DescribeError, platformRequest } from '../http';
import { readMediaBytes, sleep } from '../media';
import { authorizationCodeUrl, isTokenError, type OAuthTokenAnswer, tokenSetFromAnswer } from '../oauth';
import {
  type AccountCredentials,
  type CallContext,
  type Connector,
  PlatformError,
  type PublishMedia,
  type RecentPost,
} from '../types';
import { checkUserGivenUrl, withUserGivenHosts } from '../user-given-url';

/**
 * Mastodon: the app registers itself on each instance (`POST /api/v1/apps`), then OAuth 2 authorization code on
 * that instance (PKCE S256, supported from 4.3 and ignored before). Tokens do not expire (no refresh). Media go
 * through `POST /api/v2/media` (202 while processing → poll `GET /api/v1/media/:id` until `url` is set), posts
 * through `POST /api/v1/statuses` with an `Idempotency-Key` (Mastodon answers a repeated key with the same
 * status, so a retried publish never posts twice).
 */

/** Broad scopes, valid on every Mastodon version (granular ones need 3.5+/4.3+); engagement needs read + write. */
const SCOPES = ['read', 'write'] as const;
/** Waits between media status polls: short at first (small images finish fast), then every second. */
const MEDIA_POLL_MS = [200, 500, 1000, 2000, 5000];
/** Video transcoding on a busy instance can take minutes; past this the publish is retried later. */
const MEDIA_DEADLINE_MS = 10 * 60_000;

export const describeMastodonError: DescribeError = (status, body) => {
  const record = (body && typeof body === 'object' ? body : {}) as {
    error?: string;
    error_description?: string;
  };
  if (record.error && isTokenError(record.error)) {
    return {
      message: record.error_description ?? record.error,
      kind: 'reauthorize',
      platformCode: record.error,
    };
  }
  if (status === 401) return { message: record.error ?? 'The access token is invalid', kind: 'reauthorize' };
  // Validation errors: `{ "error": "Validation failed: Text character limit of 500 exceeded" }` (422).
  return record.error ? { message: record.error_description ?? record.error } : undefined;
};

async function instanceOf(ctx: CallContext, raw: string | undefined): Promise<string> {
  if (!raw) throw new PlatformError('reauthorize', 'The account has no Mastodon instance; connect it again.');
  return checkUserGivenUrl(raw, ctx.settings.addressPolicy);
}

interface MastodonMedia {
  id: string;
  url: string | null;
}

async function uploadMedia(
  ctx: CallContext,
  instance: string,
  credentials: AccountCredentials,
  media: PublishMedia,
): Promise<string> {
  const bytes = await readMediaBytes(media);
  const form = new FormData();
  form.set(
    'file',
    new Blob([bytes], { type: media.mimeType }),
    `${media.id}.${media.mimeType.split('/')[1] ?? 'bin'}`,
  );
  if (media.altText) form.set('description', media.altText);
  const uploaded = await platformRequest<MastodonMedia>(
    ctx,
    {
      method: 'POST',
      url: `${instance}/api/v2/media`,
      token: credentials.accessToken,
      body: { multipart: form },
      timeoutMs: 300_000,
    },
    describeMastodonError,
  );
  let item = uploaded.body;
  const deadline = Date.now() + MEDIA_DEADLINE_MS;
  for (let poll = 0; !item.url; poll += 1) {
    if (Date.now() >= deadline) {
      throw new PlatformError('retry', 'The Mastodon instance is still processing the media.');
    }
    await sleep(MEDIA_POLL_MS[Math.min(poll, MEDIA_POLL_MS.length - 1)] ?? 1000, ctx.signal);
    const status = await platformRequest<MastodonMedia>(
      ctx,
      { url: `${instance}/api/v1/media/${encodeURIComponent(item.id)}`, token: credentials.accessToken },
      describeMastodonError,
    );
    item = status.body;
  }
  return item.id;
}

/** Reconciling a publish: statuses per page, and pages read at most. */
const RECENT_POSTS_PAGE = 40;
const RECENT_POSTS_MAX_PAGES = 5;

/** Status content is HTML; the reconciliation compares plain text, and the inbox shows it. */
export function mastodonPlainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

export const mastodonConnector: Connector = withUserGivenHosts({
  platform: 'mastodon',
  capabilities: {
    auth: 'instance-oauth2',
    pkce: true,
    refresh: false,
    publishText: true,
    publishImages: true,
    publishVideo: true,
    mediaByUrl: false,
    listRecentPosts: true,
    engagement: ENGAGEMENT_CAPABILITIES.mastodon,
    maxConcurrency: 4,
    // Statuses are deduplicated by Idempotency-Key for an hour (Mastodon API, POST /api/v1/statuses).
    idempotentPublishMs: 60 * 60_000,
  },
  /** The instance suggested when the user names none (MASTODON_BASE_URL replaces it). */
  defaultUrls: { instance: 'https://mastodon.social' },
  scopes: SCOPES,
  requiresClientCredentials: false,

  async registerApp(ctx, input) {
    const instance = await checkUserGivenUrl(input.instanceUrl, ctx.settings.addressPolicy);
    const { body } = await platformRequest<{ client_id?: string; client_secret?: string }>(
      ctx,
      {
        method: 'POST',
        url: `${instance}/api/v1/apps`,
        body: {
          form: {
            client_name: input.appName,
            redirect_uris: input.redirectUri,
            scopes: SCOPES.join(' '),
            website: input.website,
          },
        },
      },
      describeMastodonError,
    );
    if (!body.client_id || !body.client_secret) {
      throw new PlatformError('refuse', 'The Mastodon instance did not register the app.');
    }
    return { clientId: body.client_id, clientSecret: body.client_secret };
  },

  authorizationUrl(_ctx, request) {
    if (!request.instance) throw new Error('Mastodon needs the instance and its client id');
    // The instance was checked by registerApp; accept it as typed ("mastodon.social") or as an origin.
    const instance = /^https?:\/\//i.test(request.instance.url)
      ? request.instance.url
      : `https://${request.instance.url}`;
    return authorizationCodeUrl(new URL('/oauth/authorize', instance), {
      clientId: request.instance.clientId,
      redirectUri: request.redirectUri,
      scopes: [...SCOPES, ...(request.scopes ?? [])],
      state: request.state,
      codeChallenge: request.codeChallenge,
    });
  },

  async exchangeCode(ctx, exchange) {
    if (!exchange.instance) throw new Error('Mastodon needs the instance and its client credentials');
    const instance = await checkUserGivenUrl(exchange.instance.url, ctx.settings.addressPolicy);
    const form: Record<string, string> = {
      grant_type: 'authorization_code',
      code: exchange.code,
      client_id: exchange.instance.clientId,
      client_secret: exchange.instance.clientSecret,
      redirect_uri: exchange.redirectUri,
      scope: SCOPES.join(' '),
    };
    if (exchange.codeVerifier) form.code_verifier = exchange.codeVerifier;
    const answer = await platformRequest<OAuthTokenAnswer>(
      ctx,
      { method: 'POST', url: `${instance}/oauth/token`, body: { form } },
      describeMastodonError,
    );
    const tokens = tokenSetFromAnswer(answer.body);
    const { body: account } = await platformRequest<{
      id: string;
      username: string;
      display_name?: string;
      avatar?: string;
    }>(
      ctx,
      { url: `${instance}/api/v1/accounts/verify_credentials`, token: tokens.accessToken },
      describeMastodonError,
    );
    const host = new URL(instance).host;
    tokens.meta = { ...tokens.meta, instanceUrl: instance, username: account.username };
    return {
      tokens,
      profile: {
        platformAccountId: account.id,
        handle: `${account.username}@${host}`,
        displayName: account.display_name || account.username,
        avatarUrl: account.avatar,
      },
    };
  },

  async publish(ctx, credentials, request) {
    const instance = await instanceOf(ctx, credentials.meta.instanceUrl);
    const mediaIds: string[] = [];
    for (const media of request.media) {
      mediaIds.push(await uploadMedia(ctx, instance, credentials, media));
    }
    const payload: Record<string, unknown> = { status: request.text };
    if (mediaIds.length > 0) payload.media_ids = mediaIds;
    if (request.replyTo) payload.in_reply_to_id = request.replyTo.parent.platformPostId;
    const { body } = await platformRequest<{ id?: string; url?: string | null; uri?: string }>(
      ctx,
      {
        method: 'POST',
        url: `${instance}/api/v1/statuses`,
        token: credentials.accessToken,
        headers: { 'idempotency-key': request.idempotencyKey },
        body: { json: payload },
        sideEffect: true,
      },
      describeMastodonError,
    );
    if (!body.id) throw new PlatformError('unknown', 'Mastodon accepted the post but did not return its id.');
    return { platformPostId: body.id, url: body.url ?? body.uri ?? `${instance}/web/statuses/${body.id}` };
  },

  async listRecentPosts(ctx, credentials, since) {
    const instance = await instanceOf(ctx, credentials.meta.instanceUrl);
    const found: RecentPost[] = [];
    // Page back (40 a page, `max_id`) until a post older than `since`: during a burst the post being reconciled
    // can be far below the first page, and "not on the first page" is not "never received".
    let maxId: string | undefined;
    for (let page = 0; page < RECENT_POSTS_MAX_PAGES; page++) {
      const { body } = await platformRequest<
        { id: string; url?: string | null; uri: string; content: string; created_at: string }[]
      >(
        ctx,
        {
          url: `${instance}/api/v1/accounts/${encodeURIComponent(credentials.platformAccountId)}/statuses`,
          query: { limit: RECENT_POSTS_PAGE, exclude_reblogs: true, ...(maxId ? { max_id: maxId } : {}) },
          token: credentials.accessToken,
        },
        describeMastodonError,
      );
      const statuses = Array.isArray(body) ? body : [];
      for (const status of statuses) {
        found.push({
          platformPostId: status.id,
          url: status.url ?? status.uri,
          text: mastodonPlainText(status.content),
          createdAt: new Date(status.created_at),
        });
      }
      const oldest = found.at(-1);
      if (statuses.length < RECENT_POSTS_PAGE || !oldest || oldest.createdAt < since) {
        return found.filter((post) => post.createdAt >= since);
      }
      maxId = oldest.platformPostId;
    }
    // Too many posts since then to tell: the outcome stays unknown (the engine asks the user).
    throw new PlatformError(
      'unknown',
      'Too many recent Mastodon posts to check whether this one was received.',
    );
  },
});
