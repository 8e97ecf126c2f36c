import { FakeTokenStore, graphError, graphTime, newId } from '../meta/graph.fake';
import {
  type FakeRequest,
  type PlatformFake,
  type PlatformFakeOptions,
  type PublishedOnFake,
  startFakeServer,
} from '../testing/server.fake';

/**
 * A local Threads API: the threads.net authorize page (consents at once), `POST /oauth/access_token` (client
 * credentials, code, redirect URI), `GET /oauth/access_token` (an app token), `GET /access_token` (`th_exchange_token`), `GET /refresh_access_token`
 * (`th_refresh_token`), `/v1.0/me`, containers (TEXT, IMAGE, VIDEO, carousel items, CAROUSEL) that read IN_PROGRESS
 * for `processingPolls` status reads, `threads_publish`, permalinks and `/{user}/threads`.
 */
export interface ThreadsFakeOptions extends PlatformFakeOptions {
  /** Status reads answered IN_PROGRESS before a container is FINISHED (default 1). */
  processingPolls?: number;
}

interface Container {
  id: string;
  userId: string;
  mediaType: 'TEXT' | 'IMAGE' | 'VIDEO' | 'CAROUSEL';
  carouselItem: boolean;
  text: string;
  children: string[];
  remainingPolls: number;
  status: 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'PUBLISHED';
  errorMessage?: string;
  /** A thread's later part: the published post it replies to. */
  replyToId?: string;
}

export interface ThreadsFake extends PlatformFake {
  tokens: FakeTokenStore;
  users: Map<string, { username: string; name: string }>;
  containers: Map<string, Container>;
  /** Makes the next container fail processing (status ERROR) with this error_message. */
  failNextContainer(errorMessage: string): void;
}

const LONG_LIVED_SECONDS = 60 * 24 * 3600;

// function-budget: a fake platform for tests: one server whose short routes imitate its API and share its state
export async function startThreadsFake(options: ThreadsFakeOptions = {}): Promise<ThreadsFake> {
  const clientId = options.clientId ?? 'test-client-id';
  const clientSecret = options.clientSecret ?? 'test-client-secret';
  const server = await startFakeServer({ latencyMs: options.latencyMs });
  const tokens = new FakeTokenStore();
  const codes = new Map<string, { userId: string; redirectUri: string }>();
  const users = new Map<string, { username: string; name: string }>();
  const containers = new Map<string, Container>();
  const published: (PublishedOnFake & { permalink: string })[] = [];
  const containerErrors: string[] = [];
  let counter = 0;

  server.route('GET', '/oauth/authorize', (request) => {
    const q = request.query;
    if (q.get('client_id') !== clientId) throw new Error(`unknown client_id ${q.get('client_id')}`);
    const redirectUri = q.get('redirect_uri');
    if (!redirectUri) throw new Error('missing redirect_uri');
    if (q.get('response_type') !== 'code') throw new Error('response_type must be code');
    if (!q.get('state')) throw new Error('missing state');
    if (!q.get('scope')?.includes('threads_basic')) throw new Error('scope must include threads_basic');
    counter += 1;
    const hint = q.get('login_hint');
    const userId = hint ? `2500${hint}` : `${2500000 + counter}`;
    if (!users.has(userId))
      users.set(userId, { username: `fake.threads.${hint ?? counter}`, name: `Threads ${counter}` });
    const code = newId('code');
    codes.set(code, { userId, redirectUri });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', q.get('state') ?? '');
    return { redirect: target.toString() };
  });

  server.route('POST', '/oauth/access_token', (request) => {
    const body = request.body ?? {};
    if (body.client_id !== clientId || body.client_secret !== clientSecret) {
      return graphError(400, 101, 'Error validating application. Invalid application ID or secret.');
    }
    if (body.grant_type !== 'authorization_code') throw new Error('grant_type must be authorization_code');
    const code = codes.get(String(body.code ?? ''));
    if (!code) return graphError(400, 100, 'Invalid authorization code.');
    if (code.redirectUri !== body.redirect_uri) return graphError(400, 100, 'redirect_uri does not match.');
    codes.delete(String(body.code));
    return {
      body: { access_token: tokens.issue('short', code.userId, 3600, 'TH'), user_id: Number(code.userId) },
    };
  });

  // An app access token (`grant_type=client_credentials`): what the key check asks for (docs/platform-setup.md).
  server.route('GET', '/oauth/access_token', (request) => {
    const q = request.query;
    if (q.get('grant_type') !== 'client_credentials')
      throw new Error('grant_type must be client_credentials');
    if (q.get('client_id') !== clientId || q.get('client_secret') !== clientSecret) {
      return graphError(400, 101, 'Error validating application. Invalid application ID or secret.');
    }
    return { body: { access_token: `TH|${clientId}|app-token`, token_type: 'bearer' } };
  });

  server.route('GET', '/access_token', (request) => {
    const q = request.query;
    if (q.get('grant_type') !== 'th_exchange_token') throw new Error('grant_type must be th_exchange_token');
    if (q.get('client_secret') !== clientSecret)
      return graphError(400, 101, 'Error validating client secret.');
    const short = tokens.tokens.get(q.get('access_token') ?? '');
    if (short?.kind !== 'short' || short.expiresAt < Date.now()) {
      return graphError(400, 190, 'Error validating access token.');
    }
    const ttl = options.accessTokenTtlSeconds ?? LONG_LIVED_SECONDS;
    return {
      body: {
        access_token: tokens.issue('user', short.subject, ttl, 'TH'),
        token_type: 'bearer',
        expires_in: ttl,
      },
    };
  });

  server.route('GET', '/refresh_access_token', (request) => {
    const q = request.query;
    if (q.get('grant_type') !== 'th_refresh_token') throw new Error('grant_type must be th_refresh_token');
    const current = tokens.tokens.get(q.get('access_token') ?? '');
    if (current?.kind !== 'user' || current.expiresAt < Date.now()) {
      return graphError(400, 190, 'Error validating access token: Session has expired.');
    }
    const ttl = options.accessTokenTtlSeconds ?? LONG_LIVED_SECONDS;
    return {
      body: {
        access_token: tokens.issue('user', current.subject, ttl, 'TH'),
        token_type: 'bearer',
        expires_in: ttl,
      },
    };
  });

  function userCall(request: FakeRequest, userId: string) {
    const auth = tokens.authenticate(request, ['user']);
    if (!auth.ok) return auth;
    if (auth.token.subject !== userId)
      throw new Error(`token of ${auth.token.subject} used for user ${userId}`);
    return auth;
  }

  server.route('GET', '/v1.0/me', (request) => {
    const auth = tokens.authenticate(request, ['user']);
    if (!auth.ok) return auth.response;
    const user = users.get(auth.token.subject);
    return {
      body: {
        id: auth.token.subject,
        username: user?.username,
        name: user?.name,
        threads_profile_picture_url: `${server.url}/avatars/${auth.token.subject}.jpg`,
      },
    };
  });

  server.route('POST', '/v1.0/:user/threads', (request) => {
    const userId = request.params.user ?? '';
    const auth = userCall(request, userId);
    if (!auth.ok) return auth.response;
    const body = request.body ?? {};
    const carouselItem = body.is_carousel_item === true || body.is_carousel_item === 'true';
    const mediaType = String(body.media_type ?? '') as Container['mediaType'];
    let children: string[] = [];
    if (mediaType === 'TEXT') {
      if (!body.text) return graphError(400, 100, 'The parameter text is required for TEXT posts.');
    } else if (mediaType === 'IMAGE') {
      if (!body.image_url) return graphError(400, 100, 'The parameter image_url is required.');
    } else if (mediaType === 'VIDEO') {
      if (!body.video_url) return graphError(400, 100, 'The parameter video_url is required.');
    } else if (mediaType === 'CAROUSEL') {
      children = String(body.children ?? '')
        .split(',')
        .filter(Boolean);
      if (children.length < 2) return graphError(400, 100, 'A carousel needs at least 2 children.');
      for (const id of children) {
        const child = containers.get(id);
        if (!child?.carouselItem || child.userId !== userId)
          throw new Error(`child ${id} is not a carousel item`);
        if (child.status !== 'FINISHED')
          throw new Error(`carousel child ${id} is ${child.status}, not FINISHED`);
      }
    } else {
      throw new Error(`unknown media_type ${String(body.media_type)}`);
    }
    if (typeof body.text === 'string' && new TextEncoder().encode(body.text).length > 500) {
      return graphError(400, 100, 'The text is longer than 500 characters.', {
        error_user_msg: 'Your post is too long: Threads allows 500 characters.',
      });
    }
    const replyToId = typeof body.reply_to_id === 'string' ? body.reply_to_id : undefined;
    if (replyToId && !published.some((post) => post.id === replyToId)) {
      return graphError(400, 100, 'The post replied to does not exist.');
    }
    const errorMessage = containerErrors.shift();
    const container: Container = {
      ...(replyToId ? { replyToId } : {}),
      id: newId('1800'),
      userId,
      mediaType,
      carouselItem,
      text: String(body.text ?? ''),
      children,
      remainingPolls: options.processingPolls ?? 1,
      status: errorMessage ? 'ERROR' : 'IN_PROGRESS',
      errorMessage,
    };
    containers.set(container.id, container);
    return { body: { id: container.id } };
  });

  server.route('POST', '/v1.0/:user/threads_publish', (request) => {
    const userId = request.params.user ?? '';
    const auth = userCall(request, userId);
    if (!auth.ok) return auth.response;
    const container = containers.get(String(request.body?.creation_id ?? ''));
    if (!container || container.userId !== userId)
      throw new Error('creation_id is not a container of this user');
    if (container.carouselItem) throw new Error('a carousel item cannot be published on its own');
    if (container.status !== 'FINISHED')
      throw new Error(`threads_publish on a ${container.status} container`);
    container.status = 'PUBLISHED';
    const id = newId('1801');
    const username = users.get(userId)?.username ?? userId;
    published.push({
      id,
      accountId: userId,
      text: container.text,
      mediaIds: container.mediaType === 'CAROUSEL' ? container.children : [container.id],
      createdAt: new Date(),
      permalink: `https://www.threads.net/@${username}/post/${id.slice(-11)}`,
      ...(container.replyToId ? { replyTo: container.replyToId } : {}),
    });
    return { body: { id } };
  });

  server.route('GET', '/v1.0/:user/threads', (request) => {
    const userId = request.params.user ?? '';
    const auth = userCall(request, userId);
    if (!auth.ok) return auth.response;
    const since = Number(request.query.get('since') ?? 0) * 1000;
    const data = published
      .filter((p) => p.accountId === userId && p.createdAt.getTime() >= since)
      .reverse()
      .map((p) => ({ id: p.id, text: p.text, timestamp: graphTime(p.createdAt), permalink: p.permalink }));
    return { body: { data } };
  });

  server.route('GET', '/v1.0/:id', (request) => {
    const id = request.params.id ?? '';
    const container = containers.get(id);
    if (container) {
      const auth = userCall(request, container.userId);
      if (!auth.ok) return auth.response;
      if (!request.query.get('fields')?.includes('status'))
        throw new Error('container read without fields=status');
      if (container.status === 'IN_PROGRESS') {
        if (container.remainingPolls > 0) container.remainingPolls -= 1;
        else container.status = 'FINISHED';
      }
      return {
        body: {
          id,
          status: container.status,
          ...(container.errorMessage ? { error_message: container.errorMessage } : {}),
        },
      };
    }
    const post = published.find((p) => p.id === id);
    if (!post) return graphError(400, 100, `Object with ID '${id}' does not exist.`);
    const auth = userCall(request, post.accountId);
    if (!auth.ok) return auth.response;
    return { body: { id, permalink: post.permalink } };
  });

  return {
    server,
    url: server.url,
    published,
    tokens,
    users,
    containers,
    failNextContainer(errorMessage) {
      containerErrors.push(errorMessage);
    },
    close: () => server.close(),
  };
}
