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
 * A stand-in for a Bluesky PDS (XRPC): `createSession` with any handle and an app password shaped like
 * `xxxx-xxxx-xxxx-xxxx` (anything else is "Invalid identifier or password"), `refreshSession` with rotating
 * refresh JWTs, `getProfile`, `uploadBlob`, `createRecord` for posts (300-grapheme limit, embedded blobs must
 * have been uploaded by the same account) and `getAuthorFeed`. Its base URL is the service URL.
 */

const APP_PASSWORD = /^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/;

interface Session {
  did: string;
  kind: 'access' | 'refresh';
  expiresAt: number;
}

function jwt(did: string, expiresAt: number, scope: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ typ: 'at+jwt', alg: 'HS256' })}.${part({ sub: did, scope, exp: Math.floor(expiresAt / 1000), jti: randomBytes(8).toString('hex') })}.${randomBytes(16).toString('base64url')}`;
}

function error(status: number, name: string, message: string): FakeResponse {
  return { status, body: { error: name, message } };
}

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

export interface BlueskyFake extends PlatformFake {
  /** Followers per DID (`followersCount` of getProfile; 0 when unset). */
  followers: Map<string, number>;
}

// function-budget: a fake platform for tests: one server whose short routes imitate its API and share its state
export async function startBlueskyFake(options: PlatformFakeOptions = {}): Promise<BlueskyFake> {
  const server = await startFakeServer({ latencyMs: options.latencyMs });
  const followers = new Map<string, number>();
  const published: PublishedOnFake[] = [];
  const sessions = new Map<string, Session>();
  const handles = new Map<string, string>();
  const blobs = new Map<string, string>();
  /** Seeded posts (uri and cid) a reply may name: the engagement fake's items and what they reply to. */
  const replyable = new Set<string>();
  const records: { uri: string; did: string; text: string; createdAt: string; indexedAt: Date }[] = [];
  const ttl = (options.accessTokenTtlSeconds ?? 7200) * 1000;
  let counter = 0;

  function issue(did: string) {
    const accessJwt = jwt(did, Date.now() + ttl, 'com.atproto.appPass');
    const refreshJwt = jwt(did, Date.now() + 90 * 86_400_000, 'com.atproto.refresh');
    sessions.set(accessJwt, { did, kind: 'access', expiresAt: Date.now() + ttl });
    sessions.set(refreshJwt, { did, kind: 'refresh', expiresAt: Date.now() + 90 * 86_400_000 });
    return { accessJwt, refreshJwt, handle: handles.get(did), did, active: true };
  }

  function session(request: FakeRequest, kind: Session['kind']): Session | FakeResponse {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new Error('missing Authorization: Bearer');
    const found = sessions.get(header.slice(7));
    if (!found || found.kind !== kind) return error(400, 'InvalidToken', 'Token could not be verified');
    if (found.expiresAt <= Date.now()) return error(400, 'ExpiredToken', 'Token has expired');
    return found;
  }
  const authed =
    (handler: (request: FakeRequest, did: string) => FakeResponse | Promise<FakeResponse>) =>
    (request: FakeRequest) => {
      const found = session(request, 'access');
      return 'did' in found ? handler(request, found.did) : found;
    };

  server.route('POST', '/xrpc/com.atproto.server.createSession', (request) => {
    const identifier = String(request.body?.identifier ?? '');
    const password = String(request.body?.password ?? '');
    if (!identifier || !password)
      return error(400, 'InvalidRequest', 'Input must have the property "identifier"');
    if (!APP_PASSWORD.test(password))
      return error(401, 'AuthenticationRequired', 'Invalid identifier or password');
    const existing = [...handles.entries()].find(
      ([did, handle]) => handle === identifier || did === identifier,
    );
    let did = existing?.[0];
    if (!did) {
      counter += 1;
      did = `did:plc:${createHash('sha256').update(identifier).digest('hex').slice(0, 24)}`;
      handles.set(did, identifier.includes('.') ? identifier : `${identifier}.bsky.social`);
    }
    return { body: { ...issue(did), email: `${counter}@example.com`, emailConfirmed: true } };
  });
  server.route('POST', '/xrpc/com.atproto.server.refreshSession', (request) => {
    const found = session(request, 'refresh');
    if (!('did' in found)) return found;
    sessions.delete(String(request.headers.authorization).slice(7));
    return { body: issue(found.did) };
  });
  server.route(
    'GET',
    '/xrpc/app.bsky.actor.getProfile',
    authed((request) => {
      const actor = request.query.get('actor') ?? '';
      const did = handles.has(actor)
        ? actor
        : [...handles.entries()].find(([, handle]) => handle === actor)?.[0];
      if (!did) return error(400, 'InvalidRequest', 'Profile not found');
      return {
        body: {
          did,
          handle: handles.get(did),
          displayName: `Sky ${handles.get(did)?.split('.')[0]}`,
          avatar: `https://cdn.bsky.app/img/avatar/plain/${did}/avatar@jpeg`,
          followersCount: followers.get(did) ?? 0,
        },
      };
    }),
  );
  server.route(
    'POST',
    '/xrpc/com.atproto.repo.uploadBlob',
    authed((request, did) => {
      const mimeType = request.headers['content-type'];
      if (!mimeType || mimeType === 'application/json')
        throw new Error('uploadBlob needs the media content type');
      if (request.raw.length === 0) throw new Error('empty blob');
      const link = `bafkrei${createHash('sha256').update(request.raw).digest('hex').slice(0, 40)}`;
      blobs.set(link, did);
      return { body: { blob: { $type: 'blob', ref: { $link: link }, mimeType, size: request.raw.length } } };
    }),
  );
  server.route(
    'POST',
    '/xrpc/com.atproto.repo.createRecord',
    authed((request, did) => {
      const body = request.body ?? {};
      if (body.repo !== did) throw new Error(`repo ${String(body.repo)} is not the session’s ${did}`);
      if (body.collection !== 'app.bsky.feed.post')
        throw new Error(`unexpected collection ${String(body.collection)}`);
      const record = (body.record ?? {}) as {
        $type?: string;
        text?: string;
        createdAt?: string;
        reply?: { root?: { uri?: string; cid?: string }; parent?: { uri?: string; cid?: string } };
        embed?: {
          $type: string;
          images?: { alt?: unknown; image: { ref: { $link: string } } }[];
          video?: { ref: { $link: string } };
        };
      };
      if (record.$type !== 'app.bsky.feed.post') throw new Error('record.$type must be app.bsky.feed.post');
      if (typeof record.text !== 'string') throw new Error('record.text missing');
      if (!record.createdAt || Number.isNaN(Date.parse(record.createdAt)))
        throw new Error('record.createdAt missing');
      const links: string[] = [];
      const altTexts: string[] = [];
      if (record.embed?.$type === 'app.bsky.embed.images') {
        if ((record.embed.images ?? []).length > 4) {
          return error(
            400,
            'InvalidRequest',
            'Invalid app.bsky.feed.post record: embed/images must not have more than 4 elements',
          );
        }
        for (const image of record.embed.images ?? []) {
          // The lexicon requires `alt` on every image (it may be empty).
          if (typeof image.alt !== 'string') throw new Error('embed.images[].alt is required');
          links.push(image.image.ref.$link);
          altTexts.push(image.alt);
        }
      } else if (record.embed?.$type === 'app.bsky.embed.video' && record.embed.video) {
        links.push(record.embed.video.ref.$link);
      } else if (record.embed) {
        throw new Error(`unexpected embed ${record.embed.$type}`);
      }
      for (const link of links) {
        if (blobs.get(link) !== did)
          throw new Error(`blob ${link} was not uploaded by ${did} before the post`);
      }
      if ([...segmenter.segment(record.text)].length > 300) {
        return error(
          400,
          'InvalidRequest',
          'Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes',
        );
      }
      const { reply } = record;
      if (reply) {
        // A reply names its root and parent by uri and cid (a strongRef): both must be records and cids right.
        for (const ref of [reply.root, reply.parent]) {
          const found = records.find((item) => item.uri === ref?.uri);
          const isSeeded = replyable.has(`${ref?.uri} ${ref?.cid}`);
          if (!isSeeded && (!found || ref?.cid !== cidOf(found.uri))) {
            return error(
              400,
              'InvalidRequest',
              'Invalid app.bsky.feed.post record: reply must name a post and its cid',
            );
          }
        }
      }
      const rkey = `3l${randomBytes(6).toString('hex')}`.slice(0, 13);
      const uri = `at://${did}/app.bsky.feed.post/${rkey}`;
      records.push({ uri, did, text: record.text, createdAt: record.createdAt, indexedAt: new Date() });
      published.push({
        id: uri,
        accountId: did,
        text: record.text,
        mediaIds: links,
        altTexts,
        createdAt: new Date(),
        ...(reply ? { replyTo: reply.parent?.uri, replyRoot: reply.root?.uri } : {}),
      });
      return { body: { uri, cid: cidOf(uri), validationStatus: 'valid' } };
    }),
  );
  server.route(
    'GET',
    '/xrpc/app.bsky.feed.getAuthorFeed',
    authed((request) => {
      const actor = request.query.get('actor') ?? '';
      const feed = records
        .filter((record) => record.did === actor)
        .reverse()
        .slice(0, Number(request.query.get('limit') ?? 50))
        .map((record) => ({
          post: {
            uri: record.uri,
            cid: `bafyrei${record.uri.split('/').pop()}`,
            author: { did: record.did, handle: handles.get(record.did) },
            record: { $type: 'app.bsky.feed.post', text: record.text, createdAt: record.createdAt },
            indexedAt: record.indexedAt.toISOString(),
          },
        }));
      return { body: { feed } };
    }),
  );

  return { server, url: server.url, published, followers, replyable, close: () => server.close() };
}

/** The fake's cid of a record: derived from its rkey, so a reply's strongRef can be checked. */
function cidOf(uri: string): string {
  return `bafyrei${uri.split('/').pop() ?? ''}`;
}
