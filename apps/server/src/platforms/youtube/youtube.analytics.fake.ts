import type { FakeResponse, PlatformFake } from '../testing/server.fake';

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

/**
 * The channel's live broadcast, for `liveBroadcasts.list?broadcastStatus=active` and
 * `videos.list?part=liveStreamingDetails`; `viewers: null` hides the count (as an owner may). Change it between
 * calls to follow a stream.
 */
export interface YouTubeLiveSeed {
  broadcastId: string | null;
  viewers: number | null;
}

export function addYouTubeAnalyticsRoutes(
  fake: Pick<PlatformFake, 'server'>,
  seeds: YouTubeSeedVideo[],
  live: YouTubeLiveSeed = { broadcastId: null, viewers: null },
): void {
  const videos = new Map(seeds.map((seed) => [seed.id, seed]));
  const authorized = (authorization: string | undefined) => /^Bearer \S+$/.test(authorization ?? '');

  fake.server.route('GET', '/youtube/v3/liveBroadcasts', (request) => {
    if (!authorized(request.headers.authorization))
      return googleError(401, 'authError', 'Request had invalid authentication credentials.');
    const filters = ['broadcastStatus', 'id', 'mine'].filter((name) => request.query.has(name));
    if (filters.length !== 1)
      return googleError(400, 'incompatibleParameters', 'Specify exactly one of broadcastStatus, id, mine.');
    if (request.query.get('broadcastStatus') !== 'active') throw new Error('expected broadcastStatus=active');
    const items = live.broadcastId ? [{ kind: 'youtube#liveBroadcast', id: live.broadcastId }] : [];
    return { body: { kind: 'youtube#liveBroadcastListResponse', items } };
  });

  fake.server.route('GET', '/youtube/v3/videos', (request) => {
    if (!authorized(request.headers.authorization))
      return googleError(401, 'authError', 'Request had invalid authentication credentials.');
    if (request.query.get('part') === 'liveStreamingDetails') {
      const id = request.query.get('id');
      if (!id || id !== live.broadcastId) return { body: { kind: 'youtube#videoListResponse', items: [] } };
      const details: Record<string, string> = { actualStartTime: new Date().toISOString() };
      if (live.viewers !== null) details.concurrentViewers = String(live.viewers);
      return { body: { kind: 'youtube#videoListResponse', items: [{ id, liveStreamingDetails: details }] } };
    }
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
