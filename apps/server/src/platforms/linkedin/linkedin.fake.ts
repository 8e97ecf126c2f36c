import { createHash } from 'node:crypto';
import { createOAuthFake } from '../testing/oauth.fake';
import {
  type CommentOnFake,
  type FakeRequest,
  type FakeResponse,
  NEXT_ROUTE,
  type PlatformFake,
  type PlatformFakeOptions,
  type PublishedOnFake,
  startFakeServer,
} from '../testing/server.fake';

/**
 * A stand-in for LinkedIn: OAuth 2 three-legged (no PKCE, client credentials in the body, 60-day tokens, refresh
 * tokens unless `issueRefreshTokens: false`), `/v2/userinfo`, the versioned REST API (`LinkedIn-Version` and
 * `X-Restli-Protocol-Version` headers checked): images initializeUpload + PUT, videos initializeUpload → PUT parts
 * (4 MiB, each answered with an ETag) → finalizeUpload → status PROCESSING then AVAILABLE, and `POST /rest/posts`
 * (201 with the URN in `x-restli-id`; media must be uploaded first; duplicates and text over 3,000 characters
 * are refused with 422 like LinkedIn does).
 */

export interface LinkedInFakeOptions extends PlatformFakeOptions {
  /** Whether the token endpoint issues refresh tokens (LinkedIn does so only for some apps). Default true. */
  issueRefreshTokens?: boolean;
}

const PART_BYTES = 4 * 1024 * 1024;

interface FakeAsset {
  accountId: string;
  kind: 'image' | 'video';
  size: number;
  parts: Map<number, string>;
  uploaded: boolean;
  status: 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE';
}

const UNAUTHORIZED: FakeResponse = {
  status: 401,
  body: {
    status: 401,
    serviceErrorCode: 65600,
    code: 'INVALID_ACCESS_TOKEN',
    message: 'Invalid access token',
  },
};

function checkRestHeaders(request: FakeRequest) {
  if (!/^\d{6}$/.test(String(request.headers['linkedin-version'])))
    throw new Error('missing LinkedIn-Version: YYYYMM');
  if (request.headers['x-restli-protocol-version'] !== '2.0.0')
    throw new Error('missing X-Restli-Protocol-Version: 2.0.0');
}

// function-budget: a fake platform for tests: one server whose short routes imitate its API and share its state
export async function startLinkedInFake(options: LinkedInFakeOptions = {}): Promise<PlatformFake> {
  const server = await startFakeServer({ latencyMs: options.latencyMs });
  const published: PublishedOnFake[] = [];
  const comments: CommentOnFake[] = [];
  const assets = new Map<string, FakeAsset>();
  let counter = 7_300_000_000_000_000_000n;
  const next = () => {
    counter += 1n;
    return counter.toString();
  };
  const oauth = createOAuthFake({
    clientId: options.clientId ?? 'test-client-id',
    clientSecret: options.clientSecret ?? 'test-client-secret',
    pkce: 'none',
    clientAuth: 'body',
    refresh: options.issueRefreshTokens === false ? 'none' : 'keep',
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 5_184_000,
    accountPrefix: 'li',
    checkAuthorize(request) {
      if (!request.query.get('scope')?.split(' ').includes('w_member_social'))
        throw new Error('scope w_member_social missing');
    },
  });
  const authed =
    (handler: (request: FakeRequest, accountId: string) => FakeResponse | Promise<FakeResponse>) =>
    (request: FakeRequest) => {
      const accountId = oauth.accountOf(request);
      return accountId ? handler(request, accountId) : UNAUTHORIZED;
    };
  const person = (accountId: string) => `urn:li:person:${accountId}`;
  const ownAsset = (urn: string, accountId: string): FakeAsset => {
    const asset = assets.get(urn);
    if (!asset) throw new Error(`unknown asset ${urn}`);
    if (asset.accountId !== accountId) throw new Error(`asset ${urn} belongs to another member`);
    return asset;
  };

  server.route('GET', '/oauth/v2/authorization', (request) => oauth.authorize(request));
  server.route('POST', '/oauth/v2/accessToken', (request) => oauth.token(request));
  server.route(
    'GET',
    '/v2/userinfo',
    authed((_request, accountId) => ({
      body: {
        sub: accountId,
        name: `Member ${accountId}`,
        given_name: 'Member',
        family_name: accountId,
        picture: `https://media.licdn.com/dms/image/${accountId}.jpg`,
        locale: { country: 'US', language: 'en' },
      },
    })),
  );

  server.route(
    'POST',
    '/rest/images',
    authed((request, accountId) => {
      checkRestHeaders(request);
      if (request.query.get('action') !== 'initializeUpload')
        throw new Error('expected action=initializeUpload');
      const owner = (request.body?.initializeUploadRequest as { owner?: string } | undefined)?.owner;
      if (owner !== person(accountId)) throw new Error(`owner ${owner} is not the member`);
      const urn = `urn:li:image:D4E${next()}`;
      assets.set(urn, {
        accountId,
        kind: 'image',
        size: 0,
        parts: new Map(),
        uploaded: false,
        status: 'WAITING_UPLOAD',
      });
      return {
        body: {
          value: {
            uploadUrlExpiresAt: Date.now() + 86_400_000,
            uploadUrl: `${server.url}/dms-uploads/${encodeURIComponent(urn)}/0`,
            image: urn,
          },
        },
      };
    }),
  );
  server.route(
    'POST',
    '/rest/videos',
    authed((request, accountId) => {
      checkRestHeaders(request);
      const action = request.query.get('action');
      if (action === 'initializeUpload') {
        const init = (request.body?.initializeUploadRequest ?? {}) as {
          owner?: string;
          fileSizeBytes?: number;
        };
        if (init.owner !== person(accountId)) throw new Error(`owner ${init.owner} is not the member`);
        const size = Number(init.fileSizeBytes);
        if (!(size > 0)) throw new Error('missing fileSizeBytes');
        const urn = `urn:li:video:D5E${next()}`;
        assets.set(urn, {
          accountId,
          kind: 'video',
          size,
          parts: new Map(),
          uploaded: false,
          status: 'WAITING_UPLOAD',
        });
        const uploadInstructions = [];
        for (let first = 0, index = 0; first < size; first += PART_BYTES, index += 1) {
          uploadInstructions.push({
            uploadUrl: `${server.url}/dms-uploads/${encodeURIComponent(urn)}/${index}`,
            firstByte: first,
            lastByte: Math.min(first + PART_BYTES, size) - 1,
          });
        }
        return {
          body: {
            value: {
              uploadUrlsExpireAt: Date.now() + 86_400_000,
              video: urn,
              uploadInstructions,
              uploadToken: '',
            },
          },
        };
      }
      if (action === 'finalizeUpload') {
        const finalize = (request.body?.finalizeUploadRequest ?? {}) as {
          video?: string;
          uploadedPartIds?: string[];
        };
        const asset = ownAsset(String(finalize.video), accountId);
        const expected = [...asset.parts.entries()].sort(([a], [b]) => a - b).map(([, etag]) => etag);
        if (expected.length * PART_BYTES < asset.size)
          throw new Error('finalizeUpload before every part was uploaded');
        if (JSON.stringify(finalize.uploadedPartIds) !== JSON.stringify(expected)) {
          throw new Error('uploadedPartIds do not match the uploaded parts');
        }
        asset.uploaded = true;
        asset.status = 'PROCESSING';
        return { status: 200, body: null };
      }
      throw new Error(`unexpected action ${action}`);
    }),
  );
  server.route(
    'PUT',
    '/dms-uploads/:urn/:part',
    authed((request, accountId) => {
      const asset = ownAsset(request.params.urn ?? '', accountId);
      if (request.raw.length === 0) throw new Error('empty upload');
      const etag = `/ambry-video/${createHash('md5').update(request.raw).digest('hex')}`;
      asset.parts.set(Number(request.params.part), etag);
      if (asset.kind === 'image') {
        asset.uploaded = true;
        asset.status = 'AVAILABLE';
        return { status: 201 };
      }
      return { status: 200, headers: { etag } };
    }),
  );
  server.route(
    'GET',
    '/rest/videos/:urn',
    authed((request, accountId) => {
      checkRestHeaders(request);
      const asset = ownAsset(request.params.urn ?? '', accountId);
      const status = asset.status;
      if (asset.status === 'PROCESSING') asset.status = 'AVAILABLE';
      return { body: { id: request.params.urn, owner: person(accountId), status } };
    }),
  );

  server.route(
    'POST',
    '/rest/posts',
    authed((request, accountId) => {
      checkRestHeaders(request);
      const body = request.body ?? {};
      for (const field of ['author', 'visibility', 'distribution', 'lifecycleState']) {
        if (!body[field]) throw new Error(`missing field ${field}`);
      }
      if (body.author !== person(accountId))
        throw new Error(`author ${String(body.author)} is not the member`);
      const commentary = typeof body.commentary === 'string' ? body.commentary : '';
      const content = body.content as
        | {
            media?: { id: string; altText?: string };
            multiImage?: { images: { id: string; altText?: string }[] };
          }
        | undefined;
      const mediaIds = content?.media
        ? [content.media.id]
        : (content?.multiImage?.images ?? []).map((image) => image.id);
      for (const id of mediaIds) {
        const asset = ownAsset(id, accountId);
        if (!asset.uploaded) throw new Error(`post references ${id} before its upload finished`);
        if (asset.status !== 'AVAILABLE')
          throw new Error(`post references ${id} while it is ${asset.status}`);
      }
      if (commentary.length > 3000) {
        return {
          status: 422,
          body: { status: 422, message: 'commentary :: length must be less than or equal to 3000' },
        };
      }
      const duplicate = published.find(
        (post) => post.accountId === accountId && post.text === commentary && commentary,
      );
      if (duplicate) {
        return { status: 422, body: { status: 422, message: `Content is a duplicate of ${duplicate.id}` } };
      }
      const urn = `urn:li:share:${next()}`;
      const altTexts = content?.media
        ? [content.media.altText ?? '']
        : (content?.multiImage?.images ?? []).map((image) => image.altText ?? '');
      published.push({ id: urn, accountId, text: commentary, mediaIds, altTexts, createdAt: new Date() });
      return { status: 201, headers: { 'x-restli-id': urn } };
    }),
  );

  // The first comment on a post the fake published; a comment on anything else is the engagement fake's.
  server.route(
    'POST',
    '/rest/socialActions/:target/comments',
    authed((request, accountId) => {
      const post = published.find((candidate) => candidate.id === request.params.target);
      if (!post || request.body?.parentComment) return NEXT_ROUTE;
      if (request.body?.actor !== `urn:li:person:${accountId}`) throw new Error('actor is not the member');
      if (request.body?.object !== post.id) throw new Error('object is not the post');
      const text = (request.body?.message as { text?: string } | undefined)?.text;
      if (!text) throw new Error('message.text missing');
      const id = `urn:li:comment:(${post.id},${8000 + comments.length})`;
      comments.push({ id, accountId, postId: post.id, text });
      return { status: 201, headers: { 'x-restli-id': id }, body: { commentUrn: id } };
    }),
  );

  return { server, url: server.url, published, comments, close: () => server.close() };
}
