import { randomBytes } from 'node:crypto';
import { createOAuthFake, parseMultipart } from '../testing/oauth.fake';
import {
  type FakeRequest,
  type FakeResponse,
  type PlatformFake,
  type PlatformFakeOptions,
  type PublishedOnFake,
  startFakeServer,
} from '../testing/server.fake';

/**
 * A stand-in for a Mastodon instance: app registration (`POST /api/v1/apps`, any number of apps), OAuth with
 * optional PKCE and non-expiring tokens, `verify_credentials`, async media (`POST /api/v2/media` answers 202 with
 * `url: null` for video and GIF, 200 for images; `GET /api/v1/media/:id` answers 206 until processed), statuses
 * with Idempotency-Key dedupe and the 500-character limit, and an account's statuses (newest first, `max_id` paging). Its base URL is the
 * instance URL a user types.
 */

interface FakeMedia {
  accountId: string;
  processed: boolean;
  polls: number;
  type: string;
  /** The `description` sent with the upload (alt text). */
  description: string;
}

const UNAUTHORIZED: FakeResponse = { status: 401, body: { error: 'The access token is invalid' } };

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface MastodonFake extends PlatformFake {
  /** Followers per account id (`followers_count` of verify_credentials; 0 when unset). */
  followers: Map<string, number>;
}

// function-budget: a fake platform for tests: one server whose short routes imitate its API and share its state
export async function startMastodonFake(options: PlatformFakeOptions = {}): Promise<MastodonFake> {
  const server = await startFakeServer({ latencyMs: options.latencyMs });
  const followers = new Map<string, number>();
  const published: PublishedOnFake[] = [];
  const clients = new Map<string, string>();
  const media = new Map<string, FakeMedia>();
  const idempotency = new Map<string, Record<string, unknown>>();
  const statuses = new Map<string, Record<string, unknown>>();
  const replyable = new Set<string>();
  let nextId = 110_000_000_000_000_000n;
  const newId = () => {
    nextId += 1n;
    return nextId.toString();
  };
  const oauth = createOAuthFake({
    clientId: options.clientId ?? 'test-client-id',
    clientSecret: options.clientSecret ?? 'test-client-secret',
    clients,
    pkce: 'optional',
    clientAuth: 'either',
    refresh: 'none',
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    accountPrefix: '1090',
    checkAuthorize(request) {
      if (!request.query.get('scope')?.split(' ').includes('write')) throw new Error('scope write missing');
    },
  });
  const authed =
    (handler: (request: FakeRequest, accountId: string) => FakeResponse | Promise<FakeResponse>) =>
    (request: FakeRequest) => {
      const accountId = oauth.accountOf(request);
      return accountId ? handler(request, accountId) : UNAUTHORIZED;
    };
  const account = (id: string) => ({
    id,
    username: `masto${id}`,
    acct: `masto${id}`,
    display_name: `Mastodon User ${id}`,
    avatar: `${server.url}/avatars/${id}.png`,
    url: `${server.url}/@masto${id}`,
    followers_count: followers.get(id) ?? 0,
  });
  const mediaAttachment = (id: string, item: FakeMedia) => ({
    id,
    type: item.type,
    url: item.processed ? `${server.url}/media/${id}` : null,
    preview_url: `${server.url}/media/${id}/small`,
  });

  server.route('POST', '/api/v1/apps', (request) => {
    const body = request.body ?? {};
    for (const field of ['client_name', 'redirect_uris'])
      if (!body[field]) throw new Error(`missing field ${field}`);
    const clientId = `app-${randomBytes(6).toString('hex')}`;
    const clientSecret = `secret-${randomBytes(12).toString('hex')}`;
    clients.set(clientId, clientSecret);
    return {
      body: {
        id: String(clients.size),
        name: body.client_name,
        website: body.website ?? null,
        redirect_uri: body.redirect_uris,
        redirect_uris: [body.redirect_uris],
        scopes: String(body.scopes ?? 'read').split(' '),
        client_id: clientId,
        client_secret: clientSecret,
      },
    };
  });
  server.route('GET', '/oauth/authorize', (request) => oauth.authorize(request));
  server.route('POST', '/oauth/token', (request) => oauth.token(request));
  server.route(
    'GET',
    '/api/v1/accounts/verify_credentials',
    authed((_request, accountId) => ({ body: account(accountId) })),
  );

  server.route(
    'POST',
    '/api/v2/media',
    authed(async (request, accountId) => {
      const { fields, files, types } = await parseMultipart(request);
      if (!files.file) throw new Error('missing file part');
      const id = newId();
      const mime = types.file ?? '';
      const type = mime === 'image/gif' ? 'gifv' : mime.startsWith('video/') ? 'video' : 'image';
      const description = fields.description ?? '';
      if ([...description].length > 1500) return { status: 422, body: { error: 'Description is too long' } };
      const item: FakeMedia = { accountId, processed: type === 'image', polls: 0, type, description };
      media.set(id, item);
      return { status: item.processed ? 200 : 202, body: mediaAttachment(id, item) };
    }),
  );
  server.route(
    'GET',
    '/api/v1/media/:id',
    authed((request, accountId) => {
      const item = media.get(request.params.id ?? '');
      if (!item || item.accountId !== accountId) return { status: 404, body: { error: 'Record not found' } };
      item.polls += 1;
      if (item.polls >= 2) item.processed = true;
      return { status: item.processed ? 200 : 206, body: mediaAttachment(request.params.id ?? '', item) };
    }),
  );

  server.route(
    'POST',
    '/api/v1/statuses',
    authed((request, accountId) => {
      const body = request.body ?? {};
      const text = typeof body.status === 'string' ? body.status : '';
      const mediaIds = (body.media_ids ?? body['media_ids[]'] ?? []) as string[] | string;
      const ids = (Array.isArray(mediaIds) ? mediaIds : [mediaIds]).map(String);
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !key) throw new Error('missing Idempotency-Key header');
      const seen = idempotency.get(`${accountId}:${key}`);
      if (seen) return { body: seen };
      if (!text && ids.length === 0) {
        return { status: 422, body: { error: "Validation failed: Text can't be blank" } };
      }
      for (const id of ids) {
        const item = media.get(id);
        if (!item || item.accountId !== accountId) throw new Error(`unknown media id ${id}`);
        if (!item.processed) {
          server.violations.push(`POST /api/v1/statuses: media ${id} attached before it was processed`);
          return {
            status: 422,
            body: { error: 'Cannot attach files that have not finished processing. Try again in a moment!' },
          };
        }
      }
      if ([...text].length > 500) {
        return { status: 422, body: { error: 'Validation failed: Text character limit of 500 exceeded' } };
      }
      const replyTo = typeof body.in_reply_to_id === 'string' ? body.in_reply_to_id : undefined;
      if (replyTo && !statuses.has(replyTo) && !replyable.has(replyTo)) {
        return { status: 404, body: { error: 'Record not found' } };
      }
      const id = newId();
      const createdAt = new Date();
      const status = {
        in_reply_to_id: replyTo ?? null,
        id,
        created_at: createdAt.toISOString(),
        uri: `${server.url}/users/masto${accountId}/statuses/${id}`,
        url: `${server.url}/@masto${accountId}/${id}`,
        content: `<p>${escapeHtml(text).replace(/\n/g, '<br />')}</p>`,
        visibility: body.visibility ?? 'public',
        account: account(accountId),
        media_attachments: ids.map((mediaId) => mediaAttachment(mediaId, media.get(mediaId) as FakeMedia)),
      };
      idempotency.set(`${accountId}:${key}`, status);
      statuses.set(id, status);
      const altTexts = ids.map((mediaId) => media.get(mediaId)?.description ?? '');
      published.push({
        id,
        accountId,
        text,
        mediaIds: ids,
        altTexts,
        createdAt,
        ...(replyTo ? { replyTo } : {}),
      });
      return { body: status };
    }),
  );
  server.route(
    'GET',
    '/api/v1/accounts/:id/statuses',
    authed((request) => {
      const limit = Number(request.query.get('limit') ?? 20);
      const maxId = request.query.get('max_id');
      const own = published
        .filter((post) => post.accountId === request.params.id)
        .filter((post) => !maxId || BigInt(post.id) < BigInt(maxId))
        .reverse()
        .slice(0, limit)
        .map((post) => statuses.get(post.id));
      return { body: own };
    }),
  );

  return { server, url: server.url, published, followers, replyable, close: () => server.close() };
}
