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
 * A local Facebook Graph API for Pages: Facebook Login, `/me/accounts`, unpublished photos, `/feed` (text, link,
 * `attached_media`), `/videos` by `file_url`, and `/posts`. It checks the Page token on every Page call and that
 * attached photos were uploaded unpublished to the same Page first.
 */
export interface FacebookFake extends PlatformFake {
  login: FacebookLoginFake;
  /** Photos uploaded with `published=false`, by id. */
  photos: Map<string, { pageId: string; url: string; attached: boolean }>;
}

export async function startFacebookFake(options: PlatformFakeOptions = {}): Promise<FacebookFake> {
  const server = await startFakeServer({ latencyMs: options.latencyMs });
  const login = installFacebookLogin(server, options, (_userId, index) => [
    { id: `${200000 + index}`, name: `Fake Page ${index}` },
    { id: `${900000 + index}`, name: `Second Page ${index}` },
  ]);
  const published: PublishedOnFake[] = [];
  const comments: CommentOnFake[] = [];
  const photos = new Map<string, { pageId: string; url: string; attached: boolean }>();
  const base = `/${GRAPH_VERSION}`;

  function pageCall(request: FakeRequest) {
    const auth = login.tokens.authenticate(request, ['page']);
    if (!auth.ok) return auth;
    if (auth.token.subject !== (request.params.page ?? '')) {
      throw new Error(`page token of ${auth.token.subject} used on page ${request.params.page ?? ''}`);
    }
    return auth;
  }

  function record(pageId: string, text: string, mediaIds: string[], id = `${pageId}_${newId('')}`) {
    const post = { id, accountId: pageId, text, mediaIds, createdAt: new Date() };
    published.push(post);
    return post;
  }

  server.route('POST', `${base}/:page/photos`, (request) => {
    const auth = pageCall(request);
    if (!auth.ok) return auth.response;
    const body = request.body ?? {};
    if (!body.url && !body.source) throw new Error('missing url or source');
    if (body.published !== false && body.published !== 'false') {
      throw new Error('photos for a multi-photo post must be uploaded with published=false');
    }
    const id = newId('');
    photos.set(id, { pageId: request.params.page ?? '', url: String(body.url ?? ''), attached: false });
    return { body: { id } };
  });

  server.route('POST', `${base}/:page/feed`, (request) => {
    const auth = pageCall(request);
    if (!auth.ok) return auth.response;
    const body = request.body ?? {};
    const attached = (body.attached_media ?? []) as { media_fbid?: string }[];
    if (!Array.isArray(attached)) throw new Error('attached_media must be an array');
    if (!body.message && !body.link && attached.length === 0) {
      return graphError(400, 100, '(#100) Missing message or attachment');
    }
    for (const media of attached) {
      const photo = photos.get(media.media_fbid ?? '');
      if (!photo || photo.pageId !== (request.params.page ?? '')) {
        throw new Error(`attached_media ${media.media_fbid} was not uploaded to this page first`);
      }
      photo.attached = true;
    }
    const post = record(
      request.params.page ?? '',
      String(body.message ?? ''),
      attached.map((m) => String(m.media_fbid)),
    );
    return { body: { id: post.id } };
  });

  server.route('POST', `${base}/:page/videos`, (request) => {
    const auth = pageCall(request);
    if (!auth.ok) return auth.response;
    const body = request.body ?? {};
    if (!body.file_url && !body.source) throw new Error('missing file_url or source');
    const videoId = newId('');
    record(request.params.page ?? '', String(body.description ?? ''), [videoId], videoId);
    return { body: { id: videoId } };
  });

  server.route('GET', `${base}/:page/posts`, (request) => {
    const auth = pageCall(request);
    if (!auth.ok) return auth.response;
    const since = Number(request.query.get('since') ?? 0) * 1000;
    const data = published
      .filter((p) => p.accountId === (request.params.page ?? '') && p.createdAt.getTime() >= since)
      .reverse()
      .map((p) => ({
        id: p.id,
        message: p.text,
        created_time: graphTime(p.createdAt),
        permalink_url: `https://www.facebook.com/${p.id}`,
      }));
    return { body: { data } };
  });

  // The first comment on a post the fake published; a comment on anything else is the engagement fake's.
  server.route('POST', `${base}/:object/comments`, (request) => {
    const post = published.find((candidate) => candidate.id === request.params.object);
    if (!post) return NEXT_ROUTE;
    const auth = login.tokens.authenticate(request, ['page']);
    if (!auth.ok) return auth.response;
    if (auth.token.subject !== post.accountId) throw new Error('comment with another Page’s token');
    const text = typeof request.body?.message === 'string' ? request.body.message : '';
    if (!text) throw new Error('message missing');
    const id = `${post.id}_c${comments.length + 1}`;
    comments.push({ id, accountId: post.accountId, postId: post.id, text });
    return { body: { id } };
  });

  return {
    comments,
    server,
    url: server.url,
    published,
    login,
    photos,
    close: () => server.close(),
  };
}
