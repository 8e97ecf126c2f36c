import { randomUUID } from 'node:crypto';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Db } from '../../db/client';
import { posts, postTargets } from '../../db/schema/index';
import { attentionTargetsQuery, recentTargetsQuery } from './dashboard.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface PlanNode {
  'Relation Name'?: string;
  'Index Name'?: string;
  'Node Type'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** Every node of the plan that reads `table`. */
function readsOf(node: PlanNode, table: string, found: PlanNode[] = []): PlanNode[] {
  if (node['Relation Name'] === table) found.push(node);
  for (const child of node.Plans ?? []) readsOf(child, table, found);
  return found;
}

const literal = (value: unknown) =>
  typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;

/** The plan a prepared statement falls back to after its first executions (it cannot see the values). */
async function genericPlan(
  query: (db: Db) => { toSQL(): { sql: string; params: unknown[] } },
  values: object,
) {
  return t.db.transaction(async (tx) => {
    const built = query(tx).toSQL();
    const args = built.params.map((param) => {
      const name = (param as Placeholder).name;
      return literal(name === undefined ? param : (values as Record<string, unknown>)[name]);
    });
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare dashboard_plan_check as ${built.sql}`));
    try {
      const result = await tx.execute(
        sql.raw(`explain (analyze, format json) execute dashboard_plan_check(${args.join(', ')})`) as SQL,
      );
      const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      const json = Object.values(row ?? {})[0];
      return ((typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[])[0]
        ?.Plan as PlanNode;
    } finally {
      await tx.execute(sql`deallocate dashboard_plan_check`);
    }
  });
}

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
      const plan = await genericPlan(query, { workspaceId: ada.workspaceId });
      const reads = readsOf(plan, 'posts');
      expect(reads.length, JSON.stringify(plan)).toBeGreaterThan(0);
      for (const read of reads) expect(read['Index Name'], JSON.stringify(read)).toBe('posts_pkey');
    }
    // And the lists still answer: 30 targets need an account, 30 were published.
    const dashboard = (await ada.get('/api/dashboard')).json();
    expect(dashboard.attentionTotal).toBe(30);
    expect(dashboard.recent.length).toBeGreaterThan(0);
  });
});
