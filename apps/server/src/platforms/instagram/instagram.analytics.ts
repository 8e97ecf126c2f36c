import type { PostMetric } from '@relaycast/shared/analytics';
import { figure, put } from '../analytics-kit';
import { facebookGraphApi } from '../meta/facebook-login';
import { graphRequest } from '../meta/graph';
import { insightNumber, readGraphInsights } from '../meta/insights';
import type { AnalyticsOperations, PlatformFigure } from '../types';
import { accountOf } from './instagram.connector';

/**
 * Instagram (professional account through a Facebook Page) analytics: followers from `GET /{ig-user-id}?fields=
 * followers_count`; per post `GET /{ig-media-id}/insights?metric=…` with the metrics valid for its media type
 * (`INSTAGRAM_POST_METRICS`). `impressions`, `plays`, `clips_replays_count` and
 * `ig_reels_aggregated_all_plays_count` were deprecated on all versions on 2025-04-21 (Graph API v22 changelog) and
 * `video_views` dropped in v21, so `views` is the one view count. A metric Meta still refuses for a type (#100) is
 * dropped, the rest kept, and reported so it is never asked again (meta/insights.ts).
 */

/** The registry of metrics asked per media type (Relaycast publishes single videos as Reels). */
export const INSTAGRAM_POST_METRICS: Record<string, readonly string[]> = {
  IMAGE: ['views', 'reach', 'likes', 'comments', 'shares', 'saved'],
  CAROUSEL_ALBUM: ['views', 'reach', 'likes', 'comments', 'shares', 'saved'],
  REELS: ['views', 'reach', 'likes', 'comments', 'shares', 'saved'],
  STORY: ['views', 'reach', 'shares'],
};

/** Instagram's name for a post's media type, from the neutral one the collector passes. */
export function instagramMediaType(mediaType: string | undefined): string {
  if (mediaType === 'VIDEO') return 'REELS';
  if (mediaType && INSTAGRAM_POST_METRICS[mediaType]) return mediaType;
  return 'IMAGE';
}

const NORMALIZED: Array<[PostMetric, string, PlatformFigure['kind']]> = [
  ['views', 'views', 'total'],
  ['reach', 'reach', 'unique'],
  ['likes', 'likes', 'total'],
  ['comments', 'comments', 'total'],
  ['shares', 'shares', 'total'],
  ['saves', 'saved', 'total'],
];

export const instagramAnalytics: AnalyticsOperations = {
  async readAccount(ctx, credentials) {
    const { igUserId, token } = accountOf(credentials);
    const { body } = await graphRequest<{ followers_count?: number }>(ctx, {
      url: `${facebookGraphApi(ctx)}/${igUserId}`,
      token,
      query: { fields: 'followers_count' },
    });
    const followers = figure(body.followers_count, 'followers_count', 'unique');
    return { figures: followers ? { followers } : {}, reads: 1 };
  },

  async readPosts(ctx, credentials, posts, options) {
    const { token } = accountOf(credentials);
    const result: Awaited<ReturnType<AnalyticsOperations['readPosts']>> = {
      posts: {},
      refused: [],
      reads: 0,
    };
    for (const post of posts) {
      const mediaType = instagramMediaType(post.mediaType);
      const read = await readGraphInsights(ctx, {
        url: `${facebookGraphApi(ctx)}/${post.platformPostId}/insights`,
        token,
        metrics: INSTAGRAM_POST_METRICS[mediaType] ?? [],
        mediaType,
        skipMetrics: options.skipMetrics,
      });
      result.reads += read.requests;
      for (const refused of read.refused) {
        const seen = result.refused.some(
          (r) => r.mediaType === refused.mediaType && r.platformMetric === refused.platformMetric,
        );
        if (!seen) result.refused.push(refused);
      }
      if (read.gone) continue;
      const figures: Partial<Record<PostMetric, PlatformFigure>> = {};
      for (const [metric, name, kind] of NORMALIZED) {
        put(figures, metric, figure(insightNumber(read.values[name]), name, kind));
      }
      result.posts[post.platformPostId] = figures;
    }
    return result;
  },
};
