import type { PostMetric } from '@relaycast/shared/analytics';
import { platformRequest } from '../http';
import type { AnalyticsOperations, CallContext, PlatformFigure } from '../types';
import { describeYouTubeError } from './youtube.connector';

/**
 * YouTube analytics through the Data API v3 (developers.google.com/youtube/v3/docs/videos#statistics and
 * /channels#statistics): a video's `statistics.viewCount`, `likeCount` and `commentCount` from `videos.list`
 * (`part=statistics`, at most 50 ids a call, 1 quota unit each), and the channel's `statistics.subscriberCount`
 * from `channels.list?mine=true`. Counts arrive as strings. A like or comment count the owner hid (or disabled)
 * is omitted by YouTube and stays absent ("not available"), as does a hidden subscriber count. A video that
 * `videos.list` does not return (deleted or private) is left out.
 *
 * The YouTube Analytics API (reports.query: watch time, shares, subscribersGained) lags up to 48 h and bulk
 * Reporting API files arrive up to 48 h after a job starts; the Data API counters read here are near real time,
 * which suits the collector's hourly follow-up of new posts. Shares, reach and watch time are not read.
 */

export const YOUTUBE_VIDEOS_BATCH = 50;

const FIELDS: Array<{ metric: PostMetric; field: 'viewCount' | 'likeCount' | 'commentCount' }> = [
  { metric: 'views', field: 'viewCount' },
  { metric: 'likes', field: 'likeCount' },
  { metric: 'comments', field: 'commentCount' },
];

function api(ctx: CallContext, path: string): string {
  const base = ctx.settings.urls.api;
  if (!base) throw new Error('youtube connector: no api URL');
  return `${base}${path}`;
}

/** A Data API counter (a decimal string), or undefined when absent or malformed. */
function counter(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 0 ? number : undefined;
}

export const youtubeAnalytics: AnalyticsOperations = {
  async readAccount(ctx, credentials) {
    const { body } = await platformRequest<{
      items?: { id: string; statistics?: { subscriberCount?: string; hiddenSubscriberCount?: boolean } }[];
    }>(
      ctx,
      {
        url: api(ctx, '/channels'),
        query: { part: 'statistics', mine: 'true' },
        token: credentials.accessToken,
      },
      describeYouTubeError,
    );
    const statistics = body.items?.[0]?.statistics;
    const subscribers = statistics?.hiddenSubscriberCount ? undefined : counter(statistics?.subscriberCount);
    return {
      figures:
        subscribers === undefined
          ? {}
          : {
              followers: {
                value: subscribers,
                platformMetric: 'statistics.subscriberCount',
                kind: 'unique',
              },
            },
      reads: 1,
    };
  },

  async readPosts(ctx, credentials, posts) {
    const result: Record<string, Partial<Record<PostMetric, PlatformFigure>>> = {};
    let reads = 0;
    for (let start = 0; start < posts.length; start += YOUTUBE_VIDEOS_BATCH) {
      const ids = posts.slice(start, start + YOUTUBE_VIDEOS_BATCH).map((post) => post.platformPostId);
      reads += 1;
      const { body } = await platformRequest<{
        items?: { id: string; statistics?: Record<string, unknown> }[];
      }>(
        ctx,
        {
          url: api(ctx, '/videos'),
          query: { part: 'statistics', id: ids.join(','), maxResults: YOUTUBE_VIDEOS_BATCH },
          token: credentials.accessToken,
        },
        describeYouTubeError,
      );
      for (const item of body.items ?? []) {
        if (!ids.includes(item.id)) continue;
        const figures: Partial<Record<PostMetric, PlatformFigure>> = {};
        for (const { metric, field } of FIELDS) {
          const value = counter(item.statistics?.[field]);
          if (value !== undefined)
            figures[metric] = { value, platformMetric: `statistics.${field}`, kind: 'total' };
        }
        result[item.id] = figures;
      }
    }
    return { posts: result, refused: [], reads };
  },

  /**
   * The channel's live broadcast and its viewers: `liveBroadcasts.list?broadcastStatus=active&broadcastType=all`
   * (exactly one filter; `all` also finds the channel's default "stream now" broadcast, which is `persistent`),
   * then `videos.list?part=liveStreamingDetails` for the broadcast's video (a broadcast's id is its video's):
   * `liveStreamingDetails.concurrentViewers`, a decimal string absent when the owner hides the count
   * (developers.google.com/youtube/v3/live/docs/liveBroadcasts/list, /youtube/v3/docs/videos#liveStreamingDetails).
   * Two quota units a reading.
   */
  async readLiveViewers(ctx, credentials) {
    const { body } = await platformRequest<{ items?: { id?: string }[] }>(
      ctx,
      {
        url: api(ctx, '/liveBroadcasts'),
        query: { part: 'id', broadcastStatus: 'active', broadcastType: 'all', maxResults: 5 },
        token: credentials.accessToken,
      },
      describeYouTubeError,
    );
    const broadcast = body.items?.find((item) => typeof item.id === 'string' && item.id.length > 0)?.id;
    if (!broadcast) return { live: false, reads: 1 };
    const { body: videos } = await platformRequest<{
      items?: { id: string; liveStreamingDetails?: { concurrentViewers?: unknown } }[];
    }>(
      ctx,
      {
        url: api(ctx, '/videos'),
        query: { part: 'liveStreamingDetails', id: broadcast },
        token: credentials.accessToken,
      },
      describeYouTubeError,
    );
    const viewers = counter(
      videos.items?.find((item) => item.id === broadcast)?.liveStreamingDetails?.concurrentViewers,
    );
    return {
      live: true,
      reads: 2,
      ...(viewers === undefined
        ? {}
        : {
            viewers: {
              value: viewers,
              platformMetric: 'liveStreamingDetails.concurrentViewers',
              kind: 'unique' as const,
            },
          }),
    };
  },
};
