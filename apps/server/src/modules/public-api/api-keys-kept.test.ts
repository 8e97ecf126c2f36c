import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { readsWhileKept } from '../../../test/kept-reads';
import { createQueryLoggedApp, type QueryLog } from '../../../test/query-log';
import type { TestApp } from '../../../test/test-app';
import { apiKeys, workspaceMembers } from '../../db/schema/index';
import { tableWrites } from '../../db/table-writes';
import { API_KEY_TABLES } from './api-keys.service';

/**
 * An API key's answer kept between requests (docs/decisions/0125): whatever revokes a key, removes its owner from
 * the workspace or turns API access off is seen by the very next request, on both databases.
 */

let t: TestApp & { queries: QueryLog };
beforeAll(async () => {
  t = await createQueryLoggedApp();
});
afterAll(() => t.close());

const KEY_READ = /^select "api_keys"\."id"/;

async function newKey(member: SignedInUser) {
  const created = await member.send('POST', '/api/api-keys', { name: 'Zapier', scopes: ['read', 'write'] });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { key: { id: string }; secret: string };
}

function withKey(secret: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/v1/posts',
    headers: { authorization: `Bearer ${secret}` },
  });
}

/** A key used twice, so that its answer is kept (the first use writes its last use, which drops it once). */
async function usedKey(name: string) {
  const ada = await signInAsNewUser(t, { name });
  const { key, secret } = await newKey(ada);
  for (let i = 0; i < 2; i += 1) expect((await withKey(secret)).statusCode).toBe(200);
  return { ada, key, secret };
}

/** The key statements a request sends while its answer is kept (test/kept-reads.ts). */
function keyReadsOf(secret: string) {
  return readsWhileKept(tableWrites(t.db, API_KEY_TABLES), async () =>
    (await t.queries.during(() => withKey(secret))).filter((text) => KEY_READ.test(text)),
  );
}

describe('the API key read between requests', () => {
  it('reads only the tables whose writes drop the kept answers, and once while nothing changes', async () => {
    const { secret } = await usedKey('Key Reader');
    expect(await keyReadsOf(secret)).toEqual([]);
    // A write to a table the key statement reads drops the kept answer: the next request reads it again.
    await t.db.update(apiKeys).set({ name: 'Renamed' }).where(eq(apiKeys.keyHash, 'none'));
    const again = (await t.queries.during(() => withKey(secret))).filter((text) => KEY_READ.test(text));
    expect(again).toHaveLength(1);
    const tables = new Set([...(again[0] ?? '').matchAll(/\b(?:from|join)\s+"([a-z_]+)"/g)].map((m) => m[1]));
    expect([...tables].sort()).toEqual([...API_KEY_TABLES].sort());
  });

  it('a revoked key stops at once, though its answer was kept', async () => {
    const { ada, key, secret } = await usedKey('Revoking');
    expect((await ada.send('DELETE', `/api/api-keys/${key.id}`)).statusCode).toBe(204);
    const refused = await withKey(secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('API_KEY_INVALID');
  });

  it('turning API access off stops the key at once; on again, it works', async () => {
    const { ada, secret } = await usedKey('Access Off');
    const settings = (await ada.get('/api/settings')).json();
    const off = { ...settings, security: { ...settings.security, apiKeyEnabled: false } };
    expect((await ada.send('PUT', '/api/settings', off)).statusCode).toBe(200);
    expect((await withKey(secret)).json().code).toBe('API_KEY_ACCESS_OFF');
    expect((await ada.send('PUT', '/api/settings', settings)).statusCode).toBe(200);
    expect((await withKey(secret)).statusCode).toBe(200);
  });

  it('an owner removed from the workspace by any statement, in a transaction too, loses the key at once', async () => {
    const { ada, secret } = await usedKey('Removed Member');
    await t.db.transaction(async (tx) => {
      await tx.delete(workspaceMembers).where(eq(workspaceMembers.userId, ada.userId));
    });
    expect((await withKey(secret)).statusCode).toBe(401);
  });

  it('still writes the last use of a key whose answer is kept, a minute on', async () => {
    const { key, secret } = await usedKey('Last Use');
    const [before] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      expect((await withKey(secret)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    const [after] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(after?.lastUsedAt?.getTime()).toBeGreaterThan((before?.lastUsedAt?.getTime() ?? 0) + 60_000);
  });
});
