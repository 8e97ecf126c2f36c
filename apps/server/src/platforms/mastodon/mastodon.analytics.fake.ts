import type { FakeRequest, FakeResponse, PlatformFake } from '../testing/server.fake';

/**
 * Analytics routes on the Mastodon fake: `GET /api/v1/statuses/:id` answers a seeded status with its counters
 * (`favourites_count`, `reblogs_count`, `replies_count`), 404 `Record not found` for any other id. Followers come
 * from the base fake's `followers` map (verify_credentials).
 */

export interface MastodonSeedStatus {
  id: string;
  favourites?: number;
  reblogs?: number;
  replies?: number;
}

const UNAUTHORIZED: FakeResponse = { status: 401, body: { error: 'The access token is invalid' } };

export function addMastodonAnalyticsRoutes(
  fake: Pick<PlatformFake, 'server' | 'url'>,
  seeds: MastodonSeedStatus[] = [],
): { statuses: Map<string, MastodonSeedStatus> } {
  const statuses = new Map(seeds.map((seed) => [seed.id, seed]));
  const signedIn = (request: FakeRequest) => /^Bearer \S+$/.test(request.headers.authorization ?? '');

  fake.server.route('GET', '/api/v1/statuses/:id', (request) => {
    if (!signedIn(request)) return UNAUTHORIZED;
    const seed = statuses.get(request.params.id ?? '');
    if (!seed) return { status: 404, body: { error: 'Record not found' } };
    return {
      body: {
        id: seed.id,
        created_at: new Date().toISOString(),
        url: `${fake.url}/@me/${seed.id}`,
        content: '<p>Seeded status</p>',
        favourites_count: seed.favourites ?? 0,
        reblogs_count: seed.reblogs ?? 0,
        replies_count: seed.replies ?? 0,
      },
    };
  });

  return { statuses };
}
