import type { PostMetric } from '@relaycast/shared/analytics';
import { platformRequest } from '../http';
import type { AccountCredentials, AnalyticsOperations, CallContext, PlatformFigure } from '../types';
import { PlatformError } from '../types';
import { checkUserGivenUrl, withUserGivenHosts } from '../user-given-url';
import { describeMastodonError } from './mastodon.connector';

/**
 * Mastodon analytics (docs.joinmastodon.org/entities/Account, /entities/Status): followers are
 * `followers_count` of `GET /api/v1/accounts/verify_credentials`; a status's figures are its
 * `favourites_count`, `reblogs_count` and `replies_count` (`GET /api/v1/statuses/:id`, one status per call).
 * Mastodon has no views, reach, saves or clicks: those stay absent ("not available"), never 0. The counts are
 * what the account's own instance has seen of the fediverse. A status the instance answers 404 for (deleted)
 * is left out. 429 (300 requests / 5 minutes) → retry with X-RateLimit-Reset, through platformRequest.
 */

/** The status fields read, by the metric they fill. */
export const MASTODON_POST_FIGURES: Array<{ metric: PostMetric; field: string }> = [
  { metric: 'likes', field: 'favourites_count' },
  { metric: 'shares', field: 'reblogs_count' },
  { metric: 'comments', field: 'replies_count' },
];

async function instanceOf(ctx: CallContext, credentials: AccountCredentials): Promise<string> {
  const raw = credentials.meta.instanceUrl;
  if (!raw) throw new PlatformError('reauthorize', 'The account has no Mastodon instance; connect it again.');
  return checkUserGivenUrl(raw, ctx.settings.addressPolicy);
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

export const mastodonAnalytics: AnalyticsOperations = withUserGivenHosts({
  async readAccount(ctx, credentials) {
    const instance = await instanceOf(ctx, credentials);
    const { body } = await platformRequest<{ followers_count?: number }>(
      ctx,
      { url: `${instance}/api/v1/accounts/verify_credentials`, token: credentials.accessToken },
      describeMastodonError,
    );
    const followers = count(body.followers_count);
    return {
      figures:
        followers === undefined
          ? {}
          : { followers: { value: followers, platformMetric: 'followers_count', kind: 'unique' } },
      reads: 1,
    };
  },

  async readPosts(ctx, credentials, posts) {
    const instance = await instanceOf(ctx, credentials);
    const result: Record<string, Partial<Record<PostMetric, PlatformFigure>>> = {};
    let reads = 0;
    for (const post of posts) {
      let status: Record<string, unknown>;
      try {
        reads += 1;
        ({ body: status } = await platformRequest<Record<string, unknown>>(
          ctx,
          {
            url: `${instance}/api/v1/statuses/${encodeURIComponent(post.platformPostId)}`,
            token: credentials.accessToken,
          },
          describeMastodonError,
        ));
      } catch (err) {
        // Deleted (404) or no longer visible to the account (403 on some instances): left out.
        if (err instanceof PlatformError && (err.details.status === 404 || err.details.status === 403))
          continue;
        throw err;
      }
      const figures: Partial<Record<PostMetric, PlatformFigure>> = {};
      for (const { metric, field } of MASTODON_POST_FIGURES) {
        const value = count(status[field]);
        if (value !== undefined) figures[metric] = { value, platformMetric: field, kind: 'total' };
      }
      result[post.platformPostId] = figures;
    }
    return { posts: result, refused: [], reads };
  },
});
