import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { analyticsCollectState, postMetrics } from '../../../db/schema/index';
import { connectorFor, registerConnector } from '../../../platforms/registry';
import { type AnalyticsOperations, PlatformError } from '../../../platforms/types';
import { insertAccount } from '../../engagement/engagement.test-support';
import { insertPublished } from './collect.test-support';
import { sweepAnalytics } from './collect-sweep';

/**
 * The collector with a scripted connector on a platform it has no special knowledge of: only the `analytics`
 * interface and `capabilities` are used (per-platform concurrency, back-off on plain failures).
 */

let t: TestApp;
let ada: SignedInUser;
let restore: () => void;
let inFlight = 0;
let maxInFlight = 0;
let failing = new Set<string>();
const accounts: string[] = [];

const scripted: AnalyticsOperations = {
  async readAccount(_ctx, credentials) {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 30));
    inFlight -= 1;
    if (failing.has(credentials.platformAccountId)) throw new PlatformError('retry', 'Server error 503');
    return {
      figures: { followers: { value: 42, platformMetric: 'followersCount', kind: 'unique' } },
      reads: 1,
    };
  },
  async readPosts(_ctx, _credentials, posts) {
    return {
      posts: Object.fromEntries(
        posts.map((post) => [
          post.platformPostId,
          { likes: { value: 3, platformMetric: 'likeCount', kind: 'total' } },
        ]),
      ),
      refused: [],
      reads: posts.length,
    };
  },
};

beforeAll(async () => {
  const bluesky = connectorFor('bluesky');
  restore = registerConnector({
    ...bluesky,
    capabilities: { ...bluesky.capabilities, maxConcurrency: 2 },
    analytics: scripted,
  });
  t = await createTestApp();
  ada = await signInAsNewUser(t, { name: 'Ada' });
  for (let i = 0; i < 5; i += 1) {
    const id = await insertAccount(t, ada.workspaceId, 'bluesky', { platformAccountId: `did:plc:${i}` });
    accounts.push(id);
    await insertPublished(
      t,
      { id, workspaceId: ada.workspaceId, platform: 'bluesky' },
      `at://post/${i}`,
      3600_000,
    );
  }
});
afterAll(async () => {
  restore();
  await t.close();
});

describe('the collector with any connector', () => {
  it('keeps at most capabilities.maxConcurrency accounts of one platform in flight, and collects them all', async () => {
    const sweep = await sweepAnalytics(t.db, t.config);
    expect(sweep).toMatchObject({ accounts: 5, posts: 5, problems: [] });
    expect(maxInFlight).toBe(2);
    const rows = await t.db.select().from(postMetrics).where(eq(postMetrics.workspaceId, ada.workspaceId));
    expect(rows.map((row) => [row.likes, row.views])).toEqual(Array(5).fill([3, null]));
  });

  it('backs off exponentially on failures without a platform wait', async () => {
    failing = new Set(['did:plc:0']);
    const intervalMs = t.config.analyticsCollectIntervalSeconds * 1000;
    let now = new Date(Date.now() + intervalMs + 1000);
    for (const failures of [1, 2, 3]) {
      const sweep = await sweepAnalytics(t.db, t.config, undefined, { now });
      expect(sweep.problems).toEqual([{ accountId: accounts[0], message: 'Server error 503' }]);
      const [state] = await t.db
        .select()
        .from(analyticsCollectState)
        .where(eq(analyticsCollectState.accountId, accounts[0]!));
      expect(state?.failures).toBe(failures);
      expect(state?.nextCollectAt.getTime()).toBe(now.getTime() + intervalMs * 2 ** (failures - 1));
      now = new Date(state!.nextCollectAt.getTime() + 1);
    }
  });
});
