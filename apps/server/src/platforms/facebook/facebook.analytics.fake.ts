import { GRAPH_VERSION } from '../meta/graph';
import { addMetaInsightsRoute, type MetaInsightsFake } from '../meta/insights.fake';
import type { FacebookFake } from './facebook.fake';

/**
 * Analytics routes on the Facebook fake, with the Page token: `GET /{page-or-post}/insights` (Page: `page_follows`;
 * posts: the current metrics, the deprecated `impressions` family refused with #100) and `GET /?ids=…` (post
 * objects with `shares` and the comments summary; `shares` left out when 0, as Graph does).
 */

export const FACEBOOK_FAKE_VALID_METRICS: Record<string, string[]> = {
  PAGE: ['page_follows', 'page_daily_follows', 'page_media_view', 'page_post_engagements'],
  POST: ['post_media_view', 'post_total_media_view_unique', 'post_reactions_by_type_total', 'post_clicks'],
};

export interface FacebookAnalyticsFake extends MetaInsightsFake {
  /** Comments and shares per post id. */
  counts: Map<string, { comments: number; shares: number }>;
}

export function addFacebookAnalyticsRoutes(
  fake: Pick<FacebookFake, 'server' | 'login'>,
): FacebookAnalyticsFake {
  const base = `/${GRAPH_VERSION}`;
  const pageToken = (request: Parameters<typeof fake.login.tokens.authenticate>[0]) =>
    fake.login.tokens.authenticate(request, ['page']);
  const insights = addMetaInsightsRoute(fake.server, `${base}/:id/insights`, {
    valid: structuredClone(FACEBOOK_FAKE_VALID_METRICS),
    namesMetric: false,
    authenticate: pageToken,
  });
  const counts = new Map<string, { comments: number; shares: number }>();
  fake.server.route('GET', `${base}/`, (request) => {
    const auth = pageToken(request);
    if (!auth.ok) return auth.response;
    const ids = (request.query.get('ids') ?? '').split(',').filter(Boolean);
    if (ids.length === 0 || ids.length > 50)
      throw new Error(`ids= must list 1 to 50 objects, got ${ids.length}`);
    const fields = request.query.get('fields') ?? '';
    const body: Record<string, unknown> = {};
    for (const id of ids) {
      if (!insights.objects.has(id)) continue;
      const count = counts.get(id) ?? { comments: 0, shares: 0 };
      body[id] = {
        id,
        ...(fields.includes('shares') && count.shares > 0 ? { shares: { count: count.shares } } : {}),
        ...(fields.includes('comments')
          ? {
              comments: {
                data: [],
                summary: { order: 'ranked', total_count: count.comments, can_comment: true },
              },
            }
          : {}),
      };
    }
    return { body };
  });
  return Object.assign(insights, { counts });
}
