import { createOAuthFake, parseMultipart } from '../testing/oauth.fake';
import {
  expectFields,
  type FakeRequest,
  type FakeResponse,
  type PlatformFake,
  type PlatformFakeOptions,
  type PublishedOnFake,
  startFakeServer,
} from '../testing/server.fake';

/**
 * A stand-in for the X API v2 (tests and the browser tests' global setup): OAuth 2.0 with PKCE and HTTP Basic
 * client auth, rotating refresh tokens, `/2/users/me`, the chunked media upload (initialize → append → finalize →
 * STATUS; video and GIF are "processed" over two status polls), `POST /2/tweets` (refusing duplicates and text
 * over 280 characters like X does) and `/2/users/:id/tweets`.
 */

interface FakeMedia {
  accountId: string;
  totalBytes: number;
  received: number;
  segments: Set<number>;
  category: string;
  state: 'initialized' | 'pending' | 'in_progress' | 'succeeded';
  polls: number;
  /** Set by `POST /2/media/metadata`. */
  altText?: string;
}

const UNAUTHORIZED: FakeResponse = {
  status: 401,
  body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
};

export interface TwitterFake extends PlatformFake {
  /** Followers per account id, served in `public_metrics` by `/2/users/me` (0 when unset). */
  followers: Map<string, number>;
}

// function-budget: a fake platform for tests: one server whose short routes imitate its API and share its state
export async function startTwitterFake(options: PlatformFakeOptions = {}): Promise<TwitterFake> {
  const server = await startFakeServer({ latencyMs: options.latencyMs });
  const published: PublishedOnFake[] = [];
  const media = new Map<string, FakeMedia>();
  const followers = new Map<string, number>();
  const replyable = new Set<string>();
  let nextId = 1_900_000_000_000_000_000n;
  const newId = () => {
    nextId += 1n;
    return nextId.toString();
  };
  const oauth = createOAuthFake({
    clientId: options.clientId ?? 'test-client-id',
    clientSecret: options.clientSecret ?? 'test-client-secret',
    pkce: 'required',
    clientAuth: 'basic',
    refresh: 'rotate',
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 7200,
    accountPrefix: '10',
    checkAuthorize(request) {
      const scopes = (request.query.get('scope') ?? '').split(' ');
      for (const needed of ['tweet.read', 'tweet.write', 'users.read']) {
        if (!scopes.includes(needed)) throw new Error(`scope ${needed} missing`);
      }
    },
  });

  const authed =
    (handler: (request: FakeRequest, accountId: string) => FakeResponse | Promise<FakeResponse>) =>
    (request: FakeRequest) => {
      const accountId = oauth.accountOf(request);
      return accountId ? handler(request, accountId) : UNAUTHORIZED;
    };

  function ownMedia(id: string, accountId: string): FakeMedia {
    const found = media.get(id);
    if (!found) throw new Error(`unknown media id ${id}`);
    if (found.accountId !== accountId) throw new Error(`media ${id} belongs to another account`);
    return found;
  }

  server.route('GET', '/i/oauth2/authorize', (request) => oauth.authorize(request));
  server.route('POST', '/2/oauth2/token', (request) => oauth.token(request));
  server.route(
    'GET',
    '/2/users/me',
    authed((request, accountId) => ({
      body: {
        data: {
          id: accountId,
          name: `X User ${accountId}`,
          username: `xuser${accountId}`,
          profile_image_url: `https://pbs.twimg.com/profile_images/${accountId}/normal.jpg`,
          // Analytics (twitter.analytics.fake.ts sets the counts).
          ...((request.query.get('user.fields') ?? '').split(',').includes('public_metrics')
            ? { public_metrics: { followers_count: followers.get(accountId) ?? 0, following_count: 0 } }
            : {}),
        },
      },
    })),
  );

  server.route(
    'POST',
    '/2/media/upload/initialize',
    authed((request, accountId) => {
      expectFields(request, 'media_type', 'total_bytes', 'media_category');
      const id = newId();
      media.set(id, {
        accountId,
        totalBytes: Number(request.body?.total_bytes),
        category: String(request.body?.media_category),
        received: 0,
        segments: new Set(),
        state: 'initialized',
        polls: 0,
      });
      return { body: { data: { id, media_key: `3_${id}`, expires_after_secs: 86400 } } };
    }),
  );
  server.route(
    'POST',
    '/2/media/upload/:id/append',
    authed(async (request, accountId) => {
      const item = ownMedia(request.params.id ?? '', accountId);
      if (item.state !== 'initialized')
        throw new Error(`append to media ${request.params.id} after finalize`);
      const { fields, files } = await parseMultipart(request);
      if (fields.segment_index === undefined) throw new Error('missing segment_index');
      const chunk = files.media;
      if (!chunk) throw new Error('missing media part');
      item.segments.add(Number(fields.segment_index));
      item.received += chunk.length;
      return { status: 200, body: { data: { expires_at: Date.now() + 86_400_000 } } };
    }),
  );
  server.route(
    'POST',
    '/2/media/upload/:id/finalize',
    authed((request, accountId) => {
      const id = request.params.id ?? '';
      const item = ownMedia(id, accountId);
      if (item.state !== 'initialized') throw new Error(`media ${id} finalized twice`);
      if (item.received !== item.totalBytes) {
        throw new Error(`finalize after ${item.received} of ${item.totalBytes} bytes`);
      }
      if (item.segments.size === 0) throw new Error('finalize without any append');
      const needsProcessing = item.category !== 'tweet_image';
      item.state = needsProcessing ? 'pending' : 'succeeded';
      return {
        body: {
          data: {
            id,
            media_key: `3_${id}`,
            size: item.totalBytes,
            expires_after_secs: 86400,
            ...(needsProcessing ? { processing_info: { state: 'pending', check_after_secs: 0 } } : {}),
          },
        },
      };
    }),
  );
  server.route(
    'GET',
    '/2/media/upload',
    authed((request, accountId) => {
      if (request.query.get('command') !== 'STATUS') throw new Error('expected command=STATUS');
      const id = request.query.get('media_id') ?? '';
      const item = ownMedia(id, accountId);
      if (item.state === 'initialized') throw new Error(`STATUS of media ${id} before finalize`);
      item.polls += 1;
      if (item.state !== 'succeeded') item.state = item.polls >= 2 ? 'succeeded' : 'in_progress';
      return {
        body: {
          data: {
            media_id: id,
            processing_info: {
              state: item.state,
              ...(item.state === 'succeeded' ? {} : { check_after_secs: 0, progress_percent: 50 }),
            },
          },
        },
      };
    }),
  );

  server.route(
    'POST',
    '/2/media/metadata',
    authed((request, accountId) => {
      const body = request.body as { id?: string; metadata?: { alt_text?: { text?: unknown } } } | undefined;
      const text = body?.metadata?.alt_text?.text;
      if (!body?.id || typeof text !== 'string') throw new Error('metadata needs id and alt_text.text');
      if ([...text].length > 1000) return { status: 400, body: { detail: 'alt_text is too long' } };
      ownMedia(body.id, accountId).altText = text;
      return { body: { data: { associated_metadata: true, id: body.id } } };
    }),
  );
  server.route(
    'POST',
    '/2/tweets',
    authed((request, accountId) => {
      const text = typeof request.body?.text === 'string' ? request.body.text : '';
      const mediaIds = ((request.body?.media as { media_ids?: string[] } | undefined)?.media_ids ?? []).map(
        String,
      );
      if (!text && mediaIds.length === 0) throw new Error('a post needs text or media');
      for (const id of mediaIds) {
        const item = ownMedia(id, accountId);
        if (item.state !== 'succeeded')
          throw new Error(`post references media ${id} before it was processed`);
      }
      if ([...text].length > 280) {
        return {
          status: 400,
          body: {
            errors: [{ message: 'Your Tweet text is too long.' }],
            title: 'Invalid Request',
            detail: 'One or more parameters to your request was invalid.',
            type: 'https://api.twitter.com/2/problems/invalid-request',
          },
        };
      }
      if (text && published.some((post) => post.accountId === accountId && post.text === text)) {
        return {
          status: 403,
          body: {
            detail: 'You are not allowed to create a Tweet with duplicate content.',
            type: 'about:blank',
            title: 'Forbidden',
            status: 403,
          },
        };
      }
      const reply = request.body?.reply as { in_reply_to_tweet_id?: string } | undefined;
      const replyTo = reply?.in_reply_to_tweet_id;
      if (
        replyTo !== undefined &&
        !replyable.has(replyTo) &&
        !published.some((post) => post.id === replyTo)
      ) {
        return {
          status: 400,
          body: { title: 'Invalid Request', detail: 'The Tweet replied to was not found.' },
        };
      }
      const id = newId();
      const altTexts = mediaIds.map((mediaId) => media.get(mediaId)?.altText ?? '');
      const createdAt = new Date();
      published.push({ id, accountId, text, mediaIds, altTexts, createdAt, ...(replyTo ? { replyTo } : {}) });
      return { status: 201, body: { data: { id, text, edit_history_tweet_ids: [id] } } };
    }),
  );
  server.route(
    'GET',
    '/2/users/:id/tweets',
    authed((request, accountId) => {
      if (request.params.id !== accountId) throw new Error('listing another account’s posts');
      const since = request.query.get('start_time');
      const data = published
        .filter((post) => post.accountId === accountId && (!since || post.createdAt >= new Date(since)))
        .reverse()
        .map((post) => ({ id: post.id, text: post.text, created_at: post.createdAt.toISOString() }));
      return { body: { data, meta: { result_count: data.length } } };
    }),
  );

  return {
    server,
    url: server.url,
    published,
    followers,
    replyable,
    close: () => server.close(),
  };
}
