import type { PostMetric } from '@relaycast/shared/analytics';
import { platformRequest } from '../http';
import type { AccountCredentials, AnalyticsOperations, CallContext, PlatformFigure } from '../types';
import { PlatformError } from '../types';
import { describeLinkedInError, LINKEDIN_VERSION } from './linkedin.connector';

/**
 * LinkedIn analytics over the versioned REST API (learn.microsoft.com/linkedin/marketing/community-management/).
 *
 * Members (what the connector connects today): followers from `GET /rest/memberFollowersCount?q=me`; a post's
 * figures from `GET /rest/memberCreatorPostAnalytics?q=entity&entity=(share:urn)&queryType=…&aggregation=TOTAL`,
 * one call per metric type: IMPRESSION (views), MEMBERS_REACHED (reach, unique), RESHARE, REACTION, COMMENT.
 * Both need the `r_member_postAnalytics` / `r_member_profileAnalytics` permissions of the Community Management
 * API, which LinkedIn grants to approved apps only; without them LinkedIn answers 403 and the read fails with
 * LinkedIn's message (it is never turned into zeros).
 *
 * Organization pages (an account whose `meta.organizationUrn` is set; ADMINISTRATOR role needed): followers from
 * `GET /rest/networkSizes/{org}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`; posts from
 * `GET /rest/organizationalEntityShareStatistics?q=organizationalEntity&…&shares=List(…)&ugcPosts=List(…)`
 * (`totalShareStatistics`: impressionCount, uniqueImpressionsCount, clickCount, likeCount, commentCount,
 * shareCount). These are organic figures only, over a rolling 12 months: older posts are not asked for.
 *
 * LinkedIn has no saves. A post LinkedIn answers 404 for, or leaves out of the answer, is left out.
 */

const REST_HEADERS = { 'linkedin-version': LINKEDIN_VERSION, 'x-restli-protocol-version': '2.0.0' };
export const LINKEDIN_ORG_SHARES_BATCH = 20;
/** Organization share statistics cover a rolling 12 months. */
export const LINKEDIN_ORG_WINDOW_MS = 365 * 24 * 3600_000;

export const MEMBER_POST_METRICS: Array<{ queryType: string; metric: PostMetric; kind: 'unique' | 'total' }> =
  [
    { queryType: 'IMPRESSION', metric: 'views', kind: 'total' },
    { queryType: 'MEMBERS_REACHED', metric: 'reach', kind: 'unique' },
    { queryType: 'RESHARE', metric: 'shares', kind: 'total' },
    { queryType: 'REACTION', metric: 'likes', kind: 'total' },
    { queryType: 'COMMENT', metric: 'comments', kind: 'total' },
  ];

const ORG_POST_METRICS: Array<{ field: string; metric: PostMetric; kind: 'unique' | 'total' }> = [
  { field: 'impressionCount', metric: 'views', kind: 'total' },
  { field: 'uniqueImpressionsCount', metric: 'reach', kind: 'unique' },
  { field: 'clickCount', metric: 'clicks', kind: 'total' },
  { field: 'likeCount', metric: 'likes', kind: 'total' },
  { field: 'commentCount', metric: 'comments', kind: 'total' },
  { field: 'shareCount', metric: 'shares', kind: 'total' },
];

function api(ctx: CallContext, path: string): string {
  const base = ctx.settings.urls.api;
  if (!base) throw new Error('linkedin connector: no api URL');
  return `${base.replace(/\/+$/, '')}${path}`;
}

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;

/** Rest.li 2.0 keeps `(`, `)`, `:` and `,` literal in finders; the URNs inside are percent-encoded. */
const restliUrn = (urn: string) => encodeURIComponent(urn);

async function get<T>(ctx: CallContext, credentials: AccountCredentials, path: string): Promise<T> {
  const { body } = await platformRequest<T>(
    ctx,
    { url: api(ctx, path), token: credentials.accessToken, headers: REST_HEADERS },
    describeLinkedInError,
  );
  return body;
}

const organizationOf = (credentials: AccountCredentials) => credentials.meta.organizationUrn || undefined;

async function readMemberPost(
  ctx: CallContext,
  credentials: AccountCredentials,
  urn: string,
): Promise<Partial<Record<PostMetric, PlatformFigure>> | undefined> {
  const entity = `(${urn.startsWith('urn:li:ugcPost:') ? 'ugc' : 'share'}:${restliUrn(urn)})`;
  const figures: Partial<Record<PostMetric, PlatformFigure>> = {};
  for (const { queryType, metric, kind } of MEMBER_POST_METRICS) {
    let body: { elements?: { count?: number }[] };
    try {
      body = await get(
        ctx,
        credentials,
        `/rest/memberCreatorPostAnalytics?q=entity&entity=${entity}&queryType=${queryType}&aggregation=TOTAL`,
      );
    } catch (err) {
      if (err instanceof PlatformError && err.details.status === 404) return undefined;
      throw err;
    }
    const value = count(body.elements?.[0]?.count);
    if (value !== undefined) figures[metric] = { value, platformMetric: queryType, kind };
  }
  return figures;
}

export const linkedinAnalytics: AnalyticsOperations = {
  async readAccount(ctx, credentials) {
    const organization = organizationOf(credentials);
    if (organization) {
      const body = await get<{ firstDegreeSize?: number }>(
        ctx,
        credentials,
        `/rest/networkSizes/${restliUrn(organization)}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`,
      );
      const followers = count(body.firstDegreeSize);
      return {
        figures:
          followers === undefined
            ? {}
            : { followers: { value: followers, platformMetric: 'firstDegreeSize', kind: 'unique' } },
        reads: 1,
      };
    }
    const body = await get<{ elements?: { memberFollowersCount?: number }[] }>(
      ctx,
      credentials,
      '/rest/memberFollowersCount?q=me',
    );
    const followers = count(body.elements?.[0]?.memberFollowersCount);
    return {
      figures:
        followers === undefined
          ? {}
          : { followers: { value: followers, platformMetric: 'memberFollowersCount', kind: 'unique' } },
      reads: 1,
    };
  },

  async readPosts(ctx, credentials, posts) {
    const result: Record<string, Partial<Record<PostMetric, PlatformFigure>>> = {};
    let reads = 0;
    const organization = organizationOf(credentials);
    if (!organization) {
      for (const post of posts) {
        reads += MEMBER_POST_METRICS.length;
        const figures = await readMemberPost(ctx, credentials, post.platformPostId);
        if (figures) result[post.platformPostId] = figures;
      }
      return { posts: result, refused: [], reads };
    }
    const recent = posts.filter((post) => Date.now() - post.publishedAt.getTime() <= LINKEDIN_ORG_WINDOW_MS);
    for (let start = 0; start < recent.length; start += LINKEDIN_ORG_SHARES_BATCH) {
      const urns = recent.slice(start, start + LINKEDIN_ORG_SHARES_BATCH).map((post) => post.platformPostId);
      const shares = urns.filter((urn) => !urn.startsWith('urn:li:ugcPost:'));
      const ugcPosts = urns.filter((urn) => urn.startsWith('urn:li:ugcPost:'));
      const list = (items: string[]) => `List(${items.map(restliUrn).join(',')})`;
      let path = `/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${restliUrn(organization)}`;
      if (shares.length > 0) path += `&shares=${list(shares)}`;
      if (ugcPosts.length > 0) path += `&ugcPosts=${list(ugcPosts)}`;
      reads += 1;
      const body = await get<{
        elements?: { share?: string; ugcPost?: string; totalShareStatistics?: Record<string, unknown> }[];
      }>(ctx, credentials, path);
      for (const element of body.elements ?? []) {
        const urn = element.share ?? element.ugcPost;
        if (!urn || !urns.includes(urn)) continue;
        const figures: Partial<Record<PostMetric, PlatformFigure>> = {};
        for (const { field, metric, kind } of ORG_POST_METRICS) {
          const value = count(element.totalShareStatistics?.[field]);
          if (value !== undefined) figures[metric] = { value, platformMetric: field, kind };
        }
        result[urn] = figures;
      }
    }
    return { posts: result, refused: [], reads };
  },
};
