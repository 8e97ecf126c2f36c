import { randomUUID } from 'node:crypto';
import { type Placeholder, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { genericPlan, type PlanNode, planLiteral, planNodes } from '../../../test/generic-plan';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { posts } from '../../db/schema/index';
import { calendarRangeQuery } from './posts.queries';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** How many times the plan scanned each table (the sum of its nodes' loops). */
function scansByTable(plan: PlanNode): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const node of planNodes(plan)) {
    const table = node['Relation Name'];
    if (table) counts[table] = (counts[table] ?? 0) + (node['Actual Loops'] ?? 0);
  }
  return counts;
}

/** How many times the plan read each table by a sequential scan. */
function sequentialScans(plan: PlanNode): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const node of planNodes(plan)) {
    const table = node['Relation Name'];
    if (table && node['Node Type'] === 'Seq Scan')
      counts[table] = (counts[table] ?? 0) + (node['Actual Loops'] ?? 0);
  }
  return counts;
}

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
    // With statistics, as autovacuum gives PostgreSQL: the empty tables (labels, thread media) are then cheapest
    // to read by a sequential scan.
    await t.db.execute(sql`analyze`);
    const query = calendarRangeQuery(t.db).toSQL();
    const args = query.params.map((param) => planLiteral(values[(param as Placeholder).name]));
    const plan = await genericPlan(t.db, query.sql, args, { analyze: true });
    const scans = scansByTable(plan);
    expect(scans.posts, JSON.stringify(scans)).toBe(1);
    // One author on the page: at most a scan per distinct author, never one per post (it was 60 here).
    expect(scans.users ?? 0, JSON.stringify(scans)).toBeLessThanOrEqual(2);
    // No table read by a sequential scan once per post (on PGlite each scan asks the file system for the table's
    // size): small tables, here after ANALYZE found them empty, are read once for the page.
    const perPost = Object.entries(sequentialScans(plan)).filter(([, loops]) => loops > 1);
    expect(perPost, JSON.stringify(sequentialScans(plan))).toEqual([]);

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
