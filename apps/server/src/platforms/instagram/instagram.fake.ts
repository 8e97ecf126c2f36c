import { GRAPH_VERSION } from '../meta/graph';
import {
  type FacebookLoginFake,
  graphError,
  graphTime,
  installFacebookLogin,
  newId,
} from '../meta/graph.fake';
import {
  type CommentOnFake,
  type FakeRequest,
  NEXT_ROUTE,
  type PlatformFake,
  type PlatformFakeOptions,
  type PublishedOnFake,
  startFakeServer,
} from '../testing/server.fake';

/**
 * A local Instagram Graph API (Facebook Login flavour): Facebook Login with a Page linked to an Instagram
 * professional account, media containers (image, REELS, carousel items, CAROUSEL) that report IN_PROGRESS for
 * `processingPolls` reads before FINISHED, `media_publish`, permalinks and `/{ig}/media`. It checks the Page token,
 * the required fields, and that only FINISHED containers (and carousel children) are used.
 */
export interface InstagramFakeOptions extends PlatformFakeOptions {
  /** Status reads answered IN_PROGRESS before a container is FINISHED (default 1). */
  processingPolls?: number;
}

export interface FakeContainer {
  id: string;
  igUserId: string;
  kind: 'IMAGE' | 'REELS' | 'VIDEO' | 'CAROUSEL';
  carouselItem: boolean;
  caption: string;
  children: string[];
  remainingPolls: number;
  status: 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'PUBLISHED';
  errorReason?: string;
}

export interface InstagramFake extends PlatformFake {
  login: FacebookLoginFake;
  containers: Map<string, FakeContainer>;
  /** Makes the next container created fail processing (status ERROR) with this reason. */
  failNextContainer(reason: string): void;
  /** Followers per Instagram account id (`GET /{ig-user-id}?fields=followers_count`; 0 when unset). */
  followers: Map<string, number>;
}

// function-budget: a fake platform for tests: one server whose short routes imitate its API and share its state
export async function startInstagramFake(options: InstagramFakeOptions = {}): Promise<InstagramFake> {
  const server = await startFakeServer({ latencyMs: options.latencyMs });
  // A user whose login_hint starts with `no-ig` manages only a Page without an Instagram account.
  const login = installFacebookLogin(server, options, (userId, index) => [
    { id: `${300000 + index}`, name: `Page without Instagram ${index}` },
    ...(userId.startsWith('no-ig')
      ? []
      : [
          {
            id: `${400000 + index}`,
            name: `Shop Page ${index}`,
            instagram: {
              id: `178414${100000 + index}`,
              username: `fake_shop_${index}`,
              name: `Fake Shop ${index}`,
            },
          },
        ]),
  ]);
  const published: (PublishedOnFake & { permalink: string })[] = [];
  const comments: CommentOnFake[] = [];
  const containers = new Map<string, FakeContainer>();
  const followers = new Map<string, number>();
  const containerErrors: string[] = [];
  const base = `/${GRAPH_VERSION}`;

  function pageOfIg(igUserId: string): string | undefined {
    for (const page of login.pages.values()) if (page.instagram?.id === igUserId) return page.id;
    return undefined;
  }

  function igCall(request: FakeRequest, igUserId: string) {
    const auth = login.tokens.authenticate(request, ['page', 'user']);
    if (!auth.ok) return auth;
    const page = pageOfIg(igUserId);
    if (!page) throw new Error(`unknown Instagram account ${igUserId}`);
    if (auth.token.kind === 'page' && auth.token.subject !== page) {
      throw new Error(`page token of ${auth.token.subject} used for Instagram account ${igUserId}`);
    }
    return auth;
  }

  server.route('POST', `${base}/:ig/media`, (request) => {
    const igUserId = request.params.ig ?? '';
    const auth = igCall(request, igUserId);
    if (!auth.ok) return auth.response;
    const body = request.body ?? {};
    const carouselItem = body.is_carousel_item === true || body.is_carousel_item === 'true';
    let kind: FakeContainer['kind'];
    let children: string[] = [];
    if (body.media_type === 'CAROUSEL') {
      kind = 'CAROUSEL';
      children = String(body.children ?? '')
        .split(',')
        .filter(Boolean);
      if (children.length < 2) return graphError(400, 100, 'A carousel needs at least 2 children.');
      for (const id of children) {
        const child = containers.get(id);
        if (!child?.carouselItem || child.igUserId !== igUserId) {
          throw new Error(`carousel child ${id} is not a carousel item of this account`);
        }
        if (child.status !== 'FINISHED')
          throw new Error(`carousel child ${id} is ${child.status}, not FINISHED`);
      }
    } else if (body.media_type === 'REELS' || body.media_type === 'VIDEO') {
      if (!body.video_url) return graphError(400, 100, 'The parameter video_url is required.');
      if (body.media_type === 'VIDEO' && !carouselItem) {
        return graphError(400, 100, 'The VIDEO media type is only for carousel items; use REELS.');
      }
      kind = body.media_type;
    } else {
      if (!body.image_url) return graphError(400, 100, 'The parameter image_url is required.');
      kind = 'IMAGE';
    }
    if (carouselItem && body.caption) throw new Error('carousel items take no caption');
    const failure = containerErrors.shift();
    const container: FakeContainer = {
      id: newId('1790'),
      igUserId,
      kind,
      carouselItem,
      caption: String(body.caption ?? ''),
      children,
      remainingPolls: options.processingPolls ?? 1,
      status: failure ? 'ERROR' : 'IN_PROGRESS',
      errorReason: failure,
    };
    containers.set(container.id, container);
    return { body: { id: container.id } };
  });

  server.route('POST', `${base}/:ig/media_publish`, (request) => {
    const igUserId = request.params.ig ?? '';
    const auth = igCall(request, igUserId);
    if (!auth.ok) return auth.response;
    const container = containers.get(String(request.body?.creation_id ?? ''));
    if (!container || container.igUserId !== igUserId)
      throw new Error('creation_id is not a container of this account');
    if (container.carouselItem) throw new Error('a carousel item cannot be published on its own');
    if (container.status !== 'FINISHED') {
      throw new Error(`media_publish on a container that is ${container.status}, not FINISHED`);
    }
    container.status = 'PUBLISHED';
    const id = newId('1791');
    const post = {
      id,
      accountId: igUserId,
      text: container.caption,
      mediaIds: container.kind === 'CAROUSEL' ? container.children : [container.id],
      createdAt: new Date(),
      permalink: `https://www.instagram.com/p/${id.slice(-11)}/`,
    };
    published.push(post);
    return { body: { id } };
  });

  server.route('GET', `${base}/:ig/media`, (request) => {
    const igUserId = request.params.ig ?? '';
    const auth = igCall(request, igUserId);
    if (!auth.ok) return auth.response;
    const since = Number(request.query.get('since') ?? 0) * 1000;
    const data = published
      .filter((p) => p.accountId === igUserId && p.createdAt.getTime() >= since)
      .reverse()
      .map((p) => ({ id: p.id, caption: p.text, timestamp: graphTime(p.createdAt), permalink: p.permalink }));
    return { body: { data } };
  });

  server.route('GET', `${base}/:id`, (request) => {
    const id = request.params.id ?? '';
    const fields = request.query.get('fields') ?? '';
    const container = containers.get(id);
    if (container) {
      const auth = igCall(request, container.igUserId);
      if (!auth.ok) return auth.response;
      if (!fields.includes('status_code')) throw new Error('container read without fields=status_code');
      if (container.status === 'IN_PROGRESS') {
        if (container.remainingPolls > 0) container.remainingPolls -= 1;
        else container.status = 'FINISHED';
      }
      const status =
        container.status === 'ERROR'
          ? `Error: ${container.errorReason ?? 'Media processing failed.'}`
          : container.status === 'FINISHED'
            ? 'Finished: Media has been uploaded and it is ready to be published.'
            : container.status === 'PUBLISHED'
              ? 'Published'
              : 'In Progress: Media is still being processed.';
      return { body: { id, status_code: container.status, status } };
    }
    if (pageOfIg(id) && fields.split(',').includes('followers_count')) {
      // Analytics: the account's follower count (set by tests in `followers`).
      const auth = igCall(request, id);
      if (!auth.ok) return auth.response;
      return { body: { id, followers_count: followers.get(id) ?? 0 } };
    }
    const post = published.find((p) => p.id === id);
    if (!post) return graphError(400, 100, `Unsupported get request. Object with ID '${id}' does not exist.`);
    const auth = igCall(request, post.accountId);
    if (!auth.ok) return auth.response;
    return { body: { id, permalink: post.permalink } };
  });

  // The first comment on media the fake published; a comment on anything else is the engagement fake's.
  server.route('POST', `${base}/:object/comments`, (request) => {
    const post = published.find((candidate) => candidate.id === request.params.object);
    if (!post) return NEXT_ROUTE;
    const auth = igCall(request, post.accountId);
    if (!auth.ok) return auth.response;
    const text = typeof request.body?.message === 'string' ? request.body.message : '';
    if (!text) throw new Error('message missing');
    const id = newId('1780');
    comments.push({ id, accountId: post.accountId, postId: post.id, text });
    return { body: { id } };
  });

  return {
    comments,
    server,
    url: server.url,
    published,
    login,
    containers,
    followers,
    failNextContainer(reason) {
      containerErrors.push(reason);
    },
    close: () => server.close(),
  };
}
