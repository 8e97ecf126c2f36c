import type { PostMetric } from '@relaycast/shared/analytics';
import type { AnalyticsOperations, PlatformFigure } from '../types';
import { tiktokApi, urlsOf } from './tiktok-api';

/**
 * TikTok analytics through the Display API (developers.tiktok.com/doc/tiktok-api-v2-get-user-info and
 * /tiktok-api-v2-video-query): followers are `follower_count` of `GET /v2/user/info/` (scope `user.info.stats`);
 * a video's `view_count`, `like_count`, `comment_count` and `share_count` come from `POST /v2/video/query/`
 * (`filters.video_ids`, at most 20 ids a call; scope `video.list`). The Display API gives public counts of the
 * user's own public videos only: no reach, saves, clicks or watch time (those need the Business API), so they
 * stay absent. A video the query does not return (deleted, or no longer public) is left out. 600 requests a
 * minute per endpoint: 429 / `rate_limit_exceeded` → retry; `access_token_invalid` → reauthorize (tiktok-api.ts).
 */

export const TIKTOK_VIDEO_QUERY_BATCH = 20;

const FIELDS: Array<{
  metric: PostMetric;
  field: 'view_count' | 'like_count' | 'comment_count' | 'share_count';
}> = [
  { metric: 'views', field: 'view_count' },
  { metric: 'likes', field: 'like_count' },
  { metric: 'comments', field: 'comment_count' },
  { metric: 'shares', field: 'share_count' },
];

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;

export const tiktokAnalytics: AnalyticsOperations = {
  async readAccount(ctx, credentials) {
    const data = await tiktokApi<{ user?: { follower_count?: number } }>(ctx, {
      url: `${urlsOf(ctx).api}/user/info/`,
      token: credentials.accessToken,
      query: { fields: 'open_id,follower_count' },
    });
    const followers = count(data.user?.follower_count);
    return {
      figures:
        followers === undefined
          ? {}
          : { followers: { value: followers, platformMetric: 'follower_count', kind: 'unique' } },
      reads: 1,
    };
  },

  async readPosts(ctx, credentials, posts) {
    const result: Record<string, Partial<Record<PostMetric, PlatformFigure>>> = {};
    let reads = 0;
    for (let start = 0; start < posts.length; start += TIKTOK_VIDEO_QUERY_BATCH) {
      const ids = posts.slice(start, start + TIKTOK_VIDEO_QUERY_BATCH).map((post) => post.platformPostId);
      reads += 1;
      const data = await tiktokApi<{ videos?: Array<Record<string, unknown> & { id?: unknown }> }>(ctx, {
        method: 'POST',
        url: `${urlsOf(ctx).api}/video/query/`,
        token: credentials.accessToken,
        query: { fields: ['id', ...FIELDS.map(({ field }) => field)].join(',') },
        body: { json: { filters: { video_ids: ids } } },
      });
      for (const video of data.videos ?? []) {
        const id = String(video.id ?? '');
        if (!ids.includes(id)) continue;
        const figures: Partial<Record<PostMetric, PlatformFigure>> = {};
        for (const { metric, field } of FIELDS) {
          const value = count(video[field]);
          if (value !== undefined) figures[metric] = { value, platformMetric: field, kind: 'total' };
        }
        result[id] = figures;
      }
    }
    return { posts: result, refused: [], reads };
  },
};
