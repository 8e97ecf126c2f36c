import { addMetaInsightsRoute, type MetaInsightsFake } from '../meta/insights.fake';
import type { ThreadsFake } from './threads.fake';

/**
 * Threads insights on the fake: `GET /v1.0/me/threads_insights?metric=followers_count` (answered with
 * `total_value`, as Threads does for followers) and `GET /v1.0/{media-id}/insights` with the documented media
 * metrics (an unknown one refused with #100).
 */

export const THREADS_FAKE_VALID_METRICS: Record<string, string[]> = Object.fromEntries(
  ['TEXT_POST', 'IMAGE', 'VIDEO', 'CAROUSEL_ALBUM'].map((type) => [
    type,
    ['views', 'likes', 'replies', 'reposts', 'quotes', 'shares'],
  ]),
);

export interface ThreadsAnalyticsFake extends MetaInsightsFake {
  /** Followers per Threads user id (0 when unset). */
  followers: Map<string, number>;
}

export function addThreadsAnalyticsRoutes(
  fake: Pick<ThreadsFake, 'server' | 'tokens'>,
): ThreadsAnalyticsFake {
  const followers = new Map<string, number>();
  fake.server.route('GET', '/v1.0/me/threads_insights', (request) => {
    const auth = fake.tokens.authenticate(request, ['user']);
    if (!auth.ok) return auth.response;
    const metrics = (request.query.get('metric') ?? '').split(',').filter(Boolean);
    if (metrics.length === 0) throw new Error('threads_insights without metric=');
    return {
      body: {
        data: metrics.map((name) => ({
          name,
          period: 'day',
          title: name,
          total_value: { value: name === 'followers_count' ? (followers.get(auth.token.subject) ?? 0) : 0 },
          id: `${auth.token.subject}/insights/${name}/day`,
        })),
      },
    };
  });
  const insights = addMetaInsightsRoute(fake.server, '/v1.0/:id/insights', {
    valid: structuredClone(THREADS_FAKE_VALID_METRICS),
    namesMetric: true,
    authenticate: (request) => fake.tokens.authenticate(request, ['user']),
  });
  return Object.assign(insights, { followers });
}
