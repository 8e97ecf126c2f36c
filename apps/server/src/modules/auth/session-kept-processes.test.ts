import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { heardUpToNow } from '../../../test/kept-reads';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../../test/test-app';
import { type Database, openDatabase } from '../../db/client';
import { tableWrites } from '../../db/table-writes';
import { providerSettingsFor } from '../ai/ai-settings';
import { SESSION_TABLES } from './session-lookup';

/*
 * The session's (and an API key's) answer kept between requests on PostgreSQL, where other processes write the same tables
 * (docs/decisions/0118): two servers with a pool each, as two nodes run, and a third connection standing in for
 * any other process (psql, the operator's commands). PostgreSQL only: on PGlite one process holds the database.
 */

const SESSION_READ = /^select "sessions"\."expires_at"/;

let testDb: TestDatabase;
let secondDatabase: Database;
let first: TestApp;
let second: TestApp;
const secondStatements: string[] = [];
let other: pg.Client;

beforeAll(async () => {
  testDb = await createTestDatabase();
  secondDatabase = await openDatabase(
    { driver: 'postgres', url: testDb.url ?? '' },
    { onQuery: (statement) => secondStatements.push(statement) },
  );
  first = await createTestApp({ database: testDb.database });
  second = await createTestApp({ database: secondDatabase });
  other = new pg.Client({ connectionString: testDb.url });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  await first.close();
  await second.close();
  await secondDatabase.close();
  await testDb.cleanup();
});

/** The second server's watch of the session's tables. */
function watchOfSecond() {
  const watch = tableWrites(second.db, SESSION_TABLES);
  if (!watch) throw new Error('no watch of the session tables on PostgreSQL');
  return watch;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A user signed in on the first server, with a request to the second server in their name. */
async function userOnBoth(name: string) {
  const user = await signInAsNewUser(first, { name });
  const onSecond = () =>
    second.app.inject({ method: 'GET', url: '/api/workspaces/current', headers: { cookie: user.cookie } });
  // The second server has read the session once and has heard the notices of the sign-in's writes.
  expect((await onSecond()).statusCode).toBe(200);
  await heardUpToNow(watchOfSecond());
  await until(() => watchOfSecond().current() !== undefined, 'the second server hears the notices');
  expect((await onSecond()).statusCode).toBe(200);
  return { user, onSecond };
}

describe('the session read kept on PostgreSQL', () => {
  it('sends no statement for a session whose answer is kept', async () => {
    const { onSecond } = await userOnBoth('Kept Between Requests');
    const before = secondStatements.length;
    expect((await onSecond()).statusCode).toBe(200);
    expect(secondStatements.slice(before).filter((statement) => SESSION_READ.test(statement))).toEqual([]);
  });

  it('a sign-out on one server stops the session on the other as soon as the notice arrives', async () => {
    const { user, onSecond } = await userOnBoth('Signed Out On The First');
    const heard = watchOfSecond().generation;
    const signedOut = await user.send('POST', '/api/auth/sign-out', {});
    expect(signedOut.statusCode).toBe(200);
    await until(() => watchOfSecond().generation !== heard, 'the notice of the sign-out', 2_000);
    expect((await onSecond()).statusCode).toBe(401);
  });

  it('a session deleted by another process, or a role changed there, is read again', async () => {
    const { user, onSecond } = await userOnBoth('Revoked By Psql');
    let heard = watchOfSecond().generation;
    await other.query('update workspace_members set role = $1 where user_id = $2', ['viewer', user.userId]);
    await until(() => watchOfSecond().generation !== heard, 'the notice of the role', 2_000);
    const current = await onSecond();
    expect(current.statusCode).toBe(200);
    expect(current.json().role).toBe('viewer');
    heard = watchOfSecond().generation;
    await other.query('delete from sessions where user_id = $1', [user.userId]);
    await until(() => watchOfSecond().generation !== heard, 'the notice of the deletion', 2_000);
    expect((await onSecond()).statusCode).toBe(401);
  });

  it('uses nothing kept while its connection for the notices is down, and hears again once it is back', async () => {
    const { user, onSecond } = await userOnBoth('Listener Lost');
    const { rows } = await other.query<{ pid: number }>(
      `select pid from pg_stat_activity where application_name = 'relaycast-table-changes' and datname = current_database()`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(1);
    await other.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [
      rows.map((row) => row.pid),
    ]);
    await until(() => watchOfSecond().current() === undefined, 'the lost connection noticed');
    // Deleted while nobody hears: the second server must not answer from what it kept.
    await other.query('delete from sessions where user_id = $1', [user.userId]);
    expect((await onSecond()).statusCode).toBe(401);
    // The connection comes back by itself and the answers are kept again.
    const again = await userOnBoth('Listener Back');
    const before = secondStatements.length;
    expect((await again.onSecond()).statusCode).toBe(200);
    expect(secondStatements.slice(before).filter((statement) => SESSION_READ.test(statement))).toEqual([]);
    expect(user.userId).not.toBe(again.user.userId);
  });

  it('an API key revoked by another process stops on this one as soon as the notice arrives', async () => {
    const { user } = await userOnBoth('Key Revoked By Psql');
    const created = await user.send('POST', '/api/api-keys', { name: 'Zapier', scopes: ['read'] });
    expect(created.statusCode).toBe(201);
    const { secret } = created.json() as { secret: string };
    const withKey = () =>
      second.app.inject({
        method: 'GET',
        url: '/api/v1/posts',
        headers: { authorization: `Bearer ${secret}` },
      });
    // Kept by the second server (the first use writes its last use, which drops the answer once).
    for (let i = 0; i < 3; i += 1) expect((await withKey()).statusCode).toBe(200);
    const heard = watchOfSecond().generation;
    await other.query('update api_keys set revoked_at = now() where user_id = $1', [user.userId]);
    await until(() => watchOfSecond().generation !== heard, 'the notice of the revocation', 2_000);
    expect((await withKey()).statusCode).toBe(401);
  });

  it("a workspace's AI provider changed by another process is used by this one as soon as the notice arrives", async () => {
    const { user } = await userOnBoth('Provider Changed By Psql');
    const saved = await user.send('PUT', '/api/ai/settings', {
      provider: 'openai',
      baseUrl: '',
      model: 'model-one',
      apiKey: 'sk-workspace-key',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const onSecond = () => providerSettingsFor(second.db, second.config, user.workspaceId);
    await heardUpToNow(watchOfSecond());
    expect((await onSecond())?.model).toBe('model-one');
    expect((await onSecond())?.model).toBe('model-one');
    const heard = watchOfSecond().generation;
    await other.query('update workspace_ai_settings set model = $1 where workspace_id = $2', [
      'model-two',
      user.workspaceId,
    ]);
    await until(() => watchOfSecond().generation !== heard, 'the notice of the new model', 2_000);
    expect((await onSecond())?.model).toBe('model-two');
  });
});
