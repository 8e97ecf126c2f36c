import type { PostMetric } from '@relaycast/shared/analytics';
import { figure } from '../analytics-kit';
import { readGraphInsights } from '../meta/insights';
import type { AnalyticsOperations, PlatformFigure } from '../types';
import { urlsOf } from './threads.connector';

/**
 * Threads insights (needs the `threads_manage_insights` scope, asked at connect): followers from `GET
 * /me/threads_insights?metric=followers_count` (the current count, whatever the range); per post `GET
 * /{media-id}/insights?metric=views,likes,replies,reposts,quotes,shares`. Replies are comments; reposts, quotes
 * and shares together are shares. Threads has no reach, saves or post clicks: they stay "not available". Media
 * insights are shared Meta code (meta/insights.ts): a refused metric is dropped and reported.
 */

export const THREADS_POST_METRICS = ['views', 'likes', 'replies', 'reposts', 'quotes', 'shares'] as const;

function threadsMediaType(mediaType: string | undefined): string {
  if (!mediaType || mediaType === 'TEXT') return 'TEXT_POST';
  return mediaType;
}

export const threadsAnalytics: AnalyticsOperations = {
  async readAccount(ctx, credentials) {
    const read = await readGraphInsights(ctx, {
      url: `${urlsOf(ctx).api}/me/threads_insights`,
      token: credentials.accessToken,
      metrics: ['followers_count'],
      mediaType: 'USER',
      skipMetrics: new Set(),
    });
    const value = read.values.followers_count;
    const followers = figure(typeof value === 'number' ? value : undefined, 'followers_count', 'unique');
    return { figures: followers ? { followers } : {}, reads: read.requests };
  },

  async readPosts(ctx, credentials, posts, options) {
    const result: Awaited<ReturnType<AnalyticsOperations['readPosts']>> = {
      posts: {},
      refused: [],
      reads: 0,
    };
    for (const post of posts) {
      const mediaType = threadsMediaType(post.mediaType);
      const read = await readGraphInsights(ctx, {
        url: `${urlsOf(ctx).api}/${post.platformPostId}/insights`,
        token: credentials.accessToken,
        metrics: THREADS_POST_METRICS,
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
      const num = (name: string) => {
        const value = read.values[name];
        return typeof value === 'number' ? value : undefined;
      };
      const figures: Partial<Record<PostMetric, PlatformFigure>> = {};
      const views = figure(num('views'), 'views', 'total');
      if (views) figures.views = views;
      const likes = figure(num('likes'), 'likes', 'total');
      if (likes) figures.likes = likes;
      const replies = figure(num('replies'), 'replies', 'total');
      if (replies) figures.comments = replies;
      const parts = (['reposts', 'quotes', 'shares'] as const).filter((name) => num(name) !== undefined);
      if (parts.length > 0) {
        const sum = parts.reduce((total, name) => total + (num(name) ?? 0), 0);
        figures.shares = { value: sum, platformMetric: parts.join('+'), kind: 'total' };
      }
      result.posts[post.platformPostId] = figures;
    }
    return result;
  },
};
