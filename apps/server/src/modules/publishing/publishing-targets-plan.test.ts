import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { genericPlan, planLiteral, planNodes } from '../../../test/generic-plan';
import { createQueryLoggedApp, type QueryLog } from '../../../test/query-log';
import type { TestApp } from '../../../test/test-app';
import { posts, postTargets } from '../../db/schema/index';

let t: TestApp & { queries: QueryLog };
beforeAll(async () => {
  t = await createQueryLoggedApp();
});
afterAll(() => t.close());

const schedule = (content: string, scheduledAt: string) => ({
  content,
  platforms: ['mastodon', 'bluesky'],
  action: 'schedule',
  scheduledAt,
  timezone: 'UTC',
});

describe("a save's update of the post's pending targets", () => {
  // The rows to update come from a JSON value PostgreSQL cannot count (it guesses 100): matched by id alone,
  // the cached plan hash-joined a scan of every workspace's targets at every save (docs/decisions/0124).
  it('reads the post’s targets through an index, not every target, in the plan the database caches', async () => {
    const ada = await signInAsNewUser(t);
    // Other posts' targets, enough that reading all of them costs more than reading one post's.
    const others = Array.from({ length: 300 }, () => randomUUID());
    await t.db.insert(posts).values(
      others.map((id) => ({
        id,
        workspaceId: ada.workspaceId,
        authorId: ada.userId,
        content: 'Another post',
        platforms: ['mastodon'],
        status: 'draft' as const,
      })),
    );
    await t.db.insert(postTargets).values(
      others.flatMap((postId) =>
        Array.from({ length: 5 }, (_, i) => ({
          id: randomUUID(),
          workspaceId: ada.workspaceId,
          postId,
          platform: `mastodon-${i}`,
          status: 'draft' as const,
        })),
      ),
    );
    const created = await ada.send('POST', '/api/posts', schedule('Hello', '2027-03-01T10:00:00.000Z'));
    expect(created.statusCode).toBe(201);
    const postId = created.json().id as string;
    let status = 0;
    const statements = await t.queries.during(async () => {
      status = (await ada.send('PUT', `/api/posts/${postId}`, schedule('Hi', '2027-03-01T11:00:00.000Z')))
        .statusCode;
    });
    expect(status).toBe(200);
    const update = statements.find((text) => /^update post_targets set status = wanted\.status/.test(text));
    expect(update, statements.join('\n')).toBeDefined();

    // The instant, the rows and, once it is narrowed to the post, the post's id.
    const given = ['2027-01-01T00:00:00Z', '[]', postId];
    const count = Math.max(...[...(update ?? '').matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
    const plan = await genericPlan(t.db, update ?? '', given.slice(0, count).map(planLiteral), {
      analyze: false,
    });
    const scans = planNodes(plan).filter((node) => node['Relation Name'] === 'post_targets');
    expect(scans.length, JSON.stringify(plan)).toBeGreaterThan(0);
    for (const scan of scans) expect(scan['Node Type'], JSON.stringify(plan)).not.toBe('Seq Scan');
  });
});
