import type { FakeRequest, FakeResponse, PlatformFake } from '../testing/server.fake';

/**
 * Analytics routes on the LinkedIn fake (REST, LinkedIn-Version header checked): `memberFollowersCount?q=me`,
 * `memberCreatorPostAnalytics?q=entity&entity=(share:urn)&queryType=…&aggregation=TOTAL` (404 for an unknown post;
 * a metric the seed lacks answers no element), `networkSizes/{org}?edgeType=COMPANY_FOLLOWED_BY_MEMBER` and
 * `organizationalEntityShareStatistics?q=organizationalEntity&shares=List(…)` (unknown shares are skipped).
 * Any bearer token is accepted; the base fake's OAuth issues them.
 */

export interface LinkedInSeedPost {
  urn: string;
  /** memberCreatorPostAnalytics counts by queryType (IMPRESSION, MEMBERS_REACHED, RESHARE, REACTION, COMMENT). */
  member?: Partial<Record<string, number>>;
  /** organizationalEntityShareStatistics `totalShareStatistics`. */
  organization?: Partial<Record<string, number>>;
}

export interface LinkedInAnalyticsSeed {
  memberFollowers?: number;
  organizationFollowers?: Record<string, number>;
  posts?: LinkedInSeedPost[];
}

const UNAUTHORIZED: FakeResponse = {
  status: 401,
  body: {
    status: 401,
    serviceErrorCode: 65600,
    code: 'INVALID_ACCESS_TOKEN',
    message: 'Invalid access token',
  },
};

function check(request: FakeRequest): FakeResponse | undefined {
  if (
    !/^Bearer \S+$/.test(request.headers.authorization ?? '') ||
    request.headers.authorization === 'Bearer bad'
  )
    return UNAUTHORIZED;
  if (!/^\d{6}$/.test(String(request.headers['linkedin-version'])))
    throw new Error('missing LinkedIn-Version: YYYYMM');
  if (request.headers['x-restli-protocol-version'] !== '2.0.0')
    throw new Error('missing X-Restli-Protocol-Version: 2.0.0');
  return undefined;
}

const listOf = (value: string | null) =>
  /^List\((.*)\)$/
    .exec(value ?? '')?.[1]
    ?.split(',')
    .filter(Boolean) ?? [];

export function addLinkedInAnalyticsRoutes(
  fake: Pick<PlatformFake, 'server'>,
  seed: LinkedInAnalyticsSeed,
): void {
  const posts = new Map((seed.posts ?? []).map((post) => [post.urn, post]));

  fake.server.route('GET', '/rest/memberFollowersCount', (request) => {
    const denied = check(request);
    if (denied) return denied;
    if (request.query.get('q') !== 'me') throw new Error('expected q=me');
    return { body: { elements: [{ memberFollowersCount: seed.memberFollowers ?? 0 }], paging: {} } };
  });

  fake.server.route('GET', '/rest/memberCreatorPostAnalytics', (request) => {
    const denied = check(request);
    if (denied) return denied;
    if (request.query.get('q') !== 'entity' || request.query.get('aggregation') !== 'TOTAL')
      throw new Error('expected q=entity and aggregation=TOTAL');
    const entity = /^\((share|ugc):(urn:li:(?:share|ugcPost):\d+)\)$/.exec(request.query.get('entity') ?? '');
    if (!entity) throw new Error(`bad entity ${request.query.get('entity')}`);
    const post = posts.get(entity[2] ?? '');
    if (!post?.member) return { status: 404, body: { status: 404, message: 'Not found' } };
    const queryType = request.query.get('queryType') ?? '';
    const value = post.member[queryType];
    return {
      body: {
        elements:
          value === undefined
            ? []
            : [
                {
                  count: value,
                  metricType: {
                    'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1':
                      queryType,
                  },
                },
              ],
        paging: {},
      },
    };
  });

  fake.server.route('GET', '/rest/networkSizes/:urn', (request) => {
    const denied = check(request);
    if (denied) return denied;
    if (request.query.get('edgeType') !== 'COMPANY_FOLLOWED_BY_MEMBER') throw new Error('bad edgeType');
    const followers = seed.organizationFollowers?.[request.params.urn ?? ''];
    if (followers === undefined)
      return { status: 403, body: { status: 403, message: 'Not enough permissions' } };
    return { body: { firstDegreeSize: followers } };
  });

  fake.server.route('GET', '/rest/organizationalEntityShareStatistics', (request) => {
    const denied = check(request);
    if (denied) return denied;
    if (request.query.get('q') !== 'organizationalEntity') throw new Error('expected q=organizationalEntity');
    const organization = request.query.get('organizationalEntity') ?? '';
    if (seed.organizationFollowers?.[organization] === undefined)
      return { status: 403, body: { status: 403, message: 'Not an administrator of this organization' } };
    const shares = listOf(request.query.get('shares'));
    const ugcPosts = listOf(request.query.get('ugcPosts'));
    const elements = [...shares, ...ugcPosts].flatMap((urn) => {
      const post = posts.get(urn);
      if (!post?.organization) return [];
      const key = urn.startsWith('urn:li:ugcPost:') ? 'ugcPost' : 'share';
      return [{ organizationalEntity: organization, [key]: urn, totalShareStatistics: post.organization }];
    });
    return { body: { elements, paging: {} } };
  });
}
