import type { FakeRequest, FakeResponse, PlatformFake } from '../testing/server.fake';

/**
 * Analytics on the X fake: `GET /2/tweets?ids=…&tweet.fields=…` (1 to 100 ids; `public_metrics` for any post,
 * `non_public_metrics` / `organic_metrics` only for the caller's own posts under 30 days: asking them for another
 * post is a broken expectation, as X answers an authorization error for it). Unknown ids come back in `errors`
 * (X's partial answer), not in `data`. Followers are set on the fake itself (`fake.followers`).
 */

export interface FakeTweetMetrics {
  authorId: string;
  createdAt: Date;
  public: {
    impression_count: number;
    like_count: number;
    retweet_count: number;
    reply_count: number;
    quote_count: number;
    bookmark_count: number;
  };
  nonPublic?: { url_link_clicks: number; user_profile_clicks: number; impression_count: number };
}

export interface TwitterAnalyticsFake {
  tweets: Map<string, FakeTweetMetrics>;
  /** Adds a post with the given counts (the rest 0) and returns its id. */
  add(
    authorId: string,
    createdAt: Date,
    counts?: Partial<FakeTweetMetrics['public']>,
    clicks?: number,
  ): string;
}

const PRIVATE_WINDOW_MS = 30 * 24 * 3600_000;

export function addTwitterAnalyticsRoutes(fake: Pick<PlatformFake, 'server'>): TwitterAnalyticsFake {
  const tweets = new Map<string, FakeTweetMetrics>();
  let counter = 0;

  fake.server.route('GET', '/2/tweets', (request: FakeRequest): FakeResponse => {
    const auth = request.headers.authorization ?? '';
    if (!/^Bearer \S+$/.test(auth)) return { status: 401, body: { title: 'Unauthorized', status: 401 } };
    const ids = (request.query.get('ids') ?? '').split(',').filter(Boolean);
    if (ids.length < 1 || ids.length > 100) {
      return {
        status: 400,
        body: {
          title: 'Invalid Request',
          detail: 'One or more parameters to your request was invalid.',
          errors: [{ message: `The \`ids\` query parameter value is not between 1 and 100 (${ids.length})` }],
        },
      };
    }
    const fields = (request.query.get('tweet.fields') ?? '').split(',');
    const privateAsked = fields.includes('non_public_metrics') || fields.includes('organic_metrics');
    const data: unknown[] = [];
    const errors: unknown[] = [];
    for (const id of ids) {
      const tweet = tweets.get(id);
      if (!tweet) {
        errors.push({
          value: id,
          detail: `Could not find tweet with ids: [${id}].`,
          title: 'Not Found Error',
        });
        continue;
      }
      if (privateAsked && Date.now() - tweet.createdAt.getTime() >= PRIVATE_WINDOW_MS) {
        throw new Error(`non-public metrics asked for post ${id}, older than 30 days`);
      }
      data.push({
        id,
        text: `post ${id}`,
        ...(fields.includes('public_metrics') ? { public_metrics: tweet.public } : {}),
        ...(privateAsked && tweet.nonPublic
          ? {
              non_public_metrics: tweet.nonPublic,
              organic_metrics: { impression_count: tweet.nonPublic.impression_count },
            }
          : {}),
      });
    }
    return { body: { ...(data.length > 0 ? { data } : {}), ...(errors.length > 0 ? { errors } : {}) } };
  });

  return {
    tweets,
    add(authorId, createdAt, counts = {}, clicks) {
      counter += 1;
      const id = `17${String(counter).padStart(10, '0')}`;
      tweets.set(id, {
        authorId,
        createdAt,
        public: {
          impression_count: 0,
          like_count: 0,
          retweet_count: 0,
          reply_count: 0,
          quote_count: 0,
          bookmark_count: 0,
          ...counts,
        },
        nonPublic:
          clicks === undefined
            ? undefined
            : {
                url_link_clicks: clicks,
                user_profile_clicks: 0,
                impression_count: counts.impression_count ?? 0,
              },
      });
      return id;
    },
  };
}
