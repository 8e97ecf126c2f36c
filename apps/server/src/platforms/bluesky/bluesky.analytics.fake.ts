import type { FakeRequest, FakeResponse, PlatformFake } from '../testing/server.fake';

/**
 * Analytics routes on the Bluesky fake: `app.bsky.feed.getPosts` (at most 25 `uris`, as the lexicon says) answers
 * the seeded posts with their counters and silently skips unknown URIs, as the AppView does for deleted posts.
 * A seed without `quotes` omits `quoteCount` (older lexicon). Followers come from the base fake's `followers` map.
 */

export interface BlueskySeedPost {
  uri: string;
  likes: number;
  reposts: number;
  replies: number;
  quotes?: number;
}

const UNAUTHORIZED: FakeResponse = {
  status: 401,
  body: { error: 'AuthMissing', message: 'Authentication Required' },
};

export function addBlueskyAnalyticsRoutes(
  fake: Pick<PlatformFake, 'server'>,
  seeds: BlueskySeedPost[],
): void {
  const posts = new Map(seeds.map((seed) => [seed.uri, seed]));
  const signedIn = (request: FakeRequest) => /^Bearer \S+$/.test(request.headers.authorization ?? '');

  fake.server.route('GET', '/xrpc/app.bsky.feed.getPosts', (request) => {
    if (!signedIn(request)) return UNAUTHORIZED;
    const uris = request.query.getAll('uris');
    if (uris.length === 0) throw new Error('uris missing');
    if (uris.length > 25)
      return {
        status: 400,
        body: { error: 'InvalidRequest', message: 'uris must not have more than 25 elements' },
      };
    const views = uris.flatMap((uri) => {
      const seed = posts.get(uri);
      if (!seed) return [];
      return [
        {
          uri,
          cid: `bafy${uri.length}`,
          author: { did: uri.split('/')[2], handle: 'me.bsky.social' },
          record: { $type: 'app.bsky.feed.post', text: 'Seeded', createdAt: new Date().toISOString() },
          likeCount: seed.likes,
          repostCount: seed.reposts,
          replyCount: seed.replies,
          ...(seed.quotes === undefined ? {} : { quoteCount: seed.quotes }),
          indexedAt: new Date().toISOString(),
        },
      ];
    });
    return { body: { posts: views } };
  });
}
