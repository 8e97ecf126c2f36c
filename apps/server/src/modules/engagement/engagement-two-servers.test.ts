import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTwoTestApps, TEST_ORIGIN, type TestApp } from '../../../test/test-app';
import { engagementActions } from '../../db/schema/index';
import { insertAccount, insertItem, installScriptedConnector } from './engagement.test-support';

/**
 * Two server instances on one database, as two processes behind a load balancer would be: on PostgreSQL each has
 * its own connection pool (so the limit must hold across connections); on PGlite they share the embedded one.
 */
let first: TestApp;
let second: TestApp;
let scripted: ReturnType<typeof installScriptedConnector>;
let servers: Awaited<ReturnType<typeof createTwoTestApps>>;

beforeAll(async () => {
  scripted = installScriptedConnector('twitter');
  servers = await createTwoTestApps();
  ({ first, second } = servers);
});
afterAll(async () => {
  scripted.restore();
  await servers.close();
});

it('lets exactly 60 of 100 concurrent likes through when they are spread over two servers', async () => {
  const member: SignedInUser = await signInAsNewUser(first, { name: 'Two servers' });
  const account = {
    id: await insertAccount(first, member.workspaceId, 'twitter'),
    workspaceId: member.workspaceId,
    platform: 'twitter',
  };
  const item = await insertItem(first, account);
  const body = JSON.stringify({ userId: member.userId, action: 'like', platform: 'twitter', itemId: item });
  const results = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      (i % 2 === 0 ? first : second).app.inject({
        method: 'POST',
        url: '/api/engagement/actions',
        headers: { cookie: member.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: body,
      }),
    ),
  );
  const accepted = results.filter((res) => res.statusCode === 201);
  expect(accepted).toHaveLength(60);
  expect(results.filter((res) => res.statusCode === 429)).toHaveLength(40);
  // Both servers took part in accepting.
  expect(results.filter((res, i) => res.statusCode === 201 && i % 2 === 1).length).toBeGreaterThan(0);
  const [row] = await first.db
    .select({ total: count() })
    .from(engagementActions)
    .where(eq(engagementActions.userId, member.userId));
  expect(row?.total).toBe(60);
});
