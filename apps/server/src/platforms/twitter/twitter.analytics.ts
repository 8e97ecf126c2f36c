import type { PostMetric } from '@relaycast/shared/analytics';
import { chunks, figure, isSkipped, put } from '../analytics-kit';
import { platformRequest } from '../http';
import type { AnalyticsOperations, AnalyticsPostRef, CallContext, PlatformFigure } from '../types';
import { describeTwitterError } from './twitter.connector';

/**
 * X API v2 analytics (docs.x.com/x-api/fundamentals/metrics): followers from `GET /2/users/me` with
 * `user.fields=public_metrics`; posts from `GET /2/tweets?ids=…` (100 ids per call). `public_metrics`
 * (impressions, likes, reposts, replies, quotes, bookmarks) are given for any post; `non_public_metrics` and
 * `organic_metrics` only for the user's own posts under 30 days, so older posts are asked for public metrics
 * alone (asking more fails the post). Every resource read is billed (pay-per-use), so `reads` counts the users and
 * posts returned: the collector keeps the workspace's monthly X read budget with it.
 */

const BATCH = 100;
const PRIVATE_WINDOW_MS = 30 * 24 * 3600_000;
/** The metric name used in skipMetrics for X (it has no media types). */
const ANY = '*';

interface XPublicMetrics {
  impression_count?: number;
  like_count?: number;
  retweet_count?: number;
  reply_count?: number;
  quote_count?: number;
  bookmark_count?: number;
}

interface XMetricTweet {
  id: string;
  public_metrics?: XPublicMetrics;
  non_public_metrics?: { url_link_clicks?: number; user_profile_clicks?: number; impression_count?: number };
  organic_metrics?: { impression_count?: number };
}

function api(ctx: CallContext, path: string): string {
  const base = ctx.settings.urls.api;
  if (!base) throw new Error('twitter connector: no api URL');
  return `${base}${path}`;
}

/** One post's figures: reposts and quotes together are its shares; link clicks only for own recent posts. */
export function xPostFigures(
  tweet: XMetricTweet,
  skip: ReadonlySet<string>,
): Partial<Record<PostMetric, PlatformFigure>> {
  const out: Partial<Record<PostMetric, PlatformFigure>> = {};
  const pub = tweet.public_metrics ?? {};
  const want = (name: string) => !isSkipped(skip, ANY, name);
  if (want('public_metrics.impression_count'))
    put(out, 'views', figure(pub.impression_count, 'public_metrics.impression_count', 'total'));
  if (want('public_metrics.like_count'))
    put(out, 'likes', figure(pub.like_count, 'public_metrics.like_count', 'total'));
  if (want('public_metrics.reply_count'))
    put(out, 'comments', figure(pub.reply_count, 'public_metrics.reply_count', 'total'));
  if (want('public_metrics.retweet_count') && typeof pub.retweet_count === 'number') {
    const quotes = typeof pub.quote_count === 'number' ? pub.quote_count : 0;
    put(
      out,
      'shares',
      figure(pub.retweet_count + quotes, 'public_metrics.retweet_count+quote_count', 'total'),
    );
  }
  if (want('public_metrics.bookmark_count'))
    put(out, 'saves', figure(pub.bookmark_count, 'public_metrics.bookmark_count', 'total'));
  if (want('non_public_metrics.url_link_clicks'))
    put(
      out,
      'clicks',
      figure(tweet.non_public_metrics?.url_link_clicks, 'non_public_metrics.url_link_clicks', 'total'),
    );
  return out;
}

async function readBatch(
  ctx: CallContext,
  token: string,
  posts: AnalyticsPostRef[],
  fields: string,
): Promise<XMetricTweet[]> {
  const { body } = await platformRequest<{ data?: XMetricTweet[] }>(
    ctx,
    {
      url: api(ctx, '/tweets'),
      token,
      query: { ids: posts.map((post) => post.platformPostId).join(','), 'tweet.fields': fields },
    },
    describeTwitterError,
  );
  return body.data ?? [];
}

export const twitterAnalytics: AnalyticsOperations = {
  async readAccount(ctx, credentials) {
    const { body } = await platformRequest<{
      data?: { id: string; public_metrics?: { followers_count?: number } };
    }>(
      ctx,
      {
        url: api(ctx, '/users/me'),
        token: credentials.accessToken,
        query: { 'user.fields': 'public_metrics' },
      },
      describeTwitterError,
    );
    const followers = figure(
      body.data?.public_metrics?.followers_count,
      'public_metrics.followers_count',
      'unique',
    );
    return { figures: followers ? { followers } : {}, reads: body.data ? 1 : 0 };
  },

  async readPosts(ctx, credentials, posts, options) {
    const now = Date.now();
    const recent = posts.filter((post) => now - post.publishedAt.getTime() < PRIVATE_WINDOW_MS);
    const older = posts.filter((post) => now - post.publishedAt.getTime() >= PRIVATE_WINDOW_MS);
    const result: Awaited<ReturnType<AnalyticsOperations['readPosts']>> = {
      posts: {},
      refused: [],
      reads: 0,
    };
    const groups: [AnalyticsPostRef[], string][] = [
      [recent, 'public_metrics,non_public_metrics,organic_metrics'],
      [older, 'public_metrics'],
    ];
    for (const [group, fields] of groups) {
      for (const batch of chunks(group, BATCH)) {
        const tweets = await readBatch(ctx, credentials.accessToken, batch, fields);
        result.reads += tweets.length;
        for (const tweet of tweets) result.posts[tweet.id] = xPostFigures(tweet, options.skipMetrics);
      }
    }
    return result;
  },
};
