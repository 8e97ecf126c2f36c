import type { PostMetric } from '@relaycast/shared/analytics';
import { chunks, figure, put } from '../analytics-kit';
import { facebookGraphApi } from '../meta/facebook-login';
import { graphRequest } from '../meta/graph';
import { insightNumber, readGraphInsights } from '../meta/insights';
import type { AnalyticsOperations, PlatformFigure } from '../types';
import { facebookPageOf } from './facebook.connector';

/**
 * Facebook Page analytics with the Page token (docs/analytics.md). Meta deprecated the `impressions` family and
 * `page_fans` on 2025-11-15, so only the current metrics are asked: followers from the Page's `page_follows`
 * insight; per post `GET /{post-id}/insights` with `post_media_view` (views), `post_total_media_view_unique`
 * (reach), `post_reactions_by_type_total` (likes = all reactions) and `post_clicks`; comments and shares from the
 * post objects, 50 per call (`GET /?ids=…&fields=shares,comments.limit(0).summary(total_count)`; Graph leaves
 * `shares` out of a post never shared, so a returned post without it has 0 shares).
 */

export const FACEBOOK_POST_METRICS = [
  'post_media_view',
  'post_total_media_view_unique',
  'post_reactions_by_type_total',
  'post_clicks',
] as const;
const IDS_PER_CALL = 50;
/** Facebook posts are not told apart by media type for insights: one registry key. */
const MEDIA_TYPE = 'POST';

interface PostObject {
  id: string;
  shares?: { count?: number };
  comments?: { summary?: { total_count?: number } };
}

export const facebookAnalytics: AnalyticsOperations = {
  async readAccount(ctx, credentials) {
    const { pageId, token } = facebookPageOf(credentials);
    const read = await readGraphInsights(ctx, {
      url: `${facebookGraphApi(ctx)}/${pageId}/insights`,
      token,
      metrics: ['page_follows'],
      mediaType: 'PAGE',
      skipMetrics: new Set(),
      query: { period: 'day' },
    });
    const followers = figure(insightNumber(read.values.page_follows), 'page_follows', 'unique');
    return { figures: followers ? { followers } : {}, reads: read.requests };
  },

  async readPosts(ctx, credentials, posts, options) {
    const { token } = facebookPageOf(credentials);
    const api = facebookGraphApi(ctx);
    const result: Awaited<ReturnType<AnalyticsOperations['readPosts']>> = {
      posts: {},
      refused: [],
      reads: 0,
    };
    const known = new Set<string>();
    for (const post of posts) {
      const read = await readGraphInsights(ctx, {
        url: `${api}/${post.platformPostId}/insights`,
        token,
        metrics: FACEBOOK_POST_METRICS,
        mediaType: MEDIA_TYPE,
        skipMetrics: options.skipMetrics,
      });
      result.reads += read.requests;
      for (const refused of read.refused) {
        if (!result.refused.some((r) => r.platformMetric === refused.platformMetric))
          result.refused.push(refused);
      }
      if (read.gone) continue;
      known.add(post.platformPostId);
      const figures: Partial<Record<PostMetric, PlatformFigure>> = {};
      put(figures, 'views', figure(insightNumber(read.values.post_media_view), 'post_media_view', 'total'));
      put(
        figures,
        'reach',
        figure(
          insightNumber(read.values.post_total_media_view_unique),
          'post_total_media_view_unique',
          'unique',
        ),
      );
      put(
        figures,
        'likes',
        figure(
          insightNumber(read.values.post_reactions_by_type_total),
          'post_reactions_by_type_total',
          'total',
        ),
      );
      put(figures, 'clicks', figure(insightNumber(read.values.post_clicks), 'post_clicks', 'total'));
      result.posts[post.platformPostId] = figures;
    }
    for (const batch of chunks([...known], IDS_PER_CALL)) {
      result.reads += 1;
      const { body } = await graphRequest<Record<string, PostObject>>(ctx, {
        url: `${api}/`,
        token,
        query: { ids: batch.join(','), fields: 'shares,comments.limit(0).summary(total_count)' },
      });
      for (const id of batch) {
        const object = body[id];
        const figures = result.posts[id];
        if (!object || !figures) continue;
        put(
          figures,
          'comments',
          figure(object.comments?.summary?.total_count, 'comments.summary.total_count', 'total'),
        );
        put(figures, 'shares', figure(object.shares?.count ?? 0, 'shares.count', 'total'));
      }
    }
    return result;
  },
};
