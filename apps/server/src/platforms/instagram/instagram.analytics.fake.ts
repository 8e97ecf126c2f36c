import { GRAPH_VERSION } from '../meta/graph';
import { addMetaInsightsRoute, type MetaInsightsFake } from '../meta/insights.fake';
import type { InstagramFake } from './instagram.fake';

/**
 * `GET /{ig-media-id}/insights` on the Instagram fake with the metrics Meta documents per media type (no
 * `impressions` or `plays`: deprecated 2025-04-21). Followers are on the fake itself (`fake.followers`).
 */
export const INSTAGRAM_FAKE_VALID_METRICS: Record<string, string[]> = {
  IMAGE: [
    'comments',
    'follows',
    'likes',
    'profile_activity',
    'profile_visits',
    'reach',
    'saved',
    'shares',
    'total_interactions',
    'views',
  ],
  CAROUSEL_ALBUM: [
    'comments',
    'follows',
    'likes',
    'profile_activity',
    'profile_visits',
    'reach',
    'saved',
    'shares',
    'total_interactions',
    'views',
  ],
  REELS: [
    'comments',
    'likes',
    'reach',
    'saved',
    'shares',
    'total_interactions',
    'views',
    'ig_reels_avg_watch_time',
    'ig_reels_video_view_total_time',
  ],
  STORY: [
    'follows',
    'navigation',
    'profile_activity',
    'profile_visits',
    'reach',
    'replies',
    'shares',
    'total_interactions',
    'views',
  ],
};

export function addInstagramAnalyticsRoutes(fake: Pick<InstagramFake, 'server' | 'login'>): MetaInsightsFake {
  return addMetaInsightsRoute(fake.server, `/${GRAPH_VERSION}/:id/insights`, {
    valid: structuredClone(INSTAGRAM_FAKE_VALID_METRICS),
    namesMetric: true,
    authenticate: (request) => fake.login.tokens.authenticate(request, ['page', 'user']),
  });
}
