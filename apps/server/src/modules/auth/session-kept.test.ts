import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { createQueryLoggedApp, type QueryLog } from '../../../test/query-log';
import type { TestApp } from '../../../test/test-app';
import { watchClientWrites } from '../../db/pg-table-writes';
import { sessions, workspaceMembers } from '../../db/schema/index';
import { TableWriteWatch } from '../../db/table-writes';
import { SESSION_TABLES } from './session-lookup';

/**
 * The session's answer kept between requests on the embedded database (docs/decisions/0115): whatever writes a
 * session, a user, a workspace or a membership is seen by the very next request, on both databases.
 */

let t: TestApp & { queries: QueryLog };
beforeAll(async () => {
  t = await createQueryLoggedApp();
});
afterAll(() => t.close());

const SESSION_READ = /^select "sessions"\."expires_at"/;

describe('the session read between requests', () => {
  it('reads only the tables whose writes drop the kept answers', async () => {
    const ada = await signInAsNewUser(t, { name: 'Table Reader' });
    const statements = await t.queries.during(() => ada.get('/api/workspaces/current'));
    const read = statements.find((statement) => SESSION_READ.test(statement));
    expect(read).toBeDefined();
    const tables = new Set([...(read ?? '').matchAll(/\b(?:from|join)\s+"([a-z_]+)"/g)].map((m) => m[1]));
    expect(tables.size).toBeGreaterThan(0);
    for (const table of tables) expect(SESSION_TABLES).toContain(table);
  });

  it('signing out stops the session at once, though its answer was kept', async () => {
    const ada = await signInAsNewUser(t, { name: 'Signing Out' });
    expect((await ada.get('/api/workspaces/current')).statusCode).toBe(200);
    expect((await ada.get('/api/workspaces/current')).statusCode).toBe(200);
    expect((await ada.send('POST', '/api/auth/sign-out', {})).statusCode).toBe(200);
    expect((await ada.get('/api/workspaces/current')).statusCode).toBe(401);
  });

  it('a session deleted by any statement stops at once', async () => {
    const ada = await signInAsNewUser(t, { name: 'Revoked Elsewhere' });
    expect((await ada.get('/api/workspaces/current')).statusCode).toBe(200);
    expect((await ada.get('/api/workspaces/current')).statusCode).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.userId, ada.userId));
    expect((await ada.get('/api/workspaces/current')).statusCode).toBe(401);
  });

  it('a rename and a role changed inside a transaction are seen by the next request', async () => {
    const ada = await signInAsNewUser(t, { name: 'Renaming' });
    expect((await ada.get('/api/workspaces/current')).json().name).not.toBe('Harbour Lights');
    const renamed = await ada.send('PATCH', '/api/workspaces/current', { name: 'Harbour Lights' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await ada.get('/api/workspaces/current')).json().name).toBe('Harbour Lights');
    await t.db.transaction(async (tx) => {
      await tx
        .update(workspaceMembers)
        .set({ role: 'viewer' })
        .where(eq(workspaceMembers.userId, ada.userId));
    });
    // A viewer may not write a post: the role read at this request, not the kept owner's.
    const refused = await ada.send('POST', '/api/posts', {
      content: 'Hello',
      platforms: ['mastodon'],
      action: 'draft',
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('TableWriteWatch', () => {
  it('tells the statements that write a watched table from those that do not', () => {
    const watch = new TableWriteWatch();
    watch.watch(['sessions', 'workspace_members']);
    for (const text of [
      'insert into "sessions" ("id", "token") values ($1, $2)',
      'update "sessions" set "expires_at" = $1 where "sessions"."id" = $2',
      'delete from "sessions" where "sessions"."user_id" = $1',
      'DELETE FROM public.workspace_members WHERE id = $1',
      'with gone as (delete from workspace_members where user_id = $1 returning 1) select count(*) from gone',
      'truncate table "sessions"',
    ]) {
      expect(watch.writesWatched(text), text).toBe(true);
    }
    for (const text of [
      'select "sessions"."expires_at" from "sessions" where "token" = $1',
      'update "posts" set "content" = $1',
      'insert into "post_targets" ("id") values ($1) on conflict do update set "id" = excluded."id"',
      'select id from sessions_archive for update skip locked',
    ]) {
      expect(watch.writesWatched(text), text).toBe(false);
    }
  });
});

describe('TableWriteWatch relied on only while it hears (PostgreSQL)', () => {
  it('is relied on from a beat heard until its window ends, and not after a lost connection', () => {
    let started = 0;
    const watch = new TableWriteWatch({ reliable: false, onFirstWatch: () => started++ });
    expect(watch.current(1_000)).toBeUndefined();
    watch.watch(['sessions']);
    watch.watch(['users']);
    expect(started).toBe(1);
    watch.reliableUntil(2_500);
    expect(watch.current(2_500)).toBe(watch.generation);
    expect(watch.current(2_501)).toBeUndefined();
    watch.reliableUntil(5_000);
    const before = watch.generation;
    watch.lost();
    expect(watch.generation).toBe(before + 1);
    expect(watch.current(3_000)).toBeUndefined();
  });

  it('tells the writes of a pooled connection: at once, or when their transaction ends', async () => {
    const watch = new TableWriteWatch();
    watch.watch(['sessions']);
    const sent: string[] = [];
    const client = {
      query: (config: unknown) => {
        sent.push(typeof config === 'string' ? config : String((config as { text: string }).text));
        return Promise.resolve({ rows: [] });
      },
    };
    watchClientWrites(client as never, watch);
    const run = (text: string) => (client.query as (text: string) => Promise<unknown>)(text);
    const start = watch.generation;
    await run('select 1');
    expect(watch.generation).toBe(start);
    await run('delete from "sessions" where "token" = $1');
    expect(watch.generation).toBe(start + 2);
    await run('begin');
    await run('update "sessions" set "expires_at" = $1');
    await run('savepoint a');
    await run('rollback to savepoint a');
    expect(watch.generation).toBe(start + 2);
    await run('commit');
    expect(watch.generation).toBe(start + 3);
    await run('BEGIN');
    await run('update "posts" set "content" = $1');
    await run('COMMIT');
    expect(watch.generation).toBe(start + 3);
    // A script that begins and commits in one text is one call: its writes are told when it returns, and the
    // connection is not left inside a transaction (the next write is told at once).
    await run('\n  begin;\n  update "sessions" set "expires_at" = now();\n  commit;\n');
    expect(watch.generation).toBe(start + 5);
    await run('delete from "sessions" where "token" = $1');
    expect(watch.generation).toBe(start + 7);
    expect(sent).toHaveLength(12);
  });
});
