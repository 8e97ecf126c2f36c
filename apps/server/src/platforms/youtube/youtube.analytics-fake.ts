import type { FakeResponse, PlatformFake } from '../testing/fake-server';

/**
 * Analytics routes on the YouTube fake: `GET /youtube/v3/videos?part=statistics&id=a,b` answers the seeded
 * videos with string counters (at most 50 ids, as the Data API allows; unknown ids are skipped, as for deleted or
 * private videos). A seed with `likes: null` or `comments: null` omits that counter (hidden by the owner).
 * Subscribers come from the base fake's `subscribers` map.
 */

export interface YouTubeSeedVideo {
  id: string;
  views: number;
  likes: number | null;
  comments: number | null;
}

function googleError(status: number, reason: string, message: string): FakeResponse {
  return {
    status,
    body: { error: { code: status, message, errors: [{ message, domain: 'youtube', reason }] } },
  };
}

export function addYouTubeAnalyticsRoutes(
  fake: Pick<PlatformFake, 'server'>,
  seeds: YouTubeSeedVideo[],
): void {
  const videos = new Map(seeds.map((seed) => [seed.id, seed]));

  fake.server.route('GET', '/youtube/v3/videos', (request) => {
    if (!/^Bearer \S+$/.test(request.headers.authorization ?? ''))
      return googleError(401, 'authError', 'Request had invalid authentication credentials.');
    if (request.query.get('part') !== 'statistics') throw new Error('expected part=statistics');
    const ids = (request.query.get('id') ?? '').split(',').filter(Boolean);
    if (ids.length === 0) throw new Error('id missing');
    if (ids.length > 50) return googleError(400, 'invalidFilters', 'Too many ids (at most 50).');
    const items = ids.flatMap((id) => {
      const seed = videos.get(id);
      if (!seed) return [];
      const statistics: Record<string, string> = { viewCount: String(seed.views), favoriteCount: '0' };
      if (seed.likes !== null) statistics.likeCount = String(seed.likes);
      if (seed.comments !== null) statistics.commentCount = String(seed.comments);
      return [{ kind: 'youtube#video', id, statistics }];
    });
    return { body: { kind: 'youtube#videoListResponse', items, pageInfo: { totalResults: items.length } } };
  });
}
