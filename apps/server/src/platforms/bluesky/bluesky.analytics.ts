import type { PostMetric } from '@relaycast/shared/analytics';
import { platformRequest } from '../http';
import type { AccountCredentials, AnalyticsOperations, CallContext, PlatformFigure } from '../types';
import { checkUserGivenUrl, withUserGivenHosts } from '../user-given-url';
import { describeBlueskyError } from './bluesky.connector';

/**
 * Bluesky analytics over XRPC (atproto lexicons app.bsky.actor.defs#profileViewDetailed and
 * app.bsky.feed.defs#postView): followers are `followersCount` of `app.bsky.actor.getProfile`; a post's figures
 * are `likeCount`, `repostCount`, `replyCount` and `quoteCount` of `app.bsky.feed.getPosts`, at most 25 URIs a
 * call. Bluesky has no views, reach, saves or clicks, and older servers omit `quoteCount`: a counter the answer
 * lacks stays absent ("not available"), never 0. A post getPosts does not return (deleted) is left out.
 */

export const BLUESKY_GET_POSTS_BATCH = 25;

/** The postView fields read, by the metric they fill (reposts and quotes both count as shares). */
const FIELDS: Array<{ metric: PostMetric; field: 'likeCount' | 'replyCount' }> = [
  { metric: 'likes', field: 'likeCount' },
  { metric: 'comments', field: 'replyCount' },
];

interface PostView {
  uri: string;
  likeCount?: number;
  repostCount?: number;
  replyCount?: number;
  quoteCount?: number;
}

async function serviceOf(ctx: CallContext, credentials: AccountCredentials): Promise<string> {
  const fallback = ctx.settings.urls.service?.replace(/\/+$/, '');
  const stored = credentials.meta.service;
  if (!stored || stored === fallback) {
    if (!fallback) throw new Error('bluesky connector: no service URL');
    return fallback;
  }
  return checkUserGivenUrl(stored, ctx.settings.addressPolicy);
}

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;

function figuresOf(view: PostView): Partial<Record<PostMetric, PlatformFigure>> {
  const figures: Partial<Record<PostMetric, PlatformFigure>> = {};
  for (const { metric, field } of FIELDS) {
    const value = count(view[field]);
    if (value !== undefined) figures[metric] = { value, platformMetric: field, kind: 'total' };
  }
  const reposts = count(view.repostCount);
  const quotes = count(view.quoteCount);
  if (reposts !== undefined) {
    figures.shares =
      quotes === undefined
        ? { value: reposts, platformMetric: 'repostCount', kind: 'total' }
        : { value: reposts + quotes, platformMetric: 'repostCount+quoteCount', kind: 'total' };
  }
  return figures;
}

export const blueskyAnalytics: AnalyticsOperations = withUserGivenHosts({
  async readAccount(ctx, credentials) {
    const service = await serviceOf(ctx, credentials);
    const { body } = await platformRequest<{ followersCount?: number }>(
      ctx,
      {
        url: `${service}/xrpc/app.bsky.actor.getProfile`,
        query: { actor: credentials.platformAccountId },
        token: credentials.accessToken,
      },
      describeBlueskyError,
    );
    const followers = count(body.followersCount);
    return {
      figures:
        followers === undefined
          ? {}
          : { followers: { value: followers, platformMetric: 'followersCount', kind: 'unique' } },
      reads: 1,
    };
  },

  async readPosts(ctx, credentials, posts) {
    const service = await serviceOf(ctx, credentials);
    const result: Record<string, Partial<Record<PostMetric, PlatformFigure>>> = {};
    const wanted = new Set(posts.map((post) => post.platformPostId));
    let reads = 0;
    for (let start = 0; start < posts.length; start += BLUESKY_GET_POSTS_BATCH) {
      const url = new URL(`${service}/xrpc/app.bsky.feed.getPosts`);
      for (const post of posts.slice(start, start + BLUESKY_GET_POSTS_BATCH))
        url.searchParams.append('uris', post.platformPostId);
      reads += 1;
      const { body } = await platformRequest<{ posts?: PostView[] }>(
        ctx,
        { url: url.toString(), token: credentials.accessToken },
        describeBlueskyError,
      );
      for (const view of body.posts ?? []) {
        if (wanted.has(view.uri)) result[view.uri] = figuresOf(view);
      }
    }
    return { posts: result, refused: [], reads };
  },
});
