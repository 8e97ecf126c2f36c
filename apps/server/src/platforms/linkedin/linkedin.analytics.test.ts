import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectorFor } from '../registry';
import { consent, fakeSettings, platformFailure } from '../testing/connector-kit';
import type { AccountCredentials, CallContext } from '../types';
import { linkedinAnalytics as analytics, LINKEDIN_ORG_SHARES_BATCH } from './linkedin.analytics';
import { addLinkedInAnalyticsRoutes } from './linkedin.analytics.fake';
import { linkedinConnector as linkedin } from './linkedin.connector';
import { startLinkedInFake } from './linkedin.fake';

let fake: Awaited<ReturnType<typeof startLinkedInFake>>;
let ctx: CallContext;
let member: AccountCredentials;
let org: AccountCredentials;
const skip = { skipMetrics: new Set<string>() };
const ref = (urn: string, publishedAt = new Date()) => ({ platformPostId: urn, publishedAt });
const share = (n: number) => `urn:li:share:71000000000000${String(n).padStart(5, '0')}`;
const ORG = 'urn:li:organization:424242';

beforeAll(async () => {
  fake = await startLinkedInFake();
  addLinkedInAnalyticsRoutes(fake, {
    memberFollowers: 870,
    organizationFollowers: { [ORG]: 15000 },
    posts: [
      {
        urn: share(1),
        member: { IMPRESSION: 1200, MEMBERS_REACHED: 800, RESHARE: 4, REACTION: 55, COMMENT: 9 },
      },
      // LinkedIn has not computed reach for this one yet: no element, so absent.
      { urn: share(2), member: { IMPRESSION: 30, RESHARE: 0, REACTION: 2, COMMENT: 0 } },
      ...Array.from({ length: 25 }, (_, i) => ({
        urn: share(100 + i),
        organization: {
          impressionCount: 1000 + i,
          uniqueImpressionsCount: 700,
          clickCount: 12,
          likeCount: 30,
          commentCount: 3,
          shareCount: 2,
          engagement: 0.04,
        },
      })),
    ],
  });
  ctx = { settings: fakeSettings('linkedin', fake.url) };
  const { code } = await consent(
    linkedin.authorizationUrl?.(ctx, { state: 'st', redirectUri: ctx.settings.redirectUri }) ?? '',
  );
  const identity = await linkedin.exchangeCode?.(ctx, { code, redirectUri: ctx.settings.redirectUri });
  if (!identity) throw new Error('no identity');
  member = {
    accessToken: identity.tokens.accessToken,
    platformAccountId: identity.profile.platformAccountId,
    meta: identity.tokens.meta ?? {},
    secrets: {},
  };
  org = { ...member, meta: { ...member.meta, organizationUrn: ORG } };
});
afterAll(() => fake.close());

describe('LinkedIn analytics', () => {
  it('is set on the connector', () => {
    expect(connectorFor('linkedin').analytics).toBe(analytics);
  });

  it("reads a member's followers and an organization's", async () => {
    expect((await analytics.readAccount(ctx, member)).figures).toEqual({
      followers: { value: 870, platformMetric: 'memberFollowersCount', kind: 'unique' },
    });
    expect((await analytics.readAccount(ctx, org)).figures).toEqual({
      followers: { value: 15000, platformMetric: 'firstDegreeSize', kind: 'unique' },
    });
  });

  it('reads member post analytics per metric type; a metric LinkedIn does not give stays absent', async () => {
    const { posts, reads } = await analytics.readPosts(ctx, member, [ref(share(1)), ref(share(2))], skip);
    expect(posts[share(1)]).toEqual({
      views: { value: 1200, platformMetric: 'IMPRESSION', kind: 'total' },
      reach: { value: 800, platformMetric: 'MEMBERS_REACHED', kind: 'unique' },
      shares: { value: 4, platformMetric: 'RESHARE', kind: 'total' },
      likes: { value: 55, platformMetric: 'REACTION', kind: 'total' },
      comments: { value: 9, platformMetric: 'COMMENT', kind: 'total' },
    });
    expect(posts[share(2)]?.reach).toBeUndefined();
    expect(posts[share(2)]?.shares?.value).toBe(0);
    expect(posts[share(1)]?.saves).toBeUndefined();
    expect(reads).toBe(10);
    const call = fake.server.received('GET', '/rest/memberCreatorPostAnalytics')[0]!;
    expect(call.query.get('entity')).toBe(`(share:${share(1)})`);
    expect(fake.server.violations).toEqual([]);
  });

  it('leaves out a member post LinkedIn no longer has', async () => {
    const { posts } = await analytics.readPosts(ctx, member, [ref(share(999)), ref(share(1))], skip);
    expect(Object.keys(posts)).toEqual([share(1)]);
  });

  it('batches organization share statistics, skips posts past 12 months and unknown shares', async () => {
    const old = ref(share(100), new Date(Date.now() - 400 * 24 * 3600_000));
    const refs = [old, ...Array.from({ length: 24 }, (_, i) => ref(share(101 + i))), ref(share(998))];
    const { posts, reads } = await analytics.readPosts(ctx, org, refs, skip);
    const calls = fake.server.received('GET', '/rest/organizationalEntityShareStatistics');
    const asked = calls.map(
      (c) => /^List\((.*)\)$/.exec(c.query.get('shares') ?? '')?.[1]?.split(',').length,
    );
    expect(asked).toEqual([LINKEDIN_ORG_SHARES_BATCH, 5]);
    expect(reads).toBe(2);
    expect(Object.keys(posts)).toHaveLength(24);
    expect(posts[share(100)]).toBeUndefined();
    expect(posts[share(101)]).toEqual({
      views: { value: 1001, platformMetric: 'impressionCount', kind: 'total' },
      reach: { value: 700, platformMetric: 'uniqueImpressionsCount', kind: 'unique' },
      clicks: { value: 12, platformMetric: 'clickCount', kind: 'total' },
      likes: { value: 30, platformMetric: 'likeCount', kind: 'total' },
      comments: { value: 3, platformMetric: 'commentCount', kind: 'total' },
      shares: { value: 2, platformMetric: 'shareCount', kind: 'total' },
    });
  });

  it('maps 429 to retry, 401 to reauthorize, and a missing admin role to a refusal with the reason', async () => {
    fake.server.failNext(
      { method: 'GET', path: '/rest/memberFollowersCount' },
      {
        status: 429,
        headers: { 'retry-after': '30' },
        body: { status: 429, message: 'Resource level throttle' },
      },
    );
    const limited = await platformFailure(analytics.readAccount(ctx, member));
    expect(limited.kind).toBe('retry');
    expect(limited.details.retryAfterMs).toBe(30_000);
    expect((await platformFailure(analytics.readAccount(ctx, { ...member, accessToken: 'bad' }))).kind).toBe(
      'reauthorize',
    );
    const notAdmin = { ...org, meta: { ...org.meta, organizationUrn: 'urn:li:organization:1' } };
    const refused = await platformFailure(analytics.readPosts(ctx, notAdmin, [ref(share(101))], skip));
    expect(refused.kind).toBe('refuse');
    expect(refused.message).toBe('Not an administrator of this organization');
  });
});
