import type { FakeResponse, PlatformFake } from '../testing/server.fake';

/**
 * Analytics route on the TikTok fake: `POST /v2/video/query/?fields=…` with `{ filters: { video_ids } }` (at most
 * 20, as the Display API allows) answers the seeded public videos with the fields asked for; unknown or private
 * ids are skipped, as TikTok does. Followers come from the base fake's `followers` map (`/v2/user/info/`).
 */

export interface TikTokSeedVideo {
  id: string;
  views: number;
  likes: number;
  comments: number;
  shares: number;
  /** Private videos are not returned by the Display API. */
  private?: boolean;
}

function apiError(status: number, code: string, message: string): FakeResponse {
  return { status, body: { data: {}, error: { code, message, log_id: 'fake' } } };
}

export function addTikTokAnalyticsRoutes(fake: Pick<PlatformFake, 'server'>, seeds: TikTokSeedVideo[]): void {
  const videos = new Map(seeds.map((seed) => [seed.id, seed]));

  fake.server.route('POST', '/v2/video/query/', (request) => {
    if (!/^Bearer \S+$/.test(request.headers.authorization ?? ''))
      return apiError(
        401,
        'access_token_invalid',
        'The access token is invalid or not found in the request.',
      );
    const fields = (request.query.get('fields') ?? '').split(',').filter(Boolean);
    if (fields.length === 0) throw new Error('missing fields');
    const ids = (request.body?.filters as { video_ids?: string[] } | undefined)?.video_ids ?? [];
    if (ids.length === 0) throw new Error('filters.video_ids missing');
    if (ids.length > 20) return apiError(400, 'invalid_params', 'video_ids must have at most 20 items.');
    const found = ids.flatMap((id) => {
      const seed = videos.get(id);
      if (!seed || seed.private) return [];
      const all: Record<string, unknown> = {
        id,
        view_count: seed.views,
        like_count: seed.likes,
        comment_count: seed.comments,
        share_count: seed.shares,
      };
      return [Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]]))];
    });
    return {
      body: { data: { videos: found, cursor: 0, has_more: false }, error: { code: 'ok', message: '' } },
    };
  });
}
