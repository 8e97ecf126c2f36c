import { randomUUID } from 'node:crypto';
import { type Placeholder, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { posts } from '../../db/schema/index';
import { calendarRangeQuery } from './posts.queries';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface PlanNode {
  'Relation Name'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** How many times the plan scanned each table (the sum of its nodes' loops). */
function scansByTable(node: PlanNode, counts: Record<string, number> = {}): Record<string, number> {
  const table = node['Relation Name'];
  if (table) counts[table] = (counts[table] ?? 0) + (node['Actual Loops'] ?? 0);
  for (const child of node.Plans ?? []) scansByTable(child, counts);
  return counts;
}

const literal = (value: unknown) => `'${String(value).replaceAll("'", "''")}'`;

describe("the calendar range's cached plan", () => {
  it('reads users for the page’s authors, not once per post, even in the generic plan', async () => {
    const ada = await signInAsNewUser(t, { name: 'Grace Hopper' });
    const from = new Date('2026-03-01T00:00:00.000Z');
    await t.db.insert(posts).values(
      Array.from({ length: 30 }, (_, i) => ({
        id: randomUUID(),
        workspaceId: ada.workspaceId,
        authorId: ada.userId,
        updatedBy: i % 2 === 0 ? ada.userId : null,
        content: `Post ${i}`,
        platforms: ['mastodon'],
        status: 'scheduled' as const,
        scheduledAt: new Date(from.getTime() + (i + 1) * 3_600_000),
      })),
    );
    const values: Record<string, unknown> = {
      workspaceId: ada.workspaceId,
      from: from.toISOString(),
      to: new Date(from.getTime() + 21 * 86_400_000).toISOString(),
      limit: 200,
    };
    const plan = await t.db.transaction(async (tx) => {
      const query = calendarRangeQuery(tx).toSQL();
      const args = query.params.map((param) => literal(values[(param as Placeholder).name]));
      // The plan a prepared statement falls back to after its first executions: it cannot see the values.
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare calendar_plan_check as ${query.sql}`));
      try {
        const result = await tx.execute(
          sql.raw(`explain (analyze, format json) execute calendar_plan_check(${args.join(', ')})`),
        );
        const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
        const json = Object.values(row ?? {})[0];
        return (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
      } finally {
        await tx.execute(sql`deallocate calendar_plan_check`);
      }
    });
    const scans = scansByTable(plan[0]?.Plan as PlanNode);
    expect(scans.posts, JSON.stringify(scans)).toBe(1);
    // One author on the page: at most a scan per distinct author, never one per post (it was 60 here).
    expect(scans.users ?? 0, JSON.stringify(scans)).toBeLessThanOrEqual(2);

    const listed = (
      await ada.get(
        `/api/posts?from=${encodeURIComponent(values.from as string)}&to=${encodeURIComponent(values.to as string)}`,
      )
    ).json().posts;
    expect(listed).toHaveLength(30);
    expect(listed[0]).toMatchObject({ createdByName: 'Grace Hopper', updatedByName: 'Grace Hopper' });
    expect(listed[1]).toMatchObject({ createdByName: 'Grace Hopper', updatedByName: null });
  });
});
