import { randomUUID } from 'node:crypto';
import type { Placeholder } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { genericPlan, planLiteral, planNodes } from '../../../test/generic-plan';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { posts, postTargets } from '../../db/schema/index';
import { attentionTargetsQuery, recentTargetsQuery } from './dashboard.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the dashboard's target lists, as the database caches their plans", () => {
  // A new install's tables grow from nothing before statistics are gathered: the plain join scanned every live
  // post for each target, and the plan stayed cached while the tables grew (docs/decisions/0124).
  it('read each target’s post by its key, whatever the statistics say', async () => {
    const ada = await signInAsNewUser(t);
    const now = new Date();
    const postIds = Array.from({ length: 30 }, () => randomUUID());
    await t.db.insert(posts).values(
      postIds.map((id, i) => ({
        id,
        workspaceId: ada.workspaceId,
        authorId: ada.userId,
        content: `Post ${i}`,
        platforms: ['mastodon', 'bluesky'],
        status: 'scheduled' as const,
        scheduledAt: new Date(now.getTime() + (i + 1) * 3_600_000),
      })),
    );
    await t.db.insert(postTargets).values(
      postIds.flatMap((postId, i) =>
        (['mastodon', 'bluesky'] as const).map((platform) => ({
          id: randomUUID(),
          workspaceId: ada.workspaceId,
          postId,
          platform,
          status: i % 2 === 0 ? ('needs_account' as const) : ('published' as const),
          publishedAt: i % 2 === 0 ? null : now,
        })),
      ),
    );
    for (const query of [attentionTargetsQuery, recentTargetsQuery]) {
      const built = query(t.db).toSQL();
      const args = built.params.map((param) => {
        const name = (param as Placeholder).name;
        return planLiteral(name === 'workspaceId' ? ada.workspaceId : param);
      });
      const plan = await genericPlan(t.db, built.sql, args, { analyze: true });
      const reads = planNodes(plan).filter((node) => node['Relation Name'] === 'posts');
      expect(reads.length, JSON.stringify(plan)).toBeGreaterThan(0);
      for (const read of reads) expect(read['Index Name'], JSON.stringify(read)).toBe('posts_pkey');
    }
    // And the lists still answer: 30 targets need an account, 30 were published.
    const dashboard = (await ada.get('/api/dashboard')).json();
    expect(dashboard.attentionTotal).toBe(30);
    expect(dashboard.recent.length).toBeGreaterThan(0);
  });
});
